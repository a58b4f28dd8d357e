import { ConcurrencyLimit, reportStreamCapacity } from '../../../src/reports/concurrency-limit';

describe('ConcurrencyLimit', () => {
  it('gives at most capacity places, and a place back once however often it is released', () => {
    const limit = new ConcurrencyLimit(2);
    const first = limit.tryAcquire()!;
    const second = limit.tryAcquire()!;
    expect(limit.tryAcquire()).toBeNull();
    first();
    first();
    const third = limit.tryAcquire();
    expect(third).not.toBeNull();
    expect(limit.tryAcquire()).toBeNull();
    second();
    expect(limit.tryAcquire()).not.toBeNull();
  });

  it('refuses a capacity below one', () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(RangeError);
  });

  it('lets reports hold a quarter of the database pool, at least one connection', () => {
    expect(reportStreamCapacity(10)).toBe(2);
    expect(reportStreamCapacity(3)).toBe(1);
    expect(reportStreamCapacity(40)).toBe(10);
  });
});
