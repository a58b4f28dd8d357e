import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateClientsAndAuth1763800000000 implements MigrationInterface {
  name = 'CreateClientsAndAuth1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE clients (
        id uuid PRIMARY KEY,
        name varchar(200) NOT NULL,
        webhook_secret_enc text NOT NULL,
        fx_spread_bps integer NOT NULL DEFAULT 150 CHECK (fx_spread_bps >= 0 AND fx_spread_bps <= 5000),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        prefix varchar(32) NOT NULL,
        key_hash char(64) NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        disabled_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX api_keys_hash_uq ON api_keys (key_hash)`);
    await q.query(`CREATE INDEX api_keys_client_idx ON api_keys (client_id)`);
    await q.query(`
      CREATE TABLE refresh_tokens (
        id uuid PRIMARY KEY,
        family_id uuid NOT NULL,
        client_id uuid NOT NULL REFERENCES clients(id),
        api_key_id uuid NOT NULL REFERENCES api_keys(id),
        token_hash char(64) NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX refresh_tokens_hash_uq ON refresh_tokens (token_hash)`);
    await q.query(`CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id)`);
    await q.query(`
      CREATE TABLE rate_limit_windows (
        bucket varchar(200) NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        PRIMARY KEY (bucket, window_start)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE rate_limit_windows');
    await q.query('DROP TABLE refresh_tokens');
    await q.query('DROP TABLE api_keys');
    await q.query('DROP TABLE clients');
  }
}
