import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The worker's sweep deletes the quotes that expired unused (`FxService.deleteExpiredQuotes`),
 * oldest first: a partial index on the expiry of the quotes locked to no order finds them
 * without reading the ones orders keep. Built CONCURRENTLY, so that previews (which write
 * quotes) go on while it is built over a table no sweep has trimmed yet; that cannot run in a
 * transaction, and an index a failed build left invalid is dropped before it is built again.
 */
export class FxQuotesExpiryIndex1763801960000 implements MigrationInterface {
  name = 'FxQuotesExpiryIndex1763801960000';
  transaction = false;

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS fx_quotes_unlocked_expiry_idx`);
    await q.query(
      `CREATE INDEX CONCURRENTLY fx_quotes_unlocked_expiry_idx ON fx_quotes (expires_at) WHERE order_id IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX CONCURRENTLY IF EXISTS fx_quotes_unlocked_expiry_idx`);
  }
}
