import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { countedWindow } from '../db/counted-windows';
import { ApiError } from './api-error';

const WINDOW_SECONDS = 60;
const KEY_PREFIX = 'minute';
// The key column's width, less the prefix and its colon.
const MAX_NAME_LENGTH = 255 - KEY_PREFIX.length - 1;

/** A name made from caller input (what a trusted proxy forwarded) can be any length; a hash fits the column. */
const storedName = (name: string) =>
  name.length <= MAX_NAME_LENGTH ? name : `sha256:${createHash('sha256').update(name).digest('hex')}`;

/**
 * One-minute windows per bucket (a caller's address), counted once for every API replica in
 * PostgreSQL (countedWindow), as the clients' quotas are. This limiter also sweeps the shared
 * table of windows ended over an hour ago, so a refused address that never comes back leaves
 * no row behind for long.
 */
@Injectable()
export class RateLimiter {
  private readonly limiters = new Map<number, ReturnType<typeof countedWindow>>();

  constructor(private readonly dataSource: DataSource) {}

  /** Counts one hit in `name`, and refuses it (429 with Retry-After) when its minute holds more than `limit`. */
  async hit(name: string, limit: number): Promise<void> {
    try {
      await this.limiter(limit).consume(storedName(name));
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      throw new ApiError(429, 'Too Many Requests', 'RATE_LIMITED', {
        'Retry-After': String(Math.max(1, Math.ceil(error.msBeforeNext / 1000))),
      });
    }
  }

  private limiter(limit: number) {
    let limiter = this.limiters.get(limit);
    if (!limiter) {
      limiter = countedWindow(this.dataSource, {
        keyPrefix: KEY_PREFIX,
        points: limit,
        durationSeconds: WINDOW_SECONDS,
        sweeps: this.limiters.size === 0,
      });
      this.limiters.set(limit, limiter);
    }
    return limiter;
  }
}
