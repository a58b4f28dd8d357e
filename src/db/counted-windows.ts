import { RateLimiterPostgres } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';

/**
 * The table every replica counts requests in (migration 1763801800000): one row per counted key
 * (a client and a quota class, a caller's address), upserted in place, in the layout
 * rate-limiter-flexible's PostgreSQL store reads.
 */
export const COUNTED_WINDOWS_TABLE = 'quota_windows';

export interface CountedWindow {
  /** Names what is counted (`previews`, `auth`): the key of each count starts with it. */
  keyPrefix: string;
  /** Requests a window holds. */
  points: number;
  /** The window, in seconds (fractions allowed). */
  durationSeconds: number;
  /** Whether this limiter sweeps the table's windows that ended over an hour ago (every 5 min): one per process is enough. */
  sweeps?: boolean;
}

/**
 * A fixed-window count shared by every API replica through PostgreSQL (rate-limiter-flexible):
 * one upsert per counted request. A key past its window's budget is refused from this
 * process's memory until the window ends, so a client that keeps sending costs the database
 * nothing more.
 */
export function countedWindow(
  dataSource: DataSource,
  { keyPrefix, points, durationSeconds, sweeps = false }: CountedWindow,
): RateLimiterPostgres {
  return new RateLimiterPostgres({
    storeClient: dataSource,
    storeType: 'typeorm',
    tableName: COUNTED_WINDOWS_TABLE,
    // Made by a migration, never by the library at run time.
    tableCreated: true,
    clearExpiredByTimeout: sweeps,
    keyPrefix,
    points,
    duration: durationSeconds,
    inMemoryBlockOnConsumed: points + 1,
  });
}
