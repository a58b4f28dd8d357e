import type { SqlPerFlow } from '../../../scripts/bench/database-counters';
import type { CpuMsPerFlowByProcess } from '../../../scripts/bench/process-usage';
import { BenchReport, formatReport, MeasuredRun } from '../../../scripts/bench/report';
import { describeVerdict, flowVerdicts, openOrdersVerdicts } from '../../../scripts/bench/targets';

const cpu: CpuMsPerFlowByProcess = {
  engine: { api: 18, worker: 52, temporal: 60, postgres: 14, rails: 3, driver: 12 },
  bare: { worker: 5, temporal: 40, driver: 9 },
};
const sql: SqlPerFlow = {
  source: { statements: 'pg_stat_statements', transactions: 'pg_stat_database' },
  statements: 24,
  transactionControl: 8,
  byKind: { select: 14, insert: 6, update: 4, delete: 0, with: 0, other: 0, transactionControl: 8, trigger: 4 },
  transactions: 19,
  top: [{ calls: 4, query: 'SELECT a FROM orders WHERE id = $1' }],
};

describe('flowVerdicts', () => {
  it('holds each figure against its target: API and worker together, Temporal against the bare flow', () => {
    const verdicts = flowVerdicts({ concurrency: 20, cpu, sql, payAckP50Ms: 40, decisionToCompletedP50Ms: 300 });
    expect(verdicts.apiAndWorkerMs).toEqual({ value: 70, limit: 30, met: false });
    expect(verdicts.temporalToBare).toEqual({ value: 1.5, limit: 1.5, met: true });
    expect(verdicts.postgresMs).toEqual({ value: 14, limit: 8, met: false });
    expect(verdicts.statements).toEqual({ value: 24, limit: 25, met: true });
  });

  it('judges the latencies only at concurrency 1, where their targets are set', () => {
    const at20 = flowVerdicts({ concurrency: 20, cpu, sql, payAckP50Ms: 40, decisionToCompletedP50Ms: 300 });
    expect(at20.payAckP50Ms).toEqual({ value: 40, limit: 50, met: null, onlyWhen: 'at concurrency 1' });
    const at1 = flowVerdicts({ concurrency: 1, cpu, sql, payAckP50Ms: 40, decisionToCompletedP50Ms: 300 });
    expect([at1.payAckP50Ms.met, at1.decisionToCompletedP50Ms.met]).toEqual([true, false]);
  });

  it('says not measured, neither met nor not, where a figure is missing', () => {
    const verdicts = flowVerdicts({
      concurrency: 20,
      cpu: { ...cpu, engine: { ...cpu.engine, api: null } },
      sql: null,
      payAckP50Ms: 40,
      decisionToCompletedP50Ms: 300,
    });
    expect(verdicts.apiAndWorkerMs.met).toBeNull();
    expect(verdicts.statements.met).toBeNull();
  });
});

describe('openOrdersVerdicts', () => {
  it('wants the QR_EXPIRED callbacks within a minute of expires_at at p99, and none missing', () => {
    expect(openOrdersVerdicts({ expiryDelayP99S: 273, missing: 0 })).toEqual({
      expiryDelayP99S: { value: 273, limit: 60, met: false },
      missing: { value: 0, limit: 0, met: true },
    });
  });
});

describe('describeVerdict', () => {
  it('shows the limit and whether it is met, or why it is not judged', () => {
    expect(describeVerdict({ value: 70, limit: 30, met: false }, ' ms')).toBe('≤ 30 ms NOT MET');
    expect(describeVerdict({ value: 7, limit: 8, met: true }, ' ms')).toBe('≤ 8 ms met');
    expect(describeVerdict({ value: null, limit: 25, met: null })).toBe('≤ 25 not measured');
    expect(describeVerdict({ value: 40, limit: 50, met: null, onlyWhen: 'at concurrency 1' }, ' ms')).toBe(
      '≤ 50 ms at concurrency 1',
    );
  });
});

describe('formatReport', () => {
  const summary = { count: 200, p50: 10, p95: 20, p99: 30 };
  const run = (temporalPostgresBackends: number): MeasuredRun => ({
    flows: 200,
    completed: 200,
    wallMs: 20_000,
    flowsPerSecond: 10,
    previewAck: summary,
    payAck: summary,
    decisionToCompleted: summary,
    failures: 0,
    firstFailures: [],
    cpuSeconds: {
      api: 3.6,
      worker: 10.4,
      rails: 0.6,
      bareWorker: 1,
      temporal: 12,
      postgres: 2.8,
      driver: 2.4,
      temporalPostgresBackends,
    },
  });
  const footprint = {
    flows: 200,
    workflowTasks: 3.4,
    activityTasks: 2,
    localActivities: 4,
    childWorkflows: 0,
    dispatchMs: { p50: 1.5, p99: 12.25 },
  };
  const report = (temporal: string, backends = 0): BenchReport => ({
    flows: 200,
    concurrency: 20,
    machine: { cpu: 'AMD EPYC', cores: 2, memoryGiB: 24, node: 'v20', loadBefore: 0.5, loadAfter: 2.1 },
    infrastructure: { database: 'embedded', temporal },
    engine: run(backends),
    bare: run(backends / 4),
    ratioToBare: 0.4,
    payAckP99ToBare: 1.2,
    cpuMsPerFlow: { engine: 159, bare: 54, bareToEngine: 0.34 },
    cpuMsPerFlowByProcess: cpu,
    idleCpuMsPerSecond: { api: 6.5, worker: 24, bareWorker: 7.25, temporal: 8, postgres: 1, rails: 0, driver: 9 },
    sqlPerFlow: sql,
    footprint,
    bareFootprint: {
      ...footprint,
      workflowTasks: 2,
      activityTasks: 1,
      localActivities: 0,
      dispatchMs: { p50: 41, p99: 48 },
    },
    targets: flowVerdicts({ concurrency: 20, cpu, sql, payAckP50Ms: 10, decisionToCompletedP50Ms: 10 }),
    profileDir: null,
  });
  const line = (text: string, start: string) => text.split('\n').find((row) => row.startsWith(start));

  it('prints each process per flow with its target beside it, and the footprint beside Temporal', () => {
    const text = formatReport(report('dev-server'));
    expect(line(text, '  API + worker')).toMatch(/^ {2}API \+ worker\s+70\.0\s+≤ 30 ms NOT MET$/);
    expect(line(text, '  Temporal')).toMatch(/60\.0\s+40\.0\s+≤ 1\.5 × bare met \(1\.50 ×\)$/);
    expect(line(text, '      workflow tasks')).toMatch(/3\.4\s+2$/);
    expect(line(text, '      task dispatch p50, ms')).toMatch(/1\.5\s+41\.0$/);
    expect(line(text, '      task dispatch p99, ms')).toMatch(/12\.3\s+48\.0$/);
    expect(line(text, '  PostgreSQL')).toMatch(/14\.0\s+≤ 8 ms NOT MET$/);
    expect(line(text, '  all')).toMatch(/159\.0\s+54\.0$/);
    expect(line(text, 'idle')).toBe(
      'idle, CPU ms a second without flows: API 6.5, worker 24.0, bare worker 7.3, Temporal 8.0, PostgreSQL 1.0, rails 0.0, driver 9.0',
    );
    expect(line(text, 'targets:')).toBe(
      'targets: pay ack p50 ≤ 50 ms at concurrency 1, decision → COMPLETED p50 ≤ 120 ms at concurrency 1',
    );
    expect(text).not.toContain('its PostgreSQL backends');
  });

  it('prints the SQL per flow with its source, its kinds and the most called statements', () => {
    const text = formatReport(report('dev-server'));
    expect(text).toContain(
      "SQL per flow in the service's database (statements: pg_stat_statements; transactions: pg_stat_database)",
    );
    expect(line(text, '  statements')).toMatch(/24\.0\s+≤ 25 met$/);
    expect(text).toContain('    select 14.0, insert 6.0, update 4.0, delete 0.0, with 0.0, other 0.0');
    expect(line(text, '  transactions')).toMatch(/19\.0$/);
    expect(text).toContain('    4.00  SELECT a FROM orders WHERE id = $1');
  });

  it("shows with the postgres backend how much of Temporal's CPU its PostgreSQL backends took", () => {
    // 4 s over 200 flows, and 1 s over the bare run's 200.
    expect(line(formatReport(report('postgres', 4)), '    of it, its PostgreSQL backends')).toMatch(/20\.0\s+5\.0$/);
  });

  it('shows the ten most called statements; the JSON keeps the rest', () => {
    const top = Array.from({ length: 12 }, (_, i) => ({ calls: 12 - i, query: `SELECT ${i}` }));
    const text = formatReport({ ...report('dev-server'), sqlPerFlow: { ...sql, top } });
    expect(text).toContain('  3.00  SELECT 9');
    expect(text).not.toContain('SELECT 10');
  });

  it('says when SQL was not measured', () => {
    expect(formatReport({ ...report('dev-server'), sqlPerFlow: null })).toContain(
      "SQL per flow: not measured (the database is not the bench's own)",
    );
  });
});
