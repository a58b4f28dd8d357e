import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Per role: the search's order, and the same under a status filter; the payer's under a flow
 * filter too (a collector's orders are all collections: its flow filter filters nothing).
 */
const SEARCH_INDEXES = [
  { name: 'search', columns: 'created_at, id', roles: ['payer', 'collector'] },
  { name: 'status_search', columns: 'status, created_at, id', roles: ['payer', 'collector'] },
  { name: 'flow_search', columns: 'flow, created_at, id', roles: ['payer'] },
] as const;

/**
 * The order search (GET /v2/payments) walks one client's orders, as payer and as collector, newest
 * first by (created_at, id), from its cursor. An index per role on (client, created_at, id) gives
 * that order outright, the cursor's row comparison as its bound, so a page reads its 21 to 101
 * entries and stops, at 10 million orders as at ten (docs/performance.md, "Order search"). A
 * second per role on (client, status, created_at, id) does the same under a status filter,
 * which on the first would read through every order of the client when few have that status
 * (1.6 s for a client of a million orders); a third on the payer's (client, flow, created_at,
 * id) under a flow filter (2 s for a flow the client never paid). Status is already in an
 * index's predicate (orders_open_idx), so a status change was never a HOT update: these add no
 * new kind of update, only their entries, and flow never changes. The first pair replaces the reconciliation report's
 * (client, created_at) indexes, which it covers: the same leading columns, so the report's
 * period scans use it as before.
 *
 * Built so they fit a big table: CREATE INDEX CONCURRENTLY takes no lock that stops writes, so
 * previews and every order's workflow go on writing orders while each is built (it reads the
 * table twice, and waits for the transactions open when it starts). That cannot run in a
 * transaction, hence `transaction = false`; an index a failed build left INVALID is dropped
 * first, so running the migration again builds it afresh. The old indexes are dropped only once
 * the new ones are valid, and CONCURRENTLY too, so no moment lacks an index for the report.
 */
export class OrderSearchIndexes1763802200000 implements MigrationInterface {
  name = 'OrderSearchIndexes1763802200000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    for (const { name, columns, roles } of SEARCH_INDEXES) {
      for (const role of roles) {
        await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_${role}_${name}_idx`);
        await q.query(
          `CREATE INDEX CONCURRENTLY orders_${role}_${name}_idx ON orders (${role}_client_id, ${columns}) WHERE ${role}_client_id IS NOT NULL`,
        );
      }
    }
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_payer_created_idx`);
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_collector_created_idx`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const role of ['payer', 'collector']) {
      await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_${role}_created_idx`);
      await q.query(
        `CREATE INDEX CONCURRENTLY orders_${role}_created_idx ON orders (${role}_client_id, created_at) WHERE ${role}_client_id IS NOT NULL`,
      );
    }
    for (const { name, roles } of SEARCH_INDEXES)
      for (const role of roles) await q.query(`DROP INDEX CONCURRENTLY IF EXISTS orders_${role}_${name}_idx`);
  }
}
