import type { DataSource } from 'typeorm';

/**
 * The ledger's global invariants, checked against the whole database: money is never created
 * or destroyed (all lines sum to zero, and so does every entry), and every stored balance is
 * the sum of its account's lines, the last of which records it as balance_after.
 */
export async function expectLedgerInvariants(dataSource: DataSource): Promise<void> {
  const [{ total }] = await dataSource.query(`SELECT coalesce(sum(amount_minor), 0)::text AS total FROM journal_lines`);
  expect(total).toBe('0');
  const unbalanced = await dataSource.query(
    `SELECT entry_id FROM journal_lines GROUP BY entry_id HAVING sum(amount_minor) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const drifted = await dataSource.query(`
    SELECT a.id FROM ledger_accounts a
    LEFT JOIN (SELECT account_id, sum(amount_minor) AS total, max(id) AS last_id FROM journal_lines GROUP BY account_id) s ON s.account_id = a.id
    LEFT JOIN journal_lines last ON last.id = s.last_id
    WHERE a.balance_minor <> coalesce(s.total, 0) OR a.balance_minor <> coalesce(last.balance_after_minor, 0)`);
  expect(drifted).toEqual([]);
}
