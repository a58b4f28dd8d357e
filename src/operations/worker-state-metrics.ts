import type { Client } from '@temporalio/client';
import { Gauge, Registry } from 'prom-client';
import type { DataSource } from 'typeorm';
import { fromMinorUnits, isSupportedCurrency } from '../money';
import { literalList } from '../db/sql-literals';
import { OPEN_STATUSES } from '../orders/lifecycle';
import { PAYOUT_UNCONFIRMED, REFUND_UNCONFIRMED } from '../temporal/search-attribute-keys';
import type { MetricsSource } from '../observability/exposition';

/** Open orders by status and flow, with the age of the oldest; its list written out, not a parameter, so that it matches the partial index orders_open_idx. */
export const OPEN_ORDERS_SQL = `SELECT status, flow, count(*)::int AS open, extract(epoch FROM now() - min(updated_at))::float8 AS oldest_seconds
  FROM orders WHERE status IN (${literalList(OPEN_STATUSES)}) GROUP BY status, flow`;

/**
 * The money and the orders as the database has them now, read when Prometheus scrapes (two
 * small aggregate queries; open orders come from a partial index), served by the worker only:
 * every replica of the api would report the same numbers again.
 */
export function databaseStateSource(dataSource: DataSource): MetricsSource {
  const registry = new Registry();
  const balance = new Gauge({
    name: 'cbp_ledger_balance',
    help: "Sum of the ledger accounts of each currency and kind, in the currency's units (client kinds summed over clients).",
    labelNames: ['currency', 'kind'] as const,
    registers: [registry],
  });
  const open = new Gauge({
    name: 'cbp_orders_open',
    help: 'Orders in a status that is not final, by status and flow.',
    labelNames: ['status', 'flow'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'cbp_orders_oldest_open_seconds',
    help: 'Age of the last change of the oldest order in each open status, by status and flow.',
    labelNames: ['status', 'flow'] as const,
    registers: [registry],
  });

  return {
    name: 'database',
    async read() {
      const [balances, orders] = await Promise.all([
        dataSource.query<Array<{ currency: string; kind: string; balance_minor: string }>>(
          `SELECT currency, kind, sum(balance_minor)::text AS balance_minor FROM ledger_accounts GROUP BY currency, kind`,
        ),
        dataSource.query<Array<{ status: string; flow: string; open: number; oldest_seconds: number }>>(
          OPEN_ORDERS_SQL,
        ),
      ]);
      // Reset first: a currency or status that is gone must not keep its last value.
      registry.resetMetrics();
      for (const row of balances) {
        if (!isSupportedCurrency(row.currency)) continue;
        balance.set(
          { currency: row.currency, kind: row.kind },
          fromMinorUnits(BigInt(row.balance_minor), row.currency).toNumber(),
        );
      }
      for (const row of orders) {
        open.set({ status: row.status, flow: row.flow }, row.open);
        oldest.set({ status: row.status, flow: row.flow }, Math.max(0, row.oldest_seconds));
      }
      return registry.metrics();
    },
  };
}

/**
 * Orders and refunds flagged for an operator, counted by Temporal's visibility store (the
 * flags are search attributes, not columns), among the running workflows of this task queue.
 */
export function unconfirmedMovementsSource(temporal: Client, taskQueue: string): MetricsSource {
  const registry = new Registry();
  const unconfirmed = new Gauge({
    name: 'cbp_unconfirmed_movements',
    help: 'Running workflows whose payout or refund outcome stayed unknown past its retry window (PayoutUnconfirmed, RefundUnconfirmed).',
    labelNames: ['movement'] as const,
    registers: [registry],
  });
  const flags = { payout: PAYOUT_UNCONFIRMED.name, refund: REFUND_UNCONFIRMED.name };
  const queue = JSON.stringify(taskQueue);

  return {
    name: 'temporal_visibility',
    async read() {
      const counts = await Promise.all(
        Object.entries(flags).map(async ([movement, flag]) => {
          const { count } = await temporal.workflow.count(
            `${flag} = true AND ExecutionStatus = "Running" AND TaskQueue = ${queue}`,
          );
          return [movement, count] as const;
        }),
      );
      for (const [movement, count] of counts) unconfirmed.set({ movement }, count);
      return registry.metrics();
    },
  };
}
