import { QuotaClass, QuotaPolicy, windowMsOf } from '../config/quota-policy';

/** What one class's budget said of a request: the policy it was judged by and what is left of its window. */
export interface QuotaReading {
  quotaClass: QuotaClass;
  policy: QuotaPolicy;
  /** Requests the window still admits (0 when this one was refused). */
  remaining: number;
  /** Until the window ends and its budget is whole again. */
  resetMs: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-10), one list member
 * per class the route counts against: `RateLimit-Policy: "previews";q=40;w=2` (the quota and
 * its window in seconds) and `RateLimit: "previews";r=12;t=1` (what is left, and in how many
 * seconds the window starts again). A fractional window is announced rounded up: a client that
 * paces itself by it stays within the quota.
 */
export function rateLimitHeaders(readings: readonly QuotaReading[]): Record<string, string> {
  if (readings.length === 0) return {};
  return {
    'RateLimit-Policy': readings
      .map(({ quotaClass, policy }) => `"${quotaClass}";q=${policy.burst};w=${seconds(windowMsOf(policy))}`)
      .join(', '),
    RateLimit: readings
      .map(({ quotaClass, remaining, resetMs }) => `"${quotaClass}";r=${Math.max(0, remaining)};t=${seconds(resetMs)}`)
      .join(', '),
  };
}

/** Retry-After for a refusal: when the window that refused it starts again. */
export const retryAfterSeconds = (resetMs: number) => seconds(resetMs);
