import { serviceRegistry } from '../../../src/observability/metrics';
import { RailsDeclinedError, RailsUnavailableError } from '../../../src/rails/rails.errors';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';
import { startSimulator, type RunningSimulator } from './rails-simulator.fixture';

let rails: RunningSimulator;

beforeAll(async () => {
  rails = await startSimulator({ seed: 'metrics-test' });
});

afterAll(() => rails.close());

const railCalls = async (labels: Record<string, string>) =>
  valueOf(parseExposition(await serviceRegistry.metrics()), 'cbp_rails_request_duration_seconds_count', labels);

describe('rail request metrics', () => {
  it('times each call under its rail and operation, with its outcome: ok, declined or unavailable', async () => {
    const adapter = rails.adapter();
    const ok = { rail: 'brazil', operation: 'lookup_key', outcome: 'ok' };
    const declined = { ...ok, outcome: 'declined' };
    const unavailable = { rail: 'fx_provider', operation: 'mid_rate', outcome: 'unavailable' };
    const before = await Promise.all([ok, declined, unavailable].map(railCalls));

    await adapter.keys.lookupKey({ country: 'BR', key: 'ana@example.com' });
    await expect(adapter.keys.lookupKey({ country: 'BR', key: 'notfound@sandbox.test' })).rejects.toBeInstanceOf(
      RailsDeclinedError,
    );
    await rails.admin('POST', { down: true });
    await expect(adapter.fx.midRate('USD', 'BRL')).rejects.toBeInstanceOf(RailsUnavailableError);
    await rails.admin('DELETE');

    expect(await Promise.all([ok, declined, unavailable].map(railCalls))).toEqual(before.map((count) => count + 1));
  });
});
