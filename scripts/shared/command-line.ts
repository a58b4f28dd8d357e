export interface FlowOptions {
  flows: number;
  concurrency: number;
  json: boolean;
}

export class UsageError extends Error {}

/** The whole number from 1 to `max` that follows `arg`. */
export function wholeNumber(arg: string, text: string | undefined, max: number): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max) throw new UsageError(`${arg} needs a whole number from 1 to ${max}`);
  return value;
}

/**
 * A script's own option at `arg`: it reads its value with `next()` and returns true, or
 * returns false for an option it does not know.
 */
export type MoreOptions<T> = (arg: string, next: () => string | undefined, options: T) => boolean;

function parse<T extends FlowOptions>(argv: string[], defaults: T, more: MoreOptions<T>): T {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--flows' || arg === '--concurrency') options[arg === '--flows' ? 'flows' : 'concurrency'] = wholeNumber(arg, argv[++i], 100_000);
    else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else if (!more(arg, () => argv[++i], options)) throw new UsageError(`unknown option ${arg}`);
  }
  return options;
}

/**
 * `--flows N --concurrency C [--json]` and the script's own options (`more`), as `npm run
 * bench` and `npm run chaos` take them. On `--help` or a bad option it prints `usage` to
 * stderr and returns the exit code instead.
 */
export function parseFlowOptions<T extends FlowOptions>(argv: string[], defaults: T, usage: string, more: MoreOptions<T> = () => false): T | number {
  try {
    return parse(argv, defaults, more);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${usage}\n`);
    return error.message ? 2 : 0;
  }
}
