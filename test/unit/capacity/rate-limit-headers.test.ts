import { rateLimitHeaders, retryAfterSeconds } from '../../../src/capacity/rate-limit-headers';

describe('the RateLimit header fields (draft-ietf-httpapi-ratelimit-headers)', () => {
  it('name each class with its quota and window, and what is left and when it comes back', () => {
    expect(
      rateLimitHeaders([
        { quotaClass: 'previews', policy: { rate: 20, burst: 40 }, remaining: 12, resetMs: 1200 },
        { quotaClass: 'lookups', policy: { rate: 3, burst: 10 }, remaining: 0, resetMs: 20 },
      ]),
    ).toEqual({
      'RateLimit-Policy': '"previews";q=40;w=2, "lookups";q=10;w=4',
      RateLimit: '"previews";r=12;t=2, "lookups";r=0;t=1',
    });
  });

  it('say nothing for a route no quota counts (quotas off)', () => {
    expect(rateLimitHeaders([])).toEqual({});
  });

  it('tell a refused client to come back when its window starts again, never in under a second', () => {
    expect(retryAfterSeconds(0)).toBe(1);
    expect(retryAfterSeconds(1001)).toBe(2);
  });
});
