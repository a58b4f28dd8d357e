import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sha256Hex } from '../auth/credentials';
import { ApiError } from './api-error';

const WINDOW_SECONDS = 60;
// The width of rate_limit_windows.bucket.
const MAX_BUCKET_LENGTH = 200;

/** A bucket name made from caller input (a forwarded address) can be any length; a hash fits the column. */
const storedBucket = (bucket: string) => (bucket.length <= MAX_BUCKET_LENGTH ? bucket : `sha256:${sha256Hex(bucket)}`);

function windowOf(now: Date) {
  const startSeconds = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
  const retryAfter = Math.max(1, startSeconds + WINDOW_SECONDS - Math.floor(now.getTime() / 1000));
  return { start: new Date(startSeconds * 1000), retryAfter };
}

const tooManyRequests = (retryAfter: number) => new ApiError(429, 'Too Many Requests', 'RATE_LIMITED', { 'Retry-After': String(retryAfter) });

/**
 * Fixed one-minute windows counted in PostgreSQL, so every API replica shares the count.
 * Throws 429 with Retry-After once `limit` hits are used in the current window.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts one hit, then refuses it when the window holds more than `limit`. */
  async hit(name: string, limit: number, now = new Date()): Promise<void> {
    const bucket = storedBucket(name);
    const window = windowOf(now);
    const [row] = await this.dataSource.query(
      `INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
       RETURNING hits`,
      [bucket, window.start],
    );
    if (row.hits === 1) {
      // The first hit of a window clears the bucket's older windows, keeping the table small.
      await this.dataSource.query('DELETE FROM rate_limit_windows WHERE bucket = $1 AND window_start < $2', [bucket, window.start]);
    }
    if (row.hits > limit) throw tooManyRequests(window.retryAfter);
  }

  /** Refuses when the window already holds `limit` hits, without counting one. */
  async check(name: string, limit: number, now = new Date()): Promise<void> {
    const window = windowOf(now);
    const rows: Array<{ hits: number }> = await this.dataSource.query(
      'SELECT hits FROM rate_limit_windows WHERE bucket = $1 AND window_start = $2',
      [storedBucket(name), window.start],
    );
    if ((rows[0]?.hits ?? 0) >= limit) throw tooManyRequests(window.retryAfter);
  }
}
