import { MigrationInterface, QueryRunner } from 'typeorm';

/** GET /v2/events and its bulk redelivery page through a client's callbacks newest first, across orders. */
export class IndexNotificationsByClient1763802000000 implements MigrationInterface {
  name = 'IndexNotificationsByClient1763802000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX IF NOT EXISTS notifications_client_created_idx ON notifications (client_id, created_at DESC, id DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS notifications_client_created_idx');
  }
}
