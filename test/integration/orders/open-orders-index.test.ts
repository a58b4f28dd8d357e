import { createDataSource } from '../../../src/db/data-source';
import { OPEN_ORDERS_SQL } from '../../../src/operations/worker-state-metrics';

/** The scrape-time query of open orders must stay on the partial index, whatever the orders table grows to. */
describe('open orders query', () => {
  it('can be answered from orders_open_idx: its statuses are the index predicate', async () => {
    const dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 1 }).initialize();
    try {
      const plan = await dataSource.transaction(async (tx) => {
        // With sequential scans priced out, only an index whose predicate the query implies can serve it.
        await tx.query('SET LOCAL enable_seqscan = off');
        const rows: Array<{ 'QUERY PLAN': string }> = await tx.query(`EXPLAIN ${OPEN_ORDERS_SQL}`);
        return rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('orders_open_idx');
    } finally {
      await dataSource.destroy();
    }
  });
});
