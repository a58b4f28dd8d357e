import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMerchants1763800100000 implements MigrationInterface {
  name = 'CreateMerchants1763800100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE collectors (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        external_reference varchar(100) NOT NULL,
        code varchar(16) NOT NULL,
        name varchar(200) NOT NULL,
        fantasy_name varchar(200),
        description varchar(500) NOT NULL,
        tax_id varchar(50),
        address varchar(300),
        regular_contact_email varchar(254) NOT NULL,
        regular_contact_phone varchar(30),
        manager varchar(200),
        country_code char(2),
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX collectors_client_external_reference_uq ON collectors (client_id, external_reference)`,
    );
    await q.query(`CREATE UNIQUE INDEX collectors_code_uq ON collectors (code)`);
    await q.query(`
      CREATE TABLE stores (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        collector_id uuid NOT NULL REFERENCES collectors(id),
        external_reference varchar(100) NOT NULL,
        description varchar(500) NOT NULL,
        address varchar(300) NOT NULL,
        phone varchar(30) NOT NULL,
        manager varchar(200) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX stores_collector_external_reference_uq ON stores (collector_id, external_reference)`,
    );
    await q.query(`CREATE INDEX stores_client_idx ON stores (client_id)`);
    await q.query(`
      CREATE TABLE points_of_sale (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        store_id uuid NOT NULL REFERENCES stores(id),
        external_reference varchar(100) NOT NULL,
        name varchar(200) NOT NULL,
        description varchar(500),
        category integer,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX points_of_sale_store_external_reference_uq ON points_of_sale (store_id, external_reference)`,
    );
    await q.query(`CREATE INDEX points_of_sale_client_idx ON points_of_sale (client_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE points_of_sale');
    await q.query('DROP TABLE stores');
    await q.query('DROP TABLE collectors');
  }
}
