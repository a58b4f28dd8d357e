import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders that are not final, by status, flow and last change: what the worker's /metrics
 * reads at every scrape (cbp_orders_open, cbp_orders_oldest_open_seconds). Partial, so it stays
 * as small as the number of orders in flight however large the table grows. The list is
 * OPEN_STATUSES (src/observability/worker-state-metrics.ts); a new open status needs a new
 * migration, or the scrape falls back to scanning the table.
 */
export class OpenOrdersIndex1763801650000 implements MigrationInterface {
  name = 'OpenOrdersIndex1763801650000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX orders_open_idx ON orders (status, flow, updated_at) WHERE status IN ('WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED', 'PROCESSING')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_open_idx`);
  }
}
