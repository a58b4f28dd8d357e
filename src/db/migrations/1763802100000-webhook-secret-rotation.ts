import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 29, secret rotation: a client's webhook secret before its last rotation, kept (sealed
 * like the current one) until the overlap ends, every callback signed with both until then.
 */
export class WebhookSecretRotation1763802100000 implements MigrationInterface {
  name = 'WebhookSecretRotation1763802100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE clients
        ADD COLUMN previous_webhook_secret_enc text,
        ADD COLUMN previous_webhook_secret_until timestamptz,
        ADD CONSTRAINT clients_previous_webhook_secret_check
          CHECK ((previous_webhook_secret_enc IS NULL) = (previous_webhook_secret_until IS NULL))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE clients
        DROP CONSTRAINT clients_previous_webhook_secret_check,
        DROP COLUMN previous_webhook_secret_until,
        DROP COLUMN previous_webhook_secret_enc`);
  }
}
