import { admissionRefusal, FULL_FACTOR } from '../../../src/capacity/admission';

const settings = { maxBacklogAgeMs: 2000, fairSharePerSecond: 2 };
const light = { counted: 1, windowMs: 2000 };
const heavy = { counted: 30, windowMs: 2000 };

describe('admission on the backlog', () => {
  it('admits every preview while the workers keep up, or while the backlog is unknown', () => {
    expect(admissionRefusal({ ageMs: 2000, count: 50 }, heavy, settings)).toBeNull();
    expect(admissionRefusal(null, heavy, settings)).toBeNull();
  });

  it('past the bound, sheds the previews of clients over their fair share first, and tells them when to come back', () => {
    expect(admissionRefusal({ ageMs: 4500, count: 300 }, heavy, settings)).toEqual({ reason: 'OVER_FAIR_SHARE', retryAfterSeconds: 5 });
    expect(admissionRefusal({ ageMs: 4500, count: 300 }, light, settings)).toBeNull();
    // Fair share 2 a second over a window of 2 s: four previews in the window pass, the fifth does not.
    expect(admissionRefusal({ ageMs: 4500, count: 300 }, { counted: 4, windowMs: 2000 }, settings)).toBeNull();
    expect(admissionRefusal({ ageMs: 4500, count: 300 }, { counted: 5, windowMs: 2000 }, settings)).not.toBeNull();
  });

  it(`past ${FULL_FACTOR} times the bound, or with quotas off, sheds every new preview`, () => {
    expect(admissionRefusal({ ageMs: 6001, count: 900 }, light, settings)).toEqual({ reason: 'BACKLOG_FULL', retryAfterSeconds: 7 });
    expect(admissionRefusal({ ageMs: 2500, count: 10 }, null, settings)).toEqual({ reason: 'BACKLOG_FULL', retryAfterSeconds: 3 });
    expect(admissionRefusal({ ageMs: 600_000, count: 9 }, light, settings)?.retryAfterSeconds).toBe(30);
  });

  it('is off at a bound of 0', () => {
    expect(admissionRefusal({ ageMs: 600_000, count: 9 }, heavy, { ...settings, maxBacklogAgeMs: 0 })).toBeNull();
  });
});
