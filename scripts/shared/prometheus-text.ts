export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+\d+)?$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** The samples of a Prometheus text exposition (comments skipped); throws on a line that is not one. */
export function parseExposition(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = LINE.exec(line);
      if (!match) throw new Error(`not an exposition line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(LABEL)].map(([, key, value]) => [key!, value!.replace(/\\(.)/g, '$1')]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The samples named `name` whose labels include `labels`. */
export function samplesOf(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

/** The sum of those samples' values (0 when there are none). */
export const valueOf = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samplesOf(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);
