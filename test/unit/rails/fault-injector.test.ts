import { FaultInjector, NO_FAULTS, faultsFromEnv } from '../../../sim/rails/fault-injector';

async function outcomes(injector: FaultInjector, count: number): Promise<boolean[]> {
  const failed: boolean[] = [];
  for (let i = 0; i < count; i += 1) {
    failed.push(
      await injector.apply().then(
        () => false,
        () => true,
      ),
    );
  }
  return failed;
}

describe('FaultInjector', () => {
  it('fails the same requests on every run for a given seed and rate', async () => {
    const config = { ...NO_FAULTS, error_rate: 0.3 };
    const first = await outcomes(new FaultInjector('seed', config), 200);
    expect(await outcomes(new FaultInjector('seed', config), 200)).toEqual(first);
    const failures = first.filter(Boolean).length;
    expect(failures).toBeGreaterThan(30);
    expect(failures).toBeLessThan(90);
  });

  it('restarts the sequence when the configuration is replaced', async () => {
    const injector = new FaultInjector('seed', NO_FAULTS);
    injector.replace({ ...NO_FAULTS, error_rate: 0.5 });
    const first = await outcomes(injector, 20);
    injector.replace({ ...NO_FAULTS, error_rate: 0.5 });
    expect(await outcomes(injector, 20)).toEqual(first);
  });

  it('never fails at rate 0 and always at rate 1 or when down', async () => {
    expect(await outcomes(new FaultInjector('s', NO_FAULTS), 50)).not.toContain(true);
    expect(await outcomes(new FaultInjector('s', { ...NO_FAULTS, error_rate: 1 }), 50)).not.toContain(false);
    await expect(new FaultInjector('s', { ...NO_FAULTS, down: true }).apply()).rejects.toMatchObject({
      status: 503,
      code: 'RAIL_DOWN',
    });
  });
});

describe('faultsFromEnv', () => {
  it('defaults to no faults', () => {
    expect(faultsFromEnv({})).toEqual(NO_FAULTS);
  });

  it('reads the four variables', () => {
    expect(
      faultsFromEnv({
        RAILS_FAULT_LATENCY_MS: '250',
        RAILS_FAULT_ERROR_RATE: '0.1',
        RAILS_FAULT_DOWN: '1',
        RAILS_FAULT_LOSE_RESPONSE: 'true',
      }),
    ).toEqual({
      latency_ms: 250,
      error_rate: 0.1,
      down: true,
      lose_response: true,
    });
  });

  it('refuses a rate outside 0..1', () => {
    expect(() => faultsFromEnv({ RAILS_FAULT_ERROR_RATE: '1.5' })).toThrow();
  });
});
