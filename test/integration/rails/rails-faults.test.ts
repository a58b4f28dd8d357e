import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRails } from '../../../src/rails/rails.factory';
import { RailsUnavailableError } from '../../../src/rails/rails.errors';
import { BR_KEY, startSimulator, type RunningSimulator } from './rails-simulator.fixture';

let rails: RunningSimulator;

beforeAll(async () => {
  rails = await startSimulator({ seed: 'faults-test' });
});

afterAll(() => rails.close());

afterEach(async () => {
  await rails.admin('DELETE');
});

const lookup = (adapter = rails.adapter()) => adapter.keys.lookupKey({ country: 'BR', key: 'ana@example.com' });

async function outcomes(count: number): Promise<boolean[]> {
  const failed: boolean[] = [];
  for (let i = 0; i < count; i += 1)
    failed.push(
      await lookup().then(
        () => false,
        () => true,
      ),
    );
  return failed;
}

describe('rails simulator fault injection', () => {
  it('answers 503 on every rail route while down, and recovers when cleared', async () => {
    expect((await rails.admin('POST', { down: true })).status).toBe(200);
    await expect(lookup()).rejects.toBeInstanceOf(RailsUnavailableError);
    await expect(rails.adapter().fx.midRate('USD', 'BRL')).rejects.toBeInstanceOf(RailsUnavailableError);
    expect((await fetch(`${rails.baseUrl}/health`)).status).toBe(503);

    expect((await rails.admin('DELETE')).status).toBe(200);
    await expect(lookup()).resolves.toMatchObject({ kind: 'ACCOUNT_HOLDER' });
  });

  it('turns latency beyond the adapter timeout into RailsUnavailableError', async () => {
    await rails.admin('POST', { latency_ms: 400 });
    await expect(lookup(rails.adapter(100))).rejects.toThrow(/timed out/);
    await expect(lookup(rails.adapter(2000))).resolves.toMatchObject({ kind: 'ACCOUNT_HOLDER' });
  });

  it('fails a seeded, repeatable share of requests under error_rate', async () => {
    await rails.admin('POST', { error_rate: 0.5 });
    const first = await outcomes(30);
    await rails.admin('POST', { error_rate: 0.5 });
    expect(await outcomes(30)).toEqual(first);
    expect(first).toContain(true);
    expect(first).toContain(false);
  });

  it('executes requests but loses their answers under lose_response, until cleared', async () => {
    await rails.admin('POST', { lose_response: true });
    const request = {
      payoutId: `lost-${Date.now()}`,
      orderId: 'lost-order',
      country: 'BR' as const,
      currency: 'BRL' as const,
      amount: '25.00',
      destination: { type: 'KEY' as const, key: 'ana@example.com' },
    };
    const started = Date.now();
    expect(await rails.adapter(300).payouts.payout(request)).toMatchObject({
      kind: 'UNKNOWN',
      reason: expect.stringMatching(/timed out/),
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // The inquiry's answer is lost too, while the fault lasts.
    await expect(
      rails.adapter(300).payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY }),
    ).rejects.toBeInstanceOf(RailsUnavailableError);
    const admin = await fetch(`${rails.baseUrl}/__admin/payouts/${request.payoutId}`);
    expect(await admin.json()).toMatchObject({ requests: 1, executions: 1 });

    await rails.admin('DELETE');
    expect(await rails.adapter().payouts.payoutStatus({ payoutId: request.payoutId, route: BR_KEY })).toMatchObject({
      status: 'COMPLETED',
    });
  });

  it('refuses an invalid fault configuration', async () => {
    const response = await rails.admin('POST', { error_rate: 2 });
    expect(response.status).toBe(400);
    await expect(lookup()).resolves.toMatchObject({ kind: 'ACCOUNT_HOLDER' });
  });

  it('starts with the faults it is given', async () => {
    const down = await startSimulator({ faults: { latency_ms: 0, error_rate: 0, down: true, lose_response: false } });
    try {
      await expect(lookup(down.adapter())).rejects.toBeInstanceOf(RailsUnavailableError);
    } finally {
      await down.close();
    }
  });
});

describe('RailsHttpAdapter transport failures', () => {
  it('treats a refused connection as unavailable', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const failure = lookup(createRails(`http://127.0.0.1:${port}`, 1000));
    await expect(failure).rejects.toBeInstanceOf(RailsUnavailableError);
    await expect(failure).rejects.toThrow(/ECONNREFUSED/);
  });

  it.each([
    [429, '{}', /429/],
    [418, '{}', /unexpected status 418/],
    [200, '{"not":"a lookup"}', /unexpected response body/],
    [200, 'not json', /unexpected response body/],
  ])('treats status %i with body %s as unavailable', async (status, body, message) => {
    const server = createServer((_request, response) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const failure = lookup(createRails(`http://127.0.0.1:${port}/`, 1000));
      await expect(failure).rejects.toBeInstanceOf(RailsUnavailableError);
      await expect(failure).rejects.toThrow(message);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
