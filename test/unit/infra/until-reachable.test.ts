import { isOutOfReach, ReachOptions, untilReachable } from '../../../src/infra/until-reachable';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** A retry on a fake clock: each sleep moves it on, each warning is kept. */
function fakeRetry(windowMs = 60_000) {
  let clock = 0;
  const sleeps: number[] = [];
  const warnings: string[] = [];
  const retry: ReachOptions = {
    windowMs,
    firstDelayMs: 500,
    maxDelayMs: 4_000,
    warn: (message) => warnings.push(message),
    sleep: async (ms) => {
      sleeps.push(ms);
      clock += ms;
    },
    now: () => clock,
  };
  return { retry, sleeps, warnings };
}

/** Fails with `errors` in turn, then answers `value`. */
function failingThen<T>(errors: unknown[], value: T) {
  let calls = 0;
  const connect = async () => {
    calls++;
    if (errors.length > 0) throw errors.shift();
    return value;
  };
  return { connect, calls: () => calls };
}

describe('untilReachable', () => {
  it('retries a dependency out of reach with doubling delays up to the cap, warning each time, and returns what it connected', async () => {
    const { retry, sleeps, warnings } = fakeRetry();
    const { connect, calls } = failingThen(Array.from({ length: 6 }, refused), 'connected');
    await expect(untilReachable('PostgreSQL', connect, retry)).resolves.toBe('connected');
    expect(calls()).toBe(7);
    expect(sleeps).toEqual([500, 1000, 2000, 4000, 4000, 4000]);
    expect(warnings).toHaveLength(6);
    expect(warnings[0]).toBe(
      'PostgreSQL is out of reach (connect ECONNREFUSED 127.0.0.1:5432); attempt 1 failed after 0.0 s, trying again in 0.5 s',
    );
  });

  it('gives up with the last error once the next wait would pass the window', async () => {
    const { retry, sleeps } = fakeRetry(5_000);
    const { connect } = failingThen(Array.from({ length: 100 }, refused), 'never');
    await expect(untilReachable('PostgreSQL', connect, retry)).rejects.toThrow('ECONNREFUSED');
    expect(sleeps.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(5_000);
    expect(sleeps).toEqual([500, 1000, 2000]);
  });

  it('throws a misconfiguration at once: waiting would not heal a wrong password', async () => {
    const { retry, sleeps } = fakeRetry();
    const wrongPassword = Object.assign(new Error('password authentication failed for user "payments"'), {
      code: '28P01',
    });
    await expect(untilReachable('PostgreSQL', failingThen([wrongPassword], 'never').connect, retry)).rejects.toBe(
      wrongPassword,
    );
    expect(sleeps).toEqual([]);
  });
});

describe('isOutOfReach', () => {
  it.each([
    ['a refused socket', refused()],
    [
      'PostgreSQL starting up (57P03)',
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
    ],
    ['the Temporal client finding no server', new Error('Failed to connect before the deadline')],
    [
      'a bare gRPC UNAVAILABLE from the operator service',
      Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14, details: 'x', metadata: {} }),
    ],
    [
      'the worker connection finding no server',
      Object.assign(new Error('tonic::transport::Error(Transport, ConnectError("tcp connect error", …))'), {
        name: 'TransportError',
      }),
    ],
  ])('calls %s out of reach', (_label, error) => {
    expect(isOutOfReach(error)).toBe(true);
  });

  it.each([
    ['a wrong password', Object.assign(new Error('password authentication failed'), { code: '28P01' })],
    ['a bad certificate', new Error('unable to verify the first certificate')],
    ['a bug', new TypeError('x is undefined')],
  ])('does not call %s out of reach', (_label, error) => {
    expect(isOutOfReach(error)).toBe(false);
  });
});
