import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * GET /v2/events (issue 29): it pages through a client's callbacks newest first, across orders,
 * and shows the start of each receiver's answer, bounded as callback-http.ts reads it.
 */
export class EventLog1763802000000 implements MigrationInterface {
  name = 'EventLog1763802000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS notifications_client_created_idx ON notifications (client_id, created_at DESC, id DESC)`,
    );
    await q.query(`ALTER TABLE notification_attempts ADD COLUMN IF NOT EXISTS response_excerpt varchar(256)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE notification_attempts DROP COLUMN IF EXISTS response_excerpt');
    await q.query('DROP INDEX IF EXISTS notifications_client_created_idx');
  }
}
