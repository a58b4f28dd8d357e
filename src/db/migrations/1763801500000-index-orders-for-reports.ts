import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The reconciliation report reads one client's orders of a period, as payer or as collector:
 * an index per role on (client, created_at) serves it. The collector one replaces the index on
 * collector_client_id alone, which it covers. Refunds need nothing new: those of the period
 * are found through refunds_created_at_idx, or by their order through the (order_id, seq)
 * unique index, whichever the planner prefers.
 */
export class IndexOrdersForReports1763801500000 implements MigrationInterface {
  name = 'IndexOrdersForReports1763801500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX orders_payer_created_idx ON orders (payer_client_id, created_at) WHERE payer_client_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX orders_collector_created_idx ON orders (collector_client_id, created_at) WHERE collector_client_id IS NOT NULL`,
    );
    await q.query(`DROP INDEX orders_collector_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX orders_collector_idx ON orders (collector_client_id) WHERE collector_client_id IS NOT NULL`,
    );
    await q.query(`DROP INDEX orders_collector_created_idx`);
    await q.query(`DROP INDEX orders_payer_created_idx`);
  }
}
