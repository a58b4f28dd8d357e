import { admissionRefusal, expectedWaitMs, FULL_FACTOR } from '../../../src/capacity/admission';

const settings = { maxBacklogAgeMs: 2000, fairSharePerSecond: 2 };
const light = { counted: 1, windowMs: 2000 };
const heavy = { counted: 30, windowMs: 2000 };
/** A queue whose tasks a new one would wait `ms` behind (its oldest that old, nothing dispatched). */
const waiting = (ms: number) => [{ ageMs: ms, count: 10, dispatchPerSecond: 0 }];
const idle = [
  { ageMs: 0, count: 0, dispatchPerSecond: 40 },
  { ageMs: 0, count: 0, dispatchPerSecond: 40 },
];

describe('the expected wait of a task added now', () => {
  it('is the backlog at the rate the workers take it, seen before its oldest task has grown old', () => {
    expect(expectedWaitMs({ ageMs: 300, count: 100, dispatchPerSecond: 20 })).toBe(5000);
  });

  it('is the oldest task’s age when that is longer, or when the workers take nothing', () => {
    expect(expectedWaitMs({ ageMs: 8000, count: 10, dispatchPerSecond: 20 })).toBe(8000);
    expect(expectedWaitMs({ ageMs: 4000, count: 10, dispatchPerSecond: 0 })).toBe(4000);
    expect(expectedWaitMs({ ageMs: 0, count: 0, dispatchPerSecond: 0 })).toBe(0);
  });
});

describe('admission on the backlog', () => {
  it('admits every preview while the workers keep up, or while the backlog is unknown', () => {
    expect(admissionRefusal(idle, heavy, settings)).toBeNull();
    expect(admissionRefusal(waiting(2000), heavy, settings)).toBeNull();
    expect(admissionRefusal(null, heavy, settings)).toBeNull();
  });

  it('judges by the longer wait of the workflow and the activity queue', () => {
    expect(admissionRefusal([idle[0]!, { ageMs: 100, count: 120, dispatchPerSecond: 30 }], heavy, settings)).toEqual({
      reason: 'OVER_FAIR_SHARE',
      retryAfterSeconds: 4,
    });
  });

  it('past the bound, sheds the previews of clients over their fair share first, and tells them when to come back', () => {
    expect(admissionRefusal(waiting(4500), heavy, settings)).toEqual({
      reason: 'OVER_FAIR_SHARE',
      retryAfterSeconds: 5,
    });
    expect(admissionRefusal(waiting(4500), light, settings)).toBeNull();
    // Fair share 2 a second over a window of 2 s: four previews in the window pass, the fifth does not.
    expect(admissionRefusal(waiting(4500), { counted: 4, windowMs: 2000 }, settings)).toBeNull();
    expect(admissionRefusal(waiting(4500), { counted: 5, windowMs: 2000 }, settings)).not.toBeNull();
  });

  it(`past ${FULL_FACTOR} times the bound, or with quotas off, sheds every new preview`, () => {
    expect(admissionRefusal(waiting(FULL_FACTOR * 2000 + 1), light, settings)).toEqual({
      reason: 'BACKLOG_FULL',
      retryAfterSeconds: 11,
    });
    expect(admissionRefusal(waiting(2500), null, settings)).toEqual({ reason: 'BACKLOG_FULL', retryAfterSeconds: 3 });
    expect(admissionRefusal(waiting(600_000), light, settings)?.retryAfterSeconds).toBe(30);
  });

  it('is off at a bound of 0', () => {
    expect(admissionRefusal(waiting(600_000), heavy, { ...settings, maxBacklogAgeMs: 0 })).toBeNull();
  });
});
