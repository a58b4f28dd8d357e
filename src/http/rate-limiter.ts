import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sha256Hex } from '../auth/credentials';
import { ApiError } from './api-error';

const WINDOW_SECONDS = 60;
// The width of rate_limit_windows.bucket.
const MAX_BUCKET_LENGTH = 200;

/** A bucket name made from caller input (a forwarded address) can be any length; a hash fits the column. */
const storedBucket = (bucket: string) => (bucket.length <= MAX_BUCKET_LENGTH ? bucket : `sha256:${sha256Hex(bucket)}`);

/**
 * Fixed one-minute windows counted in PostgreSQL, so every API replica shares the count.
 * Throws 429 with Retry-After once `limit` hits are used in the current window.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  async hit(name: string, limit: number, now = new Date()): Promise<void> {
    const bucket = storedBucket(name);
    const windowStartSeconds = Math.floor(now.getTime() / 1000 / WINDOW_SECONDS) * WINDOW_SECONDS;
    const windowStart = new Date(windowStartSeconds * 1000);
    const [row] = await this.dataSource.query(
      `INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES ($1, $2, 1)
       ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1
       RETURNING hits`,
      [bucket, windowStart],
    );
    if (row.hits === 1) {
      // The first hit of a window clears the bucket's older windows, keeping the table small.
      await this.dataSource.query('DELETE FROM rate_limit_windows WHERE bucket = $1 AND window_start < $2', [bucket, windowStart]);
    }
    if (row.hits > limit) {
      const retryAfter = Math.max(1, windowStartSeconds + WINDOW_SECONDS - Math.floor(now.getTime() / 1000));
      throw new ApiError(429, 'Too Many Requests', 'RATE_LIMITED', { 'Retry-After': String(retryAfter) });
    }
  }
}
