import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders paid to a payment key: the key and its type, and for a Peru phone key the wallet
 * record and the wallets the directory listed (the payer picks one when paying).
 */
export class KeyPayments1763801100000 implements MigrationInterface {
  name = 'KeyPayments1763801100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN payment_key varchar(100), ADD COLUMN payment_key_type varchar(12)`);
    await q.query(
      `ALTER TABLE orders ADD COLUMN wallet_record_id varchar(200), ADD COLUMN wallets jsonb, ADD COLUMN wallet_id uuid`,
    );
    await q.query(
      `ALTER TABLE orders ADD CONSTRAINT orders_key_flow_ck CHECK ((flow = 'KEY') = (payment_key IS NOT NULL))`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP CONSTRAINT orders_key_flow_ck`);
    await q.query(`ALTER TABLE orders DROP COLUMN wallet_id, DROP COLUMN wallets, DROP COLUMN wallet_record_id`);
    await q.query(`ALTER TABLE orders DROP COLUMN payment_key_type, DROP COLUMN payment_key`);
  }
}
