import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which integrator request made an order's change (its idempotency-key's request id), on the
 * change's history entry: a resend whose first attempt answered 503 is answered with the result
 * once the order's workflow has ended. Looked up by order id, within the few entries of one
 * order (the primary key), so it needs no index of its own. Null for the entries written before,
 * and for changes no keyed request made.
 */
export class OrderChangeRequests1763801780000 implements MigrationInterface {
  name = 'OrderChangeRequests1763801780000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_status_history ADD COLUMN request_id varchar(200)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE order_status_history DROP COLUMN request_id`);
  }
}
