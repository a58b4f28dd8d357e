import fc from 'fast-check';
import { percentile, summarize } from '../../../scripts/shared/stats';

describe('percentile (nearest rank)', () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1);

  it('on 1..100 the p-th percentile is p', () => {
    expect([1, 50, 95, 99, 100].map((p) => percentile(hundred, p))).toEqual([1, 50, 95, 99, 100]);
  });

  it('rounds the rank up on small samples, so p99 of few samples is the maximum', () => {
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
    expect(percentile([10, 20, 30, 40], 99)).toBe(40);
    expect(percentile([7], 50)).toBe(7);
  });

  it('is NaN without samples and refuses a percentile outside (0, 100]', () => {
    expect(percentile([], 50)).toBeNaN();
    expect(() => percentile([1], 0)).toThrow(RangeError);
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });

  it('is always an observed value, and no more than that share of samples lie below it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ noNaN: true, min: 0, max: 1e6 }), { minLength: 1 }),
        fc.integer({ min: 1, max: 100 }),
        (values, p) => {
          const sorted = [...values].sort((a, b) => a - b);
          const value = percentile(sorted, p);
          expect(sorted).toContain(value);
          expect(sorted.filter((v) => v <= value).length / sorted.length).toBeGreaterThanOrEqual(p / 100);
          expect(sorted.filter((v) => v < value).length / sorted.length).toBeLessThan(p / 100);
        },
      ),
    );
  });
});

describe('summarize', () => {
  it('sorts unsorted samples itself and leaves the input alone', () => {
    const samples = [30, 10, 40, 20];
    expect(summarize(samples)).toEqual({ count: 4, p50: 20, p95: 40, p99: 40 });
    expect(samples).toEqual([30, 10, 40, 20]);
  });
});
