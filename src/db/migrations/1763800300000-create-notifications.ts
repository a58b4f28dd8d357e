import { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateNotifications1763800300000 implements MigrationInterface {
  name = 'CreateNotifications1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE notifications (
        id uuid PRIMARY KEY,
        client_id uuid NOT NULL REFERENCES clients(id),
        order_id uuid NOT NULL,
        event varchar(40) NOT NULL,
        url varchar(250) NOT NULL,
        body text NOT NULL,
        status varchar(16) NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempt_count integer NOT NULL DEFAULT 0 CHECK (attempt_count >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        last_error text,
        CHECK ((status = 'DELIVERED') = (delivered_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX notifications_client_order_idx ON notifications (client_id, order_id, created_at)`);
    await q.query(`
      CREATE TABLE notification_attempts (
        id uuid PRIMARY KEY,
        notification_id uuid NOT NULL REFERENCES notifications(id),
        attempt integer NOT NULL CHECK (attempt >= 1),
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        status_code integer,
        error text
      )`);
    await q.query(
      `CREATE UNIQUE INDEX notification_attempts_attempt_uq ON notification_attempts (notification_id, attempt)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE notification_attempts');
    await q.query('DROP TABLE notifications');
  }
}
