import { integerOption, parseCommandArgs, UsageError } from '../../src/cli/command';

export { UsageError };

export interface FlowOptions {
  flows: number;
  concurrency: number;
  json: boolean;
}

type OptionSpec = Record<string, { type: 'string' | 'boolean' }>;

/** What every script that drives flows takes. */
const FLOW_SPEC = {
  flows: { type: 'string' },
  concurrency: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

/** The raw values parseArgs read: a string for a string option, true for a boolean one, undefined when absent. */
export type OptionValues = Record<string, string | boolean | undefined>;

const MAX_FLOWS = 100_000;

/**
 * Reads `argv` the way the CLI does (node:util parseArgs, strict: an unknown option, a missing
 * value or a positional argument is a usage error), with the flow options and the script's own
 * `spec`; `read` turns the raw values into the script's options and may throw UsageError. On
 * --help or a bad option it prints `usage` to stderr and returns the exit code instead (0 or 2).
 */
export function parseScriptOptions<T>(
  argv: string[],
  spec: OptionSpec,
  usage: string,
  read: (values: OptionValues) => T,
): T | number {
  try {
    const values = parseCommandArgs(argv, { ...FLOW_SPEC, ...spec }) as OptionValues;
    if (values.help) throw new UsageError('');
    return read(values);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${usage}\n`);
    return error.message ? 2 : 0;
  }
}

/** --flows, --concurrency and --json, with the script's defaults. */
export function flowOptions(values: OptionValues, defaults: { flows: number; concurrency: number }): FlowOptions {
  return {
    flows: wholeNumber(values, 'flows', defaults.flows),
    concurrency: wholeNumber(values, 'concurrency', defaults.concurrency),
    json: values.json === true,
  };
}

/** A whole number from 1 to `max` given as --`name`, or `fallback`. */
export function wholeNumber(values: OptionValues, name: string, fallback: number, max = MAX_FLOWS): number {
  return integerOption(name, values[name] as string | undefined, fallback, 1, max);
}

/** One of `choices` given as --`name`, or `fallback`. */
export function choiceOption<C extends string>(
  values: OptionValues,
  name: string,
  choices: readonly C[],
  fallback: C,
): C {
  const value = values[name];
  if (value === undefined) return fallback;
  if (!choices.includes(value as C)) throw new UsageError(`--${name} must be one of ${choices.join(', ')}`);
  return value as C;
}
