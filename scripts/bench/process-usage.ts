import { measureCpu, ownCpuSeconds } from '../shared/process-cpu';

/** The processes the bench started and reads the CPU of; null where it did not start one (DATABASE_URL, TEMPORAL_ADDRESS). */
export interface BenchPids {
  api: number | null;
  worker: number | null;
  rails: number | null;
  /** The bare run's worker. */
  bareWorker: number | null;
  temporal: number | null;
  postgres: number | null;
}

/**
 * CPU seconds each process used over a run, its children included (PostgreSQL's backends, the
 * dev server's CLI wrapper); `driver` is the bench's own process (the load, the callback
 * receiver, the bare run's Temporal client). With the postgres backend, the backends serving
 * Temporal's databases (`temporalPostgresBackends`) count as Temporal's and not as PostgreSQL's,
 * as the dev server's SQLite is inside its process: `postgres` is what the service's database
 * costs, `temporal` what Temporal costs, wherever it keeps its state.
 */
export type CpuSeconds = Record<keyof BenchPids | 'driver', number | null> & { temporalPostgresBackends: number };

/** Starts reading; the returned function ends the window, given the backends serving Temporal's databases at its end. */
export function startCpuWindow(
  pids: BenchPids,
  temporalBackendPids: readonly number[],
): (temporalBackendPidsAtEnd: readonly number[]) => CpuSeconds {
  const trees = measureCpu({ ...pids, driver: 'self' });
  const backendsBefore = ownCpuSeconds(temporalBackendPids);
  return (atEnd) => attributeTemporalBackends(trees(), backendsBefore, ownCpuSeconds(atEnd));
}

/**
 * Moves the CPU of the backends serving Temporal's databases from PostgreSQL to Temporal: each
 * backend alive at the end, from the window's start (or its own, when it connected since). One
 * that disconnected within the window stays PostgreSQL's, in the postmaster's reaped children:
 * Temporal keeps its connections open, so that is rare.
 */
export function attributeTemporalBackends(
  trees: Record<keyof BenchPids | 'driver', number | null>,
  before: ReadonlyMap<number, number>,
  after: ReadonlyMap<number, number>,
): CpuSeconds {
  let backends = 0;
  for (const [pid, seconds] of after) backends += seconds - (before.get(pid) ?? 0);
  return {
    ...trees,
    temporal: trees.temporal === null ? null : trees.temporal + backends,
    postgres: trees.postgres === null ? null : trees.postgres - backends,
    temporalPostgresBackends: backends,
  };
}

/** A run's CPU with what it completed. */
export interface RunUsage {
  cpuSeconds: CpuSeconds;
  completed: number;
}

/** `--json`'s `cpuMsPerFlowByProcess`: milliseconds of CPU per completed flow; null where a process was not read. */
export interface CpuMsPerFlowByProcess {
  engine: {
    api: number | null;
    worker: number | null;
    temporal: number | null;
    postgres: number | null;
    rails: number | null;
    driver: number | null;
  };
  bare: { worker: number | null; temporal: number | null; driver: number | null };
}

const msPerFlow = (run: RunUsage, key: keyof CpuSeconds) => {
  const seconds = run.cpuSeconds[key];
  return seconds === null || run.completed === 0 ? null : (seconds * 1000) / run.completed;
};

export function cpuMsPerFlowByProcess(engine: RunUsage, bare: RunUsage): CpuMsPerFlowByProcess {
  return {
    engine: {
      api: msPerFlow(engine, 'api'),
      worker: msPerFlow(engine, 'worker'),
      temporal: msPerFlow(engine, 'temporal'),
      postgres: msPerFlow(engine, 'postgres'),
      rails: msPerFlow(engine, 'rails'),
      driver: msPerFlow(engine, 'driver'),
    },
    bare: {
      worker: msPerFlow(bare, 'bareWorker'),
      temporal: msPerFlow(bare, 'temporal'),
      driver: msPerFlow(bare, 'driver'),
    },
  };
}

/** The figures added up; null when one of them was not measured, rather than a total that leaves it out. */
export function totalOf(figures: Record<string, number | null>): number | null {
  const values = Object.values(figures);
  return values.some((value) => value === null) ? null : values.reduce<number>((sum, value) => sum + value!, 0);
}

/**
 * Each process's median over slices of the idle window: a burst in one slice (the order
 * reconciler's minute, the collection of a warm-up's garbage) is not what the process costs
 * doing nothing, and read over the whole window it was most of the figure.
 */
export function medianPerProcess(
  slices: readonly Record<keyof BenchPids | 'driver', number | null>[],
): Record<keyof BenchPids | 'driver', number | null> {
  const keys = Object.keys(slices[0] ?? {}) as (keyof BenchPids | 'driver')[];
  const median = (values: (number | null)[]) => {
    if (values.some((value) => value === null)) return null;
    const sorted = [...(values as number[])].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  return Object.fromEntries(keys.map((key) => [key, median(slices.map((slice) => slice[key]))])) as Record<
    keyof BenchPids | 'driver',
    number | null
  >;
}

/** Each process's CPU milliseconds a second over a window of `windowMs` (the idle window: what it costs doing nothing). */
export function cpuMsPerSecond(
  seconds: CpuSeconds,
  windowMs: number,
): Record<keyof BenchPids | 'driver', number | null> {
  const { temporalPostgresBackends: _, ...processes } = seconds;
  return Object.fromEntries(
    Object.entries(processes).map(([key, value]) => [key, value === null ? null : (value * 1000) / (windowMs / 1000)]),
  ) as Record<keyof BenchPids | 'driver', number | null>;
}
