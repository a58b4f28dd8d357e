import type { SqlPerFlow } from './database-counters';
import type { CpuMsPerFlowByProcess } from './process-usage';

/**
 * Issue #22's targets, set for one run of 200 flows at concurrency 20 on the dev server (the
 * latencies at concurrency 1, the expiries with `--open 10000`); the bench shows each run's
 * figures against them whatever it ran with.
 */
export const TARGETS = {
  /** API + worker CPU per payment, ms. */
  apiAndWorkerMs: 30,
  /** Temporal's CPU per payment ÷ the bare flow's. */
  temporalToBare: 1.5,
  postgresMs: 8,
  /** SQL statements per payment (transaction control apart). */
  statements: 25,
  payAckP50Ms: 50,
  decisionToCompletedP50Ms: 120,
  /** The QR_EXPIRED callback after the order's expires_at, p99, seconds. */
  expiryDelayP99S: 60,
} as const;

/** A figure against its limit (≤). */
export interface Verdict {
  value: number | null;
  limit: number;
  /** null when not measured, or measured under other conditions than the target's (`onlyWhen`). */
  met: boolean | null;
  /** The condition the target holds under, when this run did not meet it. */
  onlyWhen?: string;
}

function verdict(value: number | null, limit: number, onlyWhen?: string): Verdict {
  if (onlyWhen !== undefined) return { value, limit, met: null, onlyWhen };
  return { value, limit, met: value === null || Number.isNaN(value) ? null : value <= limit };
}

export interface FlowVerdicts {
  apiAndWorkerMs: Verdict;
  temporalToBare: Verdict;
  postgresMs: Verdict;
  statements: Verdict;
  payAckP50Ms: Verdict;
  decisionToCompletedP50Ms: Verdict;
}

export interface FlowFigures {
  concurrency: number;
  cpu: CpuMsPerFlowByProcess;
  sql: SqlPerFlow | null;
  payAckP50Ms: number;
  decisionToCompletedP50Ms: number;
}

const sum = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);

export function flowVerdicts({
  concurrency,
  cpu,
  sql,
  payAckP50Ms,
  decisionToCompletedP50Ms,
}: FlowFigures): FlowVerdicts {
  const { temporal } = cpu.engine;
  const bareTemporal = cpu.bare.temporal;
  const latencyCondition = concurrency === 1 ? undefined : 'at concurrency 1';
  return {
    apiAndWorkerMs: verdict(sum(cpu.engine.api, cpu.engine.worker), TARGETS.apiAndWorkerMs),
    temporalToBare: verdict(
      temporal === null || bareTemporal === null || bareTemporal === 0 ? null : temporal / bareTemporal,
      TARGETS.temporalToBare,
    ),
    postgresMs: verdict(cpu.engine.postgres, TARGETS.postgresMs),
    statements: verdict(sql?.statements ?? null, TARGETS.statements),
    payAckP50Ms: verdict(payAckP50Ms, TARGETS.payAckP50Ms, latencyCondition),
    decisionToCompletedP50Ms: verdict(decisionToCompletedP50Ms, TARGETS.decisionToCompletedP50Ms, latencyCondition),
  };
}

export interface OpenOrdersVerdicts {
  expiryDelayP99S: Verdict;
  /** None missing. */
  missing: Verdict;
}

export function openOrdersVerdicts({
  expiryDelayP99S,
  missing,
}: {
  expiryDelayP99S: number;
  missing: number;
}): OpenOrdersVerdicts {
  return { expiryDelayP99S: verdict(expiryDelayP99S, TARGETS.expiryDelayP99S), missing: verdict(missing, 0) };
}

/** `≤ 30 met`, `≤ 30 not met`, `≤ 50 at concurrency 1`, `≤ 8 not measured`. */
export function describeVerdict({ limit, met, onlyWhen }: Verdict, unit = ''): string {
  const bound = `≤ ${limit}${unit}`;
  if (onlyWhen !== undefined) return `${bound} ${onlyWhen}`;
  if (met === null) return `${bound} not measured`;
  return `${bound} ${met ? 'met' : 'NOT MET'}`;
}
