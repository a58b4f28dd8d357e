import { type RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import type { DataSource } from 'typeorm';
import { countedWindow } from '../db/counted-windows';
import { BoundedMap } from '../infra/bounded-map';
import type { ClientLimitsCache } from './client-limits';
import { QuotaClass, QuotaPolicy, windowMsOf } from '../config/quota-policy';
import type { QuotaReading } from './rate-limit-headers';

/** What one class's budget made of a request. */
export interface QuotaOutcome extends QuotaReading {
  admitted: boolean;
  /** Requests counted in the window so far, this one included (0 when refused without counting). */
  counted: number;
}

/** Limiters a replica keeps: one per class and policy in use, so overrides cannot grow it without end. */
const LIMITERS = 1000;

/**
 * Per-client budgets for each class of route, counted in PostgreSQL by rate-limiter-flexible so
 * that every API replica shares one count: one upsert per request and class. A client that has
 * spent its window is refused in memory for the rest of it, so one that keeps sending costs the
 * database nothing more until the window ends.
 */
export class Quotas {
  private readonly limiters = new BoundedMap<string, RateLimiterPostgres>(LIMITERS);

  constructor(
    private readonly dataSource: DataSource,
    /** The budgets in force for clients without overrides; null: quotas are off (QUOTA_DEFAULTS=off). */
    private readonly defaults: Readonly<Record<QuotaClass, QuotaPolicy>> | null,
    private readonly limits: ClientLimitsCache,
  ) {}

  get enabled(): boolean {
    return this.defaults !== null;
  }

  /** Counts one request of `clientId` against each class; an empty list when quotas are off. */
  async count(clientId: string, classes: readonly QuotaClass[]): Promise<QuotaOutcome[]> {
    if (!this.defaults) return [];
    const defaults = this.defaults;
    const { quotas } = await this.limits.of(clientId);
    return Promise.all(
      classes.map((quotaClass) => this.countOne(clientId, quotaClass, quotas[quotaClass] ?? defaults[quotaClass])),
    );
  }

  /**
   * Spends up to `points` more of the client's budget of `quotaClass`, as many as its window still
   * holds, and answers how many it spent: for a request that fans out into as many pieces of work
   * (a bulk redelivery), each piece beyond the request's own counts. All of them when quotas are off.
   */
  async spendUpTo(clientId: string, quotaClass: QuotaClass, points: number): Promise<number> {
    if (!this.defaults || points <= 0) return Math.max(points, 0);
    const { quotas } = await this.limits.of(clientId);
    const policy = quotas[quotaClass] ?? this.defaults[quotaClass];
    const limiter = this.limiter(quotaClass, policy);
    const spent = (await limiter.get(clientId))?.consumedPoints ?? 0;
    const granted = Math.min(points, policy.burst - spent);
    if (granted <= 0) return 0;
    try {
      await limiter.consume(clientId, granted);
      return granted;
    } catch (error) {
      // Another request of the client's spent the window meanwhile: this one gets nothing more.
      if (!(error instanceof RateLimiterRes)) throw error;
      return 0;
    }
  }

  private async countOne(clientId: string, quotaClass: QuotaClass, policy: QuotaPolicy): Promise<QuotaOutcome> {
    try {
      const res = await this.limiter(quotaClass, policy).consume(clientId);
      return {
        quotaClass,
        policy,
        admitted: true,
        counted: res.consumedPoints,
        remaining: res.remainingPoints,
        resetMs: res.msBeforeNext,
      };
    } catch (error) {
      // The library refuses with its result; anything else is the database failing.
      if (!(error instanceof RateLimiterRes)) throw error;
      return {
        quotaClass,
        policy,
        admitted: false,
        counted: error.consumedPoints,
        remaining: 0,
        resetMs: error.msBeforeNext,
      };
    }
  }

  private limiter(quotaClass: QuotaClass, policy: QuotaPolicy): RateLimiterPostgres {
    const name = `${quotaClass}:${policy.rate}:${policy.burst}`;
    let limiter = this.limiters.get(name);
    if (!limiter) {
      limiter = countedWindow(this.dataSource, {
        keyPrefix: quotaClass,
        points: policy.burst,
        durationSeconds: windowMsOf(policy) / 1000,
      });
      this.limiters.set(name, limiter);
    }
    return limiter;
  }
}
