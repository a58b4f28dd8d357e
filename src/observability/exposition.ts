import { within } from '../infra/within';

/** One part of a /metrics answer: text in Prometheus's exposition format, from wherever it comes. */
export interface MetricsSource {
  /** The `source` label of cbp_metrics_source_up: lower-case words joined by underscores. */
  name: string;
  read: () => Promise<string>;
}

export interface Gathered {
  text: string;
  failures: Array<{ source: string; error: unknown }>;
}

const SOURCE_NAME = /^[a-z][a-z_]*$/;

/**
 * Reads every source at once and joins their texts. A source that fails or is slow is left
 * out rather than failing the scrape: the rest is still worth having, and
 * `cbp_metrics_source_up{source}` (1 or 0, always present) says what is missing, so an alert
 * can tell "no unconfirmed payouts" from "could not ask".
 */
export async function gatherExposition(sources: readonly MetricsSource[], timeoutMs = 5_000): Promise<Gathered> {
  for (const { name } of sources) {
    if (!SOURCE_NAME.test(name))
      throw new RangeError(`metrics source name ${JSON.stringify(name)} is not a label value we write unescaped`);
  }
  type Result = { name: string; text: string } | { name: string; error: unknown };
  const results = await Promise.all(
    sources.map(async ({ name, read }): Promise<Result> => {
      try {
        return { name, text: await within(read(), timeoutMs, `metrics source ${name}`) };
      } catch (error) {
        return { name, error };
      }
    }),
  );
  const parts = results.flatMap((result) =>
    'text' in result && result.text !== '' ? [result.text.endsWith('\n') ? result.text : `${result.text}\n`] : [],
  );
  const up = [
    '# HELP cbp_metrics_source_up Whether this scrape could read the source (1) or left it out (0).',
    '# TYPE cbp_metrics_source_up gauge',
    ...results.map((result) => `cbp_metrics_source_up{source="${result.name}"} ${'text' in result ? 1 : 0}`),
  ];
  return {
    text: parts.join('') + up.join('\n') + '\n',
    failures: results.flatMap((result) => ('error' in result ? [{ source: result.name, error: result.error }] : [])),
  };
}
