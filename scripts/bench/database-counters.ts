import { Client } from 'pg';
import { TEMPORAL_DATABASE, TEMPORAL_VISIBILITY_DATABASE } from '../../dev/temporal-postgres/server-config';

/** pg_stat_statements' count of one normalised statement, in the service's database. */
export interface StatementCalls {
  id: string;
  query: string;
  calls: number;
}

/** What PostgreSQL had counted for the service's database at one moment. */
export interface DatabaseCounters {
  /** Each statement pg_stat_statements has seen there; null when the server has not loaded it. */
  statements: StatementCalls[] | null;
  /** pg_stat_database's xact_commit + xact_rollback there. */
  transactions: number;
  /** The backends serving Temporal's own databases (the postgres backend): their CPU is Temporal's, not the service's. */
  temporalBackendPids: number[];
}

/** The server setting that loads pg_stat_statements, which the bench's own PostgreSQL starts with. */
export const STATEMENT_COUNTING_SETTINGS = { shared_preload_libraries: 'pg_stat_statements' } as const;

/**
 * Reads the counters of the service's database at `serviceUrl` over a connection of its own to
 * the same server's `postgres` database, so that the reading is not counted with what it reads.
 */
export async function openDatabaseCounters(
  serviceUrl: string,
): Promise<{ read(): Promise<DatabaseCounters>; close(): Promise<void> }> {
  const url = new URL(serviceUrl);
  const database = decodeURIComponent(url.pathname.slice(1));
  url.pathname = '/postgres';
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const libraries = (
      await client.query<{ libraries: string }>("SELECT current_setting('shared_preload_libraries') AS libraries")
    ).rows[0]!.libraries;
    const statementsLoaded = libraries.split(',').some((library) => library.trim() === 'pg_stat_statements');
    // The view is queried in this database; the server counts every database's statements alike.
    if (statementsLoaded) await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    return {
      async read() {
        const statements = statementsLoaded
          ? (
              await client.query<{ id: string; query: string; calls: string }>(
                `SELECT queryid::text AS id, min(query) AS query, sum(calls)::text AS calls
                   FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = $1) GROUP BY queryid`,
                [database],
              )
            ).rows.map((row) => ({ id: row.id, query: row.query, calls: Number(row.calls) }))
          : null;
        const transactions = await client.query<{ count: string }>(
          'SELECT (xact_commit + xact_rollback)::text AS count FROM pg_stat_database WHERE datname = $1',
          [database],
        );
        const temporal = await client.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = ANY($1)',
          [[TEMPORAL_DATABASE, TEMPORAL_VISIBILITY_DATABASE]],
        );
        return {
          statements,
          transactions: Number(transactions.rows[0]?.count ?? 0),
          temporalBackendPids: temporal.rows.map((row) => row.pid),
        };
      },
      close: () => client.end(),
    };
  } catch (error) {
    await client.end();
    throw error;
  }
}

/**
 * What a statement does, by its first word; a `WITH` statement is counted apart (its CTEs may
 * write). `trigger`: an expression of a PL/pgSQL trigger (it names NEW or OLD), which
 * pg_stat_statements counts as a statement of its own when a deferred trigger runs at COMMIT
 * (the ledger's balance check, once per journal line); no client sent it.
 */
export type StatementKind =
  'select' | 'insert' | 'update' | 'delete' | 'with' | 'transactionControl' | 'trigger' | 'other';

const KIND_OF_WORD: Record<string, StatementKind> = {
  SELECT: 'select',
  INSERT: 'insert',
  UPDATE: 'update',
  DELETE: 'delete',
  WITH: 'with',
  BEGIN: 'transactionControl',
  START: 'transactionControl',
  COMMIT: 'transactionControl',
  END: 'transactionControl',
  ROLLBACK: 'transactionControl',
  SAVEPOINT: 'transactionControl',
  RELEASE: 'transactionControl',
};

export function statementKind(query: string): StatementKind {
  if (/\b(NEW|OLD)\.\w/i.test(query)) return 'trigger';
  const word = /^[\s(]*([A-Za-z]+)/.exec(query)?.[1]?.toUpperCase();
  return (word === undefined ? undefined : KIND_OF_WORD[word]) ?? 'other';
}

/** The statements whose calls the JSON lists: every one a QR flow makes, and more. */
const TOP_STATEMENTS = 30;
const QUERY_SHOWN = 160;

export interface SqlPerFlow {
  /** Where each count comes from; statements are null when pg_stat_statements is not loaded. */
  source: { statements: 'pg_stat_statements' | null; transactions: 'pg_stat_database' };
  /**
   * Statements a client sent that do work, per completed flow: every statement but the
   * transaction-control ones (BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE) and triggers' own.
   */
  statements: number | null;
  /** The transaction-control statements, apart. */
  transactionControl: number | null;
  byKind: Record<StatementKind, number> | null;
  transactions: number;
  /** The most called statements, calls per flow, the query as pg_stat_statements normalised it. */
  top: Array<{ calls: number; query: string }>;
}

/** The service database's SQL per completed flow between two readings. */
export function sqlPerFlow(before: DatabaseCounters, after: DatabaseCounters, completed: number): SqlPerFlow {
  const perFlow = (count: number) => count / completed;
  const transactions = perFlow(after.transactions - before.transactions);
  if (before.statements === null || after.statements === null) {
    return {
      source: { statements: null, transactions: 'pg_stat_database' },
      statements: null,
      transactionControl: null,
      byKind: null,
      transactions,
      top: [],
    };
  }
  const earlier = new Map(before.statements.map((statement) => [statement.id, statement.calls]));
  const made = after.statements
    // An entry pg_stat_statements evicted and made again may count less than before: none of it is known to be new.
    .map((statement) => ({
      query: statement.query,
      calls: Math.max(0, statement.calls - (earlier.get(statement.id) ?? 0)),
    }))
    .filter((statement) => statement.calls > 0);
  const byKind: Record<StatementKind, number> = {
    select: 0,
    insert: 0,
    update: 0,
    delete: 0,
    with: 0,
    other: 0,
    transactionControl: 0,
    trigger: 0,
  };
  for (const statement of made) byKind[statementKind(statement.query)] += statement.calls;
  const total = made.reduce((sum, statement) => sum + statement.calls, 0);
  return {
    source: { statements: 'pg_stat_statements', transactions: 'pg_stat_database' },
    statements: perFlow(total - byKind.transactionControl - byKind.trigger),
    transactionControl: perFlow(byKind.transactionControl),
    byKind: Object.fromEntries(Object.entries(byKind).map(([kind, calls]) => [kind, perFlow(calls)])) as Record<
      StatementKind,
      number
    >,
    transactions,
    top: made
      .sort((a, b) => b.calls - a.calls)
      .slice(0, TOP_STATEMENTS)
      .map((statement) => ({ calls: perFlow(statement.calls), query: oneLine(statement.query) })),
  };
}

const oneLine = (query: string) => {
  const line = query.replace(/\s+/g, ' ').trim();
  return line.length > QUERY_SHOWN ? `${line.slice(0, QUERY_SHOWN - 1)}…` : line;
};
