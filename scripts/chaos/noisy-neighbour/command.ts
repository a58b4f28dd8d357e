import { loadavg } from 'node:os';
import { interruption } from '../../shared/interruption';
import { machine } from '../../shared/machine';
import { noisyNeighbourPlan, Protection } from './plan';
import { formatNoisyNeighbourReport, NoisyNeighbourReport, NoisyRun } from './report';
import { runNoisyNeighbour } from './run';

export interface NoisyNeighbourOptions {
  short: boolean;
  /** The runs to make, one after another, each on a topology of its own. */
  protections: readonly Protection[];
  json: boolean;
}

/**
 * `npm run chaos -- --plan noisy-neighbour`: the protected run, and with `--unprotected` the
 * unprotected one beside it (`--unprotected-only`: that one alone). The exit code is the
 * protected run's verdict: 1 when it failed any criterion. The unprotected run is there to show
 * what each protection buys, and is expected to fail; alone, it exits 0 once it has reported.
 */
export async function noisyNeighbourCommand(options: NoisyNeighbourOptions, say: (message: string) => void): Promise<number> {
  const plan = noisyNeighbourPlan(options.short);
  const host = machine();
  const stop = new AbortController();
  const interrupted = interruption();
  const runs: Partial<Record<Protection, NoisyRun>> = {};
  try {
    for (const protection of options.protections) {
      const running = runNoisyNeighbour(plan, protection, say, stop.signal);
      const outcome = await Promise.race([running, interrupted]);
      if (typeof outcome === 'number') {
        say('interrupted: stopping the run and its topology…');
        stop.abort();
        await running.catch(() => undefined);
        return outcome;
      }
      runs[protection] = outcome;
    }
  } finally {
    stop.abort();
  }
  const report: NoisyNeighbourReport = {
    plan: 'noisy-neighbour',
    short: plan.short,
    machine: { ...host, loadAfter: loadavg()[0]! },
    runs,
    violations: runs.protected?.criteria.filter((criterion) => !criterion.pass).length ?? 0,
  };
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatNoisyNeighbourReport(report));
  return report.violations > 0 ? 1 : 0;
}
