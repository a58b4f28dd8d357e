import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { DataSource } from 'typeorm';
import { FINAL_STATUSES } from '../../src/orders/lifecycle';

const POLL_MS = 2_000;

/**
 * Waits, at most `limitMs`, until every order is final and no callback is pending: the orders
 * still paying once the drive ended (a payout asking a rail that came back, an order a flow gave
 * up on expiring) get their chance before the audit. A database that does not answer counts
 * as not settled yet.
 */
export async function waitUntilSettled(
  dataSource: DataSource,
  limitMs: number,
  signal: AbortSignal,
): Promise<{ ms: number; complete: boolean }> {
  const started = performance.now();
  for (;;) {
    const [row] = await dataSource
      .query<Array<{ open_orders: string; pending_callbacks: string } | undefined>>(
        `SELECT (SELECT count(*) FROM orders WHERE status <> ALL($1)) AS open_orders,
                (SELECT count(*) FROM notifications WHERE status = 'PENDING') AS pending_callbacks`,
        [FINAL_STATUSES],
      )
      .catch(() => [undefined]);
    const ms = performance.now() - started;
    if (row && Number(row.open_orders) === 0 && Number(row.pending_callbacks) === 0) return { ms, complete: true };
    if (ms >= limitMs || signal.aborted) return { ms, complete: false };
    await sleep(POLL_MS, undefined, { signal }).catch(() => undefined);
  }
}
