import { DEFAULT_QUOTAS, parseQuotaDefaults, quotaPolicySchema, windowMsOf } from '../../../src/config/quota-policy';

describe('quota policies', () => {
  it('count a burst in a window of burst ÷ rate seconds, so a client at its rate is never refused', () => {
    expect(windowMsOf({ rate: 20, burst: 40 })).toBe(2000);
    expect(windowMsOf({ rate: 3, burst: 10 })).toBe(3333);
    expect(windowMsOf({ rate: 5, burst: 5 })).toBe(1000);
  });

  it('refuse a burst below the rate, a rate of zero and a fractional burst', () => {
    expect(quotaPolicySchema.safeParse({ rate: 10, burst: 5 }).success).toBe(false);
    expect(quotaPolicySchema.safeParse({ rate: 0, burst: 5 }).success).toBe(false);
    expect(quotaPolicySchema.safeParse({ rate: 1, burst: 2.5 }).success).toBe(false);
    expect(quotaPolicySchema.safeParse({ rate: 0.5, burst: 1 }).success).toBe(true);
  });

  it('QUOTA_DEFAULTS: unset keeps the defaults, off turns quotas off, class=rate/burst replaces those classes', () => {
    expect(parseQuotaDefaults(undefined)).toBe(DEFAULT_QUOTAS);
    expect(parseQuotaDefaults('off')).toBeNull();
    expect(parseQuotaDefaults('previews=50/100, lookups=2.5/5')).toEqual({
      ...DEFAULT_QUOTAS,
      previews: { rate: 50, burst: 100 },
      lookups: { rate: 2.5, burst: 5 },
    });
  });

  it('QUOTA_DEFAULTS: names every bad entry', () => {
    expect(() => parseQuotaDefaults('previewz=1/1,lookups=10/5,payments')).toThrow(
      /"previewz=1\/1" is not class=rate\/burst.*lookups: burst must be at least the rate.*"payments" is not/,
    );
  });
});
