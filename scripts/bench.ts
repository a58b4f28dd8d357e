import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { ceilingFlow } from './bench/flows';
import { BenchReport, formatReport } from './bench/report';
import { BenchStack, startBenchStack } from './bench/stack';
import { FlowOptions, parseFlowOptions } from './shared/command-line';
import { interruption } from './shared/interruption';
import { Flow, runFlows, RunResult } from './shared/driver';
import { machine } from './shared/machine';
import { qrFlow } from './shared/qr-flow';

const USAGE = `usage: npm run bench -- [--flows N] [--concurrency C] [--json]

Drives N complete QR flows (preview → preview callback → pay → COMPLETED callback) over HTTP,
at most C at a time, then N flows of a no-op workflow of the same shape straight through
Temporal (the engine's ceiling), and prints both with their ratio. Starts and removes its own
PostgreSQL and Temporal unless DATABASE_URL / TEMPORAL_ADDRESS are set.`;

const say = (message: string) => process.stderr.write(`[bench] ${message}\n`);

// JIT, connection pools and the workflow cache warm up on these; they are not measured.
const WARM_UP_FLOWS = 20;
const FLOW_TIMEOUT_MS = 60_000;
const RUN_TIMEOUT_MS = 5 * 60_000;

async function measure(label: string, flow: Flow, flows: number, concurrency: number): Promise<RunResult> {
  say(`${label}: ${flows} flows, ${concurrency} at a time…`);
  const result = await runFlows(flow, { label, flows, concurrency, flowTimeoutMs: FLOW_TIMEOUT_MS, runTimeoutMs: RUN_TIMEOUT_MS, say });
  say(`${label}: ${result.completed}/${flows} completed in ${(result.wallMs / 1000).toFixed(1)} s`);
  if (result.completed === 0) throw new Error(`${label}: no flow completed; first failures:\n  ${result.firstFailures.join('\n  ')}`);
  return result;
}

async function bench(options: FlowOptions, stack: BenchStack): Promise<BenchReport> {
  const host = machine();
  // Unique per invocation: an external Temporal or database may hold an earlier run's ids.
  const run = randomUUID().slice(0, 8);
  const warmUp = Math.min(WARM_UP_FLOWS, options.flows);
  await measure('engine warm-up', qrFlow({ ...stack.engine, runId: `bench-${run}-warm` }), warmUp, options.concurrency);
  await measure('ceiling warm-up', ceilingFlow({ ...stack.ceiling, runId: `${run}-warm` }), warmUp, options.concurrency);

  const engine = await measure('engine', qrFlow({ ...stack.engine, runId: `bench-${run}-engine` }), options.flows, options.concurrency);
  const ceiling = await measure('ceiling', ceilingFlow({ ...stack.ceiling, runId: `${run}-ceiling` }), options.flows, options.concurrency);
  return {
    flows: options.flows,
    concurrency: options.concurrency,
    machine: { ...host, loadAfter: loadavg()[0]! },
    infrastructure: stack.infrastructure,
    engine,
    ceiling,
    ratio: engine.flowsPerSecond / ceiling.flowsPerSecond,
  };
}

async function main(): Promise<number> {
  const options = parseFlowOptions(process.argv.slice(2), { flows: 200, concurrency: 20, json: false }, USAGE);
  if (typeof options === 'number') return options;

  // Listening before the start-up, so Ctrl-C during it still ends in the clean-up below.
  const interrupted = interruption();
  const stack = await startBenchStack(say);
  try {
    const outcome = await Promise.race([bench(options, stack), interrupted]);
    if (typeof outcome === 'number') {
      say('interrupted');
      return outcome;
    }
    process.stdout.write(options.json ? `${JSON.stringify(outcome, null, 2)}\n` : formatReport(outcome));
    return outcome.engine.failures + outcome.ceiling.failures > 0 ? 1 : 0;
  } finally {
    say('cleaning up…');
    await stack.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    say(`failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
