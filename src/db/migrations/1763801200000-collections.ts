import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders collected through QR codes the service creates for a client's POS: the collector's own
 * reference and callback URL (the payer, once one scans the QR, has its own), the POS, and the
 * indicative exchange rates the QR was created with. Two ledger entry kinds move the collected
 * money: COLLECT credits the collector, CLAWBACK takes a refunded share back.
 */
export class Collections1763801200000 implements MigrationInterface {
  name = 'Collections1763801200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE orders
        ADD COLUMN collector_external_reference varchar(100),
        ADD COLUMN collector_notification_url varchar(250),
        ADD COLUMN pos_id uuid REFERENCES points_of_sale(id),
        ADD COLUMN qr_exchange_rates jsonb`);
    await q.query(
      `CREATE UNIQUE INDEX orders_collector_reference_uq ON orders (collector_client_id, collector_external_reference) WHERE collector_client_id IS NOT NULL`,
    );
    await q.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_collection_ck CHECK ((flow = 'COLLECTION') = (collector_client_id IS NOT NULL))`,
    );
    await q.query(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`);
    await q.query(
      `ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('FUND', 'RESERVE', 'COMMIT', 'RELEASE', 'CREDIT', 'COLLECT', 'CLAWBACK'))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE journal_entries DROP CONSTRAINT journal_entries_kind_check`);
    await q.query(
      `ALTER TABLE journal_entries ADD CONSTRAINT journal_entries_kind_check CHECK (kind IN ('FUND', 'RESERVE', 'COMMIT', 'RELEASE', 'CREDIT'))`,
    );
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_collection_ck`);
    await q.query(`DROP INDEX orders_collector_reference_uq`);
    await q.query(
      `ALTER TABLE orders DROP COLUMN qr_exchange_rates, DROP COLUMN pos_id, DROP COLUMN collector_notification_url, DROP COLUMN collector_external_reference`,
    );
  }
}
