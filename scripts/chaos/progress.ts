import { performance } from 'node:perf_hooks';
import type { DataSource } from 'typeorm';
import { FINAL_STATUSES } from '../../src/orders/lifecycle';
import type { PlanProgress } from './run-plan';

/**
 * Progress lines come this often, also while the orders settle; with the count's limit below, a
 * line follows the one before within 10 s (issue 20), however PostgreSQL fares.
 */
export const PROGRESS_EVERY_MS = 7_000;
/** A count PostgreSQL does not give within this is reported as the last one known. */
const COUNT_LIMIT_MS = 2_000;

export interface ProgressSources {
  dataSource: DataSource;
  plan: PlanProgress;
  flows: { started: number; ended: number };
  /** What the run is doing: driving, settling… */
  phase(): string;
  say(message: string): void;
}

async function countOrders(dataSource: DataSource): Promise<{ final: number; all: number }> {
  const [row] = await dataSource.query<Array<{ final: string; all: string }>>(
    `SELECT count(*) FILTER (WHERE status = ANY($1)) AS final, count(*) AS all FROM orders`,
    [FINAL_STATUSES],
  );
  return { final: Number(row?.final), all: Number(row?.all) };
}

/**
 * Says every PROGRESS_EVERY_MS how far the run is: orders final (read from PostgreSQL, or the
 * last count known while it does not answer, e.g. cut off by a partition), faults applied, flows.
 * `now()` says it at once (the run enters another phase); `stop()` ends it.
 */
export function startProgress(sources: ProgressSources, startedAt: number): { now(): void; stop(): void } {
  let known: { final: number; all: number } | null = null;
  let busy = false;
  // A phase that begins while a line is being counted gets its own line right after that one.
  let again = false;
  const tick = async (): Promise<void> => {
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    try {
      const counted = await Promise.race([
        countOrders(sources.dataSource).catch(() => null),
        new Promise<null>((resolve) => setTimeout(resolve, COUNT_LIMIT_MS, null)),
      ]);
      if (counted) known = counted;
      const orders = known
        ? `${known.final}/${known.all} orders final${counted ? '' : ' (PostgreSQL not answering here: last count)'}`
        : 'orders not counted yet';
      const { faultsApplied, faultsPlanned } = sources.plan;
      sources.say(
        `${((performance.now() - startedAt) / 1000).toFixed(0)} s, ${sources.phase()}: ${orders}, faults applied ${faultsApplied}/${faultsPlanned}, flows ${sources.flows.ended}/${sources.flows.started} ended`,
      );
    } finally {
      busy = false;
    }
    if (again) {
      again = false;
      await tick();
    }
  };
  const timer = setInterval(() => void tick(), PROGRESS_EVERY_MS);
  return { now: () => void tick(), stop: () => clearInterval(timer) };
}
