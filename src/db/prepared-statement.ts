import type { Pool, PoolClient, QueryResultRow } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';

export interface StatementResult<R> {
  rows: R[];
  /** Rows inserted, updated, deleted or returned. */
  rowCount: number;
}

/**
 * A statement of a hot path, prepared once per pooled connection under its name: PostgreSQL
 * parses and plans it once, and the API builds no query per call. TypeORM's query builder
 * rebuilt, escaped and aliased each such query on every request, and hydrated its rows column
 * by column: about a fifth of the API's CPU. Each name must stand for one text only.
 */
export class PreparedStatement<R extends QueryResultRow = QueryResultRow> {
  readonly text: string;

  constructor(
    readonly name: string,
    text: string,
  ) {
    this.text = text.replace(/\s+/g, ' ').trim();
  }

  /**
   * Runs it on a connection of the data source's pool, outside any transaction (it is one
   * statement: atomic by itself). It fails as TypeORM's own queries do, with a QueryFailedError
   * around the driver's error, so that error handling and logs treat both alike.
   */
  async run(dataSource: DataSource, values: readonly unknown[]): Promise<StatementResult<R>> {
    const pool = (dataSource.driver as unknown as { master: Pool }).master;
    // A connection that cannot be had in time fails as it does for TypeORM: not a query failure.
    const client: PoolClient = await pool.connect();
    // A connection that fails while held (its socket died) is handed back as broken, and the
    // pool drops it, as TypeORM's query runner does; unheard, the error would end the process.
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken = error;
    };
    client.on('error', onError);
    try {
      const result = await client.query<R>({ name: this.name, text: this.text, values: values as unknown[] });
      return { rows: result.rows, rowCount: result.rowCount ?? 0 };
    } catch (error) {
      throw new QueryFailedError(this.text, values as unknown[], error as Error);
    } finally {
      client.off('error', onError);
      client.release(broken);
    }
  }
}
