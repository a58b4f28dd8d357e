import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28, many clients at once. `client_limits`: what an operator set for one client (quotas
 * replacing the defaults for some classes of route, its fairness weight on the workers), read
 * by every API replica. `quota_windows`: each client's count in its current window per class,
 * shared by the replicas, in the layout rate-limiter-flexible's PostgreSQL store reads (one row
 * per client and class, upserted in place). Unlogged: a crash forgets the counts of the running
 * windows, which end within seconds anyway, and no request waits on a WAL flush for them. The
 * auth routes' budgets count there too from this release on; their old table, rate_limit_windows,
 * stays while replicas of the release before may still write it, and goes in the next release.
 */
export class ClientCapacity1763801800000 implements MigrationInterface {
  name = 'ClientCapacity1763801800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE client_limits (
        client_id uuid PRIMARY KEY REFERENCES clients(id) ON DELETE CASCADE,
        quotas jsonb NOT NULL DEFAULT '{}',
        fairness_weight double precision CHECK (fairness_weight BETWEEN 0.001 AND 1000),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE UNLOGGED TABLE quota_windows (
        key varchar(255) PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint
      )`);
    // The sweep of windows ended long ago (src/db/counted-windows.ts) reads by it.
    await q.query(`CREATE INDEX quota_windows_expire_idx ON quota_windows (expire)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE quota_windows`);
    await q.query(`DROP TABLE client_limits`);
  }
}
