export interface FlowOptions {
  flows: number;
  concurrency: number;
  json: boolean;
}

class UsageError extends Error {}

function parse(argv: string[], defaults: FlowOptions): FlowOptions {
  const options = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--json') options.json = true;
    else if (arg === '--flows' || arg === '--concurrency') {
      const value = Number(argv[++i]);
      if (!Number.isInteger(value) || value < 1 || value > 100_000) throw new UsageError(`${arg} needs a whole number from 1 to 100000`);
      options[arg === '--flows' ? 'flows' : 'concurrency'] = value;
    } else if (arg === '--help' || arg === '-h') throw new UsageError('');
    else throw new UsageError(`unknown option ${arg}`);
  }
  return options;
}

/**
 * `--flows N --concurrency C [--json]`, as `npm run bench` and `npm run chaos` take them. On
 * `--help` or a bad option it prints `usage` to stderr and returns the exit code instead.
 */
export function parseFlowOptions(argv: string[], defaults: FlowOptions, usage: string): FlowOptions | number {
  try {
    return parse(argv, defaults);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`${error.message ? `${error.message}\n\n` : ''}${usage}\n`);
    return error.message ? 2 : 0;
  }
}
