import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What `orders:stuck` and `orders:timeline` read, without scanning whole tables: the orders not
 * final yet by their last change, the callbacks still unacknowledged by age (both few, so the
 * partial indexes stay small), and an order's callbacks whoever they were sent to.
 */
export class StuckOrderIndexes1763801600000 implements MigrationInterface {
  name = 'StuckOrderIndexes1763801600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX orders_open_idx ON orders (updated_at) WHERE status IN ('WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED', 'PROCESSING')`,
    );
    await q.query(`CREATE INDEX notifications_pending_idx ON notifications (created_at) WHERE status = 'PENDING'`);
    await q.query(`CREATE INDEX notifications_order_idx ON notifications (order_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX notifications_order_idx`);
    await q.query(`DROP INDEX notifications_pending_idx`);
    await q.query(`DROP INDEX orders_open_idx`);
  }
}
