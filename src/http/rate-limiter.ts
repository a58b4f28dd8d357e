import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { sha256Hex } from '../auth/credentials';
import { PreparedStatement } from '../db/prepared-statement';
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
 * Counts a hit in bucket $1's window starting $2, clearing the bucket's older windows at the
 * window's first hit (keeping the table small). A bucket already past its limit $3 is not
 * written again (no row version per refused request in a flood): `hits` is then null.
 */
const countHit = new PreparedStatement<{ hits: number | null }>(
  'rate-limit.hit',
  `WITH counted AS (
     INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES ($1, $2, 1)
     ON CONFLICT (bucket, window_start) DO UPDATE SET hits = rate_limit_windows.hits + 1 WHERE rate_limit_windows.hits <= $3
     RETURNING hits),
   cleared AS (DELETE FROM rate_limit_windows WHERE bucket = $1 AND window_start < $2 AND (SELECT hits FROM counted) = 1)
   SELECT (SELECT hits FROM counted) AS hits`,
);

/**
 * Fixed one-minute windows counted in PostgreSQL, so every API replica shares the count.
 * Throws 429 with Retry-After once `limit` hits are used in the current window.
 */
@Injectable()
export class RateLimiter {
  constructor(private readonly dataSource: DataSource) {}

  /** Counts one hit in `name`, then refuses it when the window holds more than `limit`. */
  async hit(name: string, limit: number, now = new Date()): Promise<void> {
    const window = windowOf(now);
    const { rows } = await countHit.run(this.dataSource, [storedBucket(name), window.start, limit]);
    const { hits } = rows[0]!;
    if (hits === null || hits > limit) throw tooManyRequests(window.retryAfter);
  }
}
