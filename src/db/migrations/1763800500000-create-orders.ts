import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateOrders1763800500000 implements MigrationInterface {
  name = 'CreateOrders1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE orders (
        id uuid PRIMARY KEY,
        flow varchar(20) NOT NULL,
        status varchar(30) NOT NULL,
        last_seq integer NOT NULL DEFAULT 1,
        payer_client_id uuid REFERENCES clients(id),
        collector_client_id uuid REFERENCES clients(id),
        external_reference varchar(100),
        notification_url varchar(250),
        payment_notification_url varchar(250),
        qr_payload text,
        qr_type varchar(10),
        local_country char(2) NOT NULL,
        local_currency char(3) NOT NULL,
        local_amount numeric(20, 4),
        user_currency char(3),
        user_amount numeric(20, 4),
        payer jsonb,
        fx_quote_id uuid,
        fx_rate numeric(30, 10),
        merchant_name varchar(200),
        merchant_identification_number varchar(100),
        merchant_branch_office varchar(100),
        error_code varchar(40),
        payout_reference varchar(100),
        payment_date timestamptz,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT orders_amounts_positive CHECK (local_amount IS NULL OR local_amount > 0)
      )`);
    // A payer's external_reference names one order: a second preview with it is "existing order".
    await q.query(
      `CREATE UNIQUE INDEX orders_payer_reference_uq ON orders (payer_client_id, external_reference) WHERE payer_client_id IS NOT NULL`,
    );
    await q.query(
      `CREATE INDEX orders_collector_idx ON orders (collector_client_id) WHERE collector_client_id IS NOT NULL`,
    );
    await q.query(`CREATE INDEX orders_created_at_idx ON orders (created_at)`);
    await q.query(`
      CREATE TABLE order_status_history (
        order_id uuid NOT NULL REFERENCES orders(id),
        seq integer NOT NULL,
        status varchar(30) NOT NULL,
        local_amount numeric(20, 4),
        user_amount numeric(20, 4),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (order_id, seq)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE order_status_history');
    await q.query('DROP TABLE orders');
  }
}
