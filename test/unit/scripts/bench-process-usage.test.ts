import {
  attributeTemporalBackends,
  cpuMsPerFlowByProcess,
  cpuMsPerSecond,
  CpuSeconds,
  medianPerProcess,
  totalOf,
} from '../../../scripts/bench/process-usage';

const trees = { api: 2, worker: 5, rails: 0.5, bareWorker: 0.1, temporal: 6, postgres: 4, driver: 1 };

describe('attributeTemporalBackends', () => {
  it("moves the CPU of the backends serving Temporal's databases from PostgreSQL to Temporal", () => {
    // Backend 10 ran throughout, 11 connected within the window (all of its CPU is the window's), 12 was gone by its end.
    const before = new Map([
      [10, 3],
      [12, 1],
    ]);
    const after = new Map([
      [10, 4.5],
      [11, 0.5],
    ]);
    expect(attributeTemporalBackends(trees, before, after)).toEqual({
      ...trees,
      temporal: 8,
      postgres: 2,
      temporalPostgresBackends: 2,
    });
  });

  it('moves nothing on the dev server, whose state is inside its own process', () => {
    expect(attributeTemporalBackends(trees, new Map(), new Map())).toEqual({ ...trees, temporalPostgresBackends: 0 });
  });

  it('leaves a process that was not read unread', () => {
    const unread = attributeTemporalBackends(
      { ...trees, temporal: null, postgres: null },
      new Map(),
      new Map([[10, 1]]),
    );
    expect([unread.temporal, unread.postgres]).toEqual([null, null]);
  });
});

describe('cpuMsPerFlowByProcess', () => {
  const seconds = (values: Partial<CpuSeconds>): CpuSeconds => ({
    api: null,
    worker: null,
    rails: null,
    bareWorker: null,
    temporal: null,
    postgres: null,
    driver: null,
    temporalPostgresBackends: 0,
    ...values,
  });

  it("gives each process's milliseconds per completed flow, the bare run's worker as the bare worker", () => {
    const engine = {
      completed: 200,
      cpuSeconds: seconds({ api: 4, worker: 10, temporal: 12, postgres: 3, rails: 0.6, driver: 2, bareWorker: 0.2 }),
    };
    const bare = {
      completed: 100,
      cpuSeconds: seconds({ api: 0.1, worker: 0.5, temporal: 3, postgres: 0.1, bareWorker: 0.8, driver: 1 }),
    };
    expect(cpuMsPerFlowByProcess(engine, bare)).toEqual({
      engine: { api: 20, worker: 50, temporal: 60, postgres: 15, rails: 3, driver: 10 },
      bare: { worker: 8, temporal: 30, driver: 10 },
    });
  });

  it('is null for a process that was not read', () => {
    const run = { completed: 10, cpuSeconds: seconds({ api: 1 }) };
    expect(cpuMsPerFlowByProcess(run, run).engine).toEqual({
      api: 100,
      worker: null,
      temporal: null,
      postgres: null,
      rails: null,
      driver: null,
    });
  });
});

describe('totalOf', () => {
  it('adds the figures up', () => {
    expect(totalOf({ api: 20, worker: 50, driver: 10 })).toBe(80);
  });

  it('is null when one of them was not measured, rather than a total that leaves it out', () => {
    expect(totalOf({ api: 20, temporal: null })).toBeNull();
  });
});

describe('cpuMsPerSecond', () => {
  it("gives each process's CPU milliseconds a second over the window", () => {
    const seconds = {
      api: 0.05,
      worker: 0.3,
      rails: 0,
      bareWorker: 0.1,
      temporal: 0.08,
      postgres: null,
      driver: 0.02,
      temporalPostgresBackends: 0.01,
    };
    expect(cpuMsPerSecond(seconds, 10_000)).toEqual({
      api: 5,
      worker: 30,
      rails: 0,
      bareWorker: 10,
      temporal: 8,
      postgres: null,
      driver: 2,
    });
  });
});

describe('medianPerProcess', () => {
  const slice = (worker: number, api: number | null = 5) => ({
    api,
    worker,
    rails: 0,
    bareWorker: 10,
    temporal: 8,
    postgres: 20,
    driver: 2,
  });

  it("takes each process's median over the slices, so that one slice's burst is not the idle cost", () => {
    expect(medianPerProcess([slice(5), slice(190), slice(0), slice(5), slice(10)])).toEqual(slice(5));
  });

  it('averages the two middle slices of an even number', () => {
    expect(medianPerProcess([slice(0), slice(10), slice(20), slice(400)]).worker).toBe(15);
  });

  it('is null for a process that was not read in a slice', () => {
    expect(medianPerProcess([slice(5), slice(5, null), slice(5)]).api).toBeNull();
  });
});
