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
 * A run that could not be carried out (its topology did not start, …) is reported as failed;
 * the protected one's makes the exit code 1.
 */
export async function noisyNeighbourCommand(
  options: NoisyNeighbourOptions,
  say: (message: string) => void,
): Promise<number> {
  const plan = noisyNeighbourPlan(options.short);
  const host = machine();
  const stop = new AbortController();
  const interrupted = interruption();
  const runs: Partial<Record<Protection, NoisyRun>> = {};
  const failed: Partial<Record<Protection, string>> = {};
  try {
    for (const protection of options.protections) {
      // A run that breaks is reported as such; the other's figures are not lost with it.
      const running = runNoisyNeighbour(plan, protection, say, stop.signal).catch((error: unknown) => {
        failed[protection] = error instanceof Error ? (error.stack ?? error.message) : String(error);
        say(`the ${protection} run failed: ${failed[protection]}`);
        return null;
      });
      const outcome = await Promise.race([running, interrupted]);
      if (typeof outcome === 'number') {
        say('interrupted: stopping the run and its topology…');
        stop.abort();
        await running;
        return outcome;
      }
      if (outcome) runs[protection] = outcome;
    }
  } finally {
    stop.abort();
  }
  const report: NoisyNeighbourReport = {
    plan: 'noisy-neighbour',
    short: plan.short,
    machine: { ...host, loadAfter: loadavg()[0]! },
    runs,
    failed,
    violations: runs.protected?.criteria.filter((criterion) => !criterion.pass).length ?? 0,
  };
  process.stdout.write(options.json ? `${JSON.stringify(report, null, 2)}\n` : formatNoisyNeighbourReport(report));
  return report.violations > 0 || failed.protected !== undefined ? 1 : 0;
}
