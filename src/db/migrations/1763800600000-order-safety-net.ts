import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the money safety net needs on orders: the fingerprint of the request that created an
 * order (so a retried preview resumes a half-made order instead of being refused), a note on
 * history entries (who resolved an unconfirmed payout, and why), and an index on the orders
 * no workflow has touched yet, which the reconciler scans.
 */
export class OrderSafetyNet1763800600000 implements MigrationInterface {
  name = 'OrderSafetyNet1763800600000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN creation_fingerprint char(64)`);
    await q.query(`ALTER TABLE order_status_history ADD COLUMN note text`);
    await q.query(`CREATE INDEX orders_unstarted_idx ON orders (created_at) WHERE last_seq = 1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX orders_unstarted_idx`);
    await q.query(`ALTER TABLE order_status_history DROP COLUMN note`);
    await q.query(`ALTER TABLE orders DROP COLUMN creation_fingerprint`);
  }
}
