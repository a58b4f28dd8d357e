import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateIdempotencyKeys1763800400000 implements MigrationInterface {
  name = 'CreateIdempotencyKeys1763800400000';

  async up(q: QueryRunner): Promise<void> {
    // No foreign key to clients: a row is a short-lived cache of one response, purged in bulk,
    // and the client id always comes from an authenticated principal.
    await q.query(`
      CREATE TABLE idempotency_keys (
        client_id uuid NOT NULL,
        operation varchar(100) NOT NULL,
        key varchar(255) NOT NULL,
        request_hash char(64) NOT NULL,
        state varchar(16) NOT NULL CHECK (state IN ('IN_PROGRESS', 'COMPLETED')),
        execution_id uuid NOT NULL,
        response_status integer,
        response_headers jsonb,
        response_body text,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz,
        expires_at timestamptz NOT NULL,
        CONSTRAINT idempotency_keys_pk PRIMARY KEY (client_id, operation, key),
        CONSTRAINT idempotency_keys_completed_ck CHECK (
          (state = 'COMPLETED') = (response_status IS NOT NULL AND response_body IS NOT NULL AND completed_at IS NOT NULL)
        )
      )`);
    await q.query(`CREATE INDEX idempotency_keys_expires_idx ON idempotency_keys (expires_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotency_keys');
  }
}
