import { DatabaseCounters, sqlPerFlow, statementKind } from '../../../scripts/bench/database-counters';

describe('statementKind', () => {
  it.each([
    ['SELECT "OrderEntity"."id" FROM "orders" "OrderEntity"', 'select'],
    ['  (SELECT 1) UNION (SELECT 2)', 'select'],
    ['insert into "order_status_history"("order_id") VALUES ($1)', 'insert'],
    ['UPDATE "orders" SET "status" = $1 WHERE "id" = $2', 'update'],
    ['DELETE FROM idempotency_keys WHERE expires_at < now()', 'delete'],
    [
      'WITH entry AS (INSERT INTO journal_entries (id) VALUES ($1) RETURNING id) INSERT INTO journal_lines SELECT …',
      'with',
    ],
    ['START TRANSACTION', 'transactionControl'],
    ['BEGIN', 'transactionControl'],
    ['COMMIT', 'transactionControl'],
    ['ROLLBACK', 'transactionControl'],
    ['SAVEPOINT typeorm_1', 'transactionControl'],
    ['RELEASE SAVEPOINT typeorm_1', 'transactionControl'],
    ['(SELECT sum(amount_minor) FROM journal_lines WHERE entry_id = NEW.entry_id) <> $1', 'trigger'],
    ['SET statement_timeout = 1000', 'other'],
    ['', 'other'],
  ])('%s is %s', (query, kind) => {
    expect(statementKind(query)).toBe(kind);
  });
});

describe('sqlPerFlow', () => {
  const counters = (transactions: number, statements: Array<[string, string, number]> | null): DatabaseCounters => ({
    transactions,
    statements: statements && statements.map(([id, query, calls]) => ({ id, query, calls })),
    temporalBackendPids: [],
  });

  it("counts the calls made between the readings, per completed flow, apart from transaction control and triggers' own", () => {
    const before = counters(1000, [
      ['1', 'SELECT a FROM orders WHERE id = $1', 500],
      ['2', 'START TRANSACTION', 100],
      ['3', 'COMMIT', 100],
      ['9', 'SELECT version()', 1],
    ]);
    const after = counters(1400, [
      ['1', 'SELECT a FROM orders WHERE id = $1', 800],
      ['2', 'START TRANSACTION', 140],
      ['3', 'COMMIT', 140],
      ['4', 'UPDATE orders SET status = $1 WHERE id = $2', 50],
      ['5', 'IF (SELECT sum(amount_minor) FROM journal_lines WHERE entry_id = NEW.entry_id) <> $1', 80],
      ['9', 'SELECT version()', 1],
    ]);
    const sql = sqlPerFlow(before, after, 20);
    expect(sql.source).toEqual({ statements: 'pg_stat_statements', transactions: 'pg_stat_database' });
    // (300 selects + 50 updates) ÷ 20; the 80 BEGIN/COMMIT and the 80 trigger expressions apart.
    expect(sql.statements).toBe(17.5);
    expect(sql.transactionControl).toBe(4);
    expect(sql.transactions).toBe(20);
    expect(sql.byKind).toEqual({
      select: 15,
      insert: 0,
      update: 2.5,
      delete: 0,
      with: 0,
      other: 0,
      transactionControl: 4,
      trigger: 4,
    });
    expect(sql.top.map((statement) => statement.calls)).toEqual([15, 4, 2.5, 2, 2]);
    expect(sql.top[0]!.query).toBe('SELECT a FROM orders WHERE id = $1');
  });

  it('counts nothing negative for a statement pg_stat_statements evicted and counted again', () => {
    const sql = sqlPerFlow(counters(0, [['1', 'SELECT 1', 500]]), counters(10, [['1', 'SELECT 1', 30]]), 10);
    expect(sql.statements).toBe(0);
    expect(sql.top).toEqual([]);
  });

  it('gives the transactions alone when pg_stat_statements is not loaded, and says so', () => {
    const sql = sqlPerFlow(counters(100, null), counters(300, null), 10);
    expect(sql).toEqual({
      source: { statements: null, transactions: 'pg_stat_database' },
      statements: null,
      transactionControl: null,
      byKind: null,
      transactions: 20,
      top: [],
    });
  });
});
