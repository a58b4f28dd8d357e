import { residentMiB } from '../../bench/process-memory';

/**
 * The resident memory each process of the service is documented to stay under, in MiB: what
 * the noisy-neighbour plan holds the API replicas and the workers to. One place, so that a
 * re-sizing changes the proof with the docs.
 * - api: docs/deployment.md ("Sizing"): about 190 MiB per replica at an ordinary load, and up to
 *   about 250 MiB while a client floods it with requests its quota refuses; 320 MiB documented.
 * - worker: the chart's memory limit for a worker (deploy/helm/crossborder-payments/values.yaml,
 *   `worker.resources`), 1.5 GiB: admission keeps the orders a worker must carry at once bounded,
 *   and its slots and cache bound what it holds of them (docs/deployment.md, "The worker's memory").
 */
export const DOCUMENTED_RSS_BOUNDS_MIB = { api: 320, worker: 1536 } as const;

export type ServiceRole = keyof typeof DOCUMENTED_RSS_BOUNDS_MIB;

/** The highest resident memory seen of any process of each role, and of which. */
export type RssPeaks = Record<
  ServiceRole,
  {
    mib: number;
    pid: number | null;
    samples: number;
    /** The highest of the first readings, before any load. */ firstMiB: number;
  }
>;

const SAMPLE_EVERY_MS = 500;

/**
 * Reads the resident memory (VmRSS) of every API replica and worker alive, every half second,
 * and keeps each role's peak. `pids` answers the processes alive now.
 */
export function sampleResidentMemory(pids: () => Record<ServiceRole, readonly number[]>): {
  peaks: RssPeaks;
  stop(): void;
} {
  const peaks: RssPeaks = {
    api: { mib: 0, pid: null, samples: 0, firstMiB: 0 },
    worker: { mib: 0, pid: null, samples: 0, firstMiB: 0 },
  };
  const sample = () => {
    for (const [role, alive] of Object.entries(pids()) as Array<[ServiceRole, readonly number[]]>) {
      for (const pid of alive) {
        const mib = residentMiB(pid);
        if (mib === null) continue;
        const peak = peaks[role];
        if (peak.samples < alive.length) peak.firstMiB = Math.max(peak.firstMiB, mib);
        peak.samples += 1;
        if (mib > peak.mib) Object.assign(peak, { mib, pid });
      }
    }
  };
  sample();
  const timer = setInterval(sample, SAMPLE_EVERY_MS);
  return {
    peaks,
    stop: () => {
      clearInterval(timer);
      sample();
    },
  };
}
