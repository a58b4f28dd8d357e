import { Inject, Injectable } from '@nestjs/common';
import type { PoolClient } from 'pg';
import Cursor from 'pg-cursor';
import { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { CLIENT_MARGIN_MS, dropConnection } from '../db/bounded-client';
import { REPORTED_STATUSES, REPORTED_WHEN_DECIDED } from '../orders/lifecycle';
import type { MovementRow } from './movement-row';
import type { ReportPeriod } from './report-period';

/** Rows per round trip: enough to keep the socket busy, few enough that memory stays flat. */
const BATCH_ROWS = 1000;

/** A connection whose cursor does not close in this time is presumed broken and dropped. */
const CLOSE_TIMEOUT_MS = 5000;

/** Each client names an order by its own reference: the collector of a QR created here by its own. */
const OWN_REFERENCE = `CASE WHEN o.collector_client_id = $1 THEN o.collector_external_reference ELSE o.external_reference END AS external_reference`;

/**
 * A client's movements created in [$2, $3): one PAYMENT per order it paid or collected whose
 * payer accepted it (REPORTED_STATUSES, and REPORTED_WHEN_DECIDED when the decision reached it:
 * its notification_url is recorded), one REFUND per refund of such an order, oldest first. A
 * refund shows the order's reference, rate and merchant, and its own amounts, status and error.
 * The leading comment names these long-lived queries in pg_stat_activity.
 */
const MOVEMENTS_SQL = `/* reconciliation file */
  SELECT order_id, external_reference, type, status, created_at, updated_at, local_amount, local_currency,
         user_amount, user_currency, fx_rate, merchant_name, merchant_identification_number, error_code, flow, local_country
  FROM (
    SELECT o.id AS order_id, ${OWN_REFERENCE}, 'PAYMENT' AS type, o.status, o.created_at, o.updated_at,
           o.local_amount, o.local_currency, o.user_amount, o.user_currency, o.fx_rate,
           o.merchant_name, o.merchant_identification_number, o.error_code, o.flow, o.local_country, 0 AS seq
    FROM orders o
    WHERE (o.payer_client_id = $1 OR o.collector_client_id = $1)
      AND o.created_at >= $2 AND o.created_at < $3
      AND (o.status = ANY($4::varchar[]) OR (o.status = ANY($5::varchar[]) AND o.payment_notification_url IS NOT NULL))
    UNION ALL
    SELECT r.order_id, ${OWN_REFERENCE}, 'REFUND', r.status, r.created_at, r.updated_at,
           r.local_amount, r.local_currency, r.user_amount, r.user_currency, o.fx_rate,
           o.merchant_name, o.merchant_identification_number, r.error_code, o.flow, o.local_country, r.seq
    FROM refunds r
    JOIN orders o ON o.id = r.order_id
    WHERE (o.payer_client_id = $1 OR o.collector_client_id = $1)
      AND r.created_at >= $2 AND r.created_at < $3
  ) movements
  ORDER BY created_at, order_id, seq`;

type Release = (error?: unknown) => void;

/**
 * One batch, within `withinMs` (0: unbounded): a server that went silent mid-file drops the
 * connection, and the read fails, instead of holding the request until TCP gives up.
 */
function readBatch(client: PoolClient, cursor: Cursor<MovementRow>, withinMs: number): Promise<MovementRow[]> {
  if (withinMs === 0) return cursor.read(BATCH_ROWS);
  const timer = setTimeout(() => dropConnection(client, withinMs), withinMs);
  return cursor.read(BATCH_ROWS).finally(() => clearTimeout(timer));
}

/**
 * An open server-side cursor over a client's movements, holding one pooled connection until
 * `close`. Read once, through `batches`; `close` must follow in every case (it is idempotent).
 */
export class MovementCursor {
  private reading: Promise<unknown> = Promise.resolve();
  private failure: unknown;
  private closed = false;

  constructor(
    private readonly client: PoolClient,
    private readonly cursor: Cursor<MovementRow>,
    private readonly first: MovementRow[],
    private readonly release: Release,
    private readonly readWithinMs: number,
  ) {}

  /**
   * The movements in batches. The next batch is fetched while the reader takes the current
   * one, so the database and the socket work at the same time; no more is held than these two.
   */
  async *batches(): AsyncGenerator<MovementRow[]> {
    for (let batch = this.first; batch.length > 0;) {
      const following = this.next();
      yield batch;
      batch = await following;
    }
  }

  /**
   * Ends the cursor and gives the connection back. A connection that failed, or whose cursor
   * does not close, is handed back with the error, so the pool drops it instead of reusing it.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.reading;
    if (this.failure !== undefined) return this.release(this.failure);
    if (!(await this.closeCursor())) return this.release(new Error('the movements cursor did not close'));
    this.release(
      await this.client.query('RESET statement_timeout').then(
        () => undefined,
        (error: unknown) => error,
      ),
    );
  }

  private next(): Promise<MovementRow[]> {
    const read = readBatch(this.client, this.cursor, this.readWithinMs);
    this.reading = read.catch((error: unknown) => {
      this.failure = error;
    });
    return read;
  }

  private closeCursor(): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
      this.cursor.close().then(
        () => {
          clearTimeout(timer);
          resolve(true);
        },
        () => {
          clearTimeout(timer);
          resolve(false);
        },
      );
    });
  }
}

/** Opens movement cursors on connections of the service's own pool. */
@Injectable()
export class MovementsRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /**
   * A cursor over the client's movements of the period, its first batch already read, so a
   * failing query is an error here, before any of the file is sent. Its statement lasts as long
   * as the reader takes, so statement_timeout, which would end a long file, is off on its
   * connection until `close` (RESET gives the connection back its own); each read is bounded
   * instead, as a statement would be.
   */
  async open(clientId: string, period: ReportPeriod): Promise<MovementCursor> {
    const driver = this.dataSource.driver as PostgresDriver;
    const [client, release] = (await driver.obtainMasterConnection()) as [PoolClient, Release];
    const statementMs = this.env.DATABASE_STATEMENT_TIMEOUT;
    const readWithinMs = statementMs === 0 ? 0 : statementMs + CLIENT_MARGIN_MS;
    try {
      await client.query('SET statement_timeout = 0');
      const cursor = client.query(
        new Cursor<MovementRow>(MOVEMENTS_SQL, [
          clientId,
          period.start,
          period.end,
          REPORTED_STATUSES,
          REPORTED_WHEN_DECIDED,
        ]),
      );
      return new MovementCursor(client, cursor, await readBatch(client, cursor, readWithinMs), release, readWithinMs);
    } catch (error) {
      release(error);
      throw error;
    }
  }
}
