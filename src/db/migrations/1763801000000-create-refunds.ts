import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Refunds as their own records, not columns on the order: an order may have several, each with
 * its own status, rail reference and reason. `seq` numbers an order's refunds in the order they
 * were asked for. The payer's credit (`user_amount`) is known once the refund completed: it is
 * the pro-rata share of what was debited, computed over the order's completed refunds.
 */
export class CreateRefunds1763801000000 implements MigrationInterface {
  name = 'CreateRefunds1763801000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE refunds (
        id uuid PRIMARY KEY,
        order_id uuid NOT NULL REFERENCES orders(id),
        requested_by_client_id uuid NOT NULL REFERENCES clients(id),
        seq integer NOT NULL,
        status varchar(16) NOT NULL CHECK (status IN ('PENDING', 'COMPLETED', 'REJECTED', 'FAILED')),
        local_amount numeric(20, 4) NOT NULL CHECK (local_amount > 0),
        local_currency char(3) NOT NULL,
        user_amount numeric(20, 4) CHECK (user_amount >= 0),
        user_currency char(3) NOT NULL,
        reason varchar(255),
        rail_reference varchar(100),
        error_code varchar(40),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT refunds_order_seq_uq UNIQUE (order_id, seq),
        CONSTRAINT refunds_credit_when_completed_ck CHECK ((status = 'COMPLETED') = (user_amount IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX refunds_created_at_idx ON refunds (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE refunds');
  }
}
