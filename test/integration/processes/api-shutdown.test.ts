import http from 'node:http';
import { randomUUID } from 'node:crypto';
import { payer as user, pixQr } from '../../support/qr-fixtures';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { until } from '../../support/until';

const DRAIN_DELAY_MS = 3000;
const GRACE_MS = 15_000;
// Every rail call (a preview's FX rate) takes this long: such a request is in flight when the listener closes.
const RAIL_LATENCY_MS = 4000;

interface Outcome {
  startedAt: number;
  status?: number;
  connection?: string;
  error?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A real `main.js api` process sent SIGTERM while ten clients keep connections alive and send
 * without pause, as a load balancer does: it says so on /ready at once, serves on through its
 * drain delay with `Connection: close` on every answer, lets the requests in flight finish, and
 * exits 0; no client sees a reset or a refused connection.
 */
describe('an api process stopped under load', () => {
  let stack: ProcessStack;

  beforeAll(async () => {
    stack = await startProcessStack({
      API_DRAIN_DELAY: `${DRAIN_DELAY_MS}ms`,
      SHUTDOWN_GRACE: `${GRACE_MS}ms`,
      RAILS_TIMEOUT_MS: '20000',
    });
  }, 180_000);
  afterAll(async () => {
    await fetch(`${stack?.railsUrl}/__admin/faults`, { method: 'DELETE' }).catch(() => undefined);
    await stack?.close();
  });

  it('drains: /ready 503 at once, no reset or refusal, in-flight requests answered, exit 0', async () => {
    const payer = await stack.newPayer();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 10 });
    const send = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      new Promise<Outcome>((resolve) => {
        const startedAt = Date.now();
        const request = http.request(
          `${stack.apiUrl}${path}`,
          { method, agent, headers: { authorization: `Bearer ${payer.token}`, 'content-type': 'application/json' } },
          (response) => {
            response.resume();
            response.on('end', () =>
              resolve({ startedAt, status: response.statusCode, connection: response.headers.connection }),
            );
          },
        );
        request.on('error', (error: NodeJS.ErrnoException) =>
          resolve({ startedAt, error: `${error.code ?? ''} ${error.message}` }),
        );
        request.end(body === undefined ? undefined : JSON.stringify(body));
      });
    const preview = () =>
      send('POST', '/v2/payments/previews', {
        qr: pixQr('10.00'),
        external_reference: `ref-${randomUUID()}`,
        notification_url: stack.receiver.url('/hooks/drain'),
        user,
      });

    let sending = true;
    const outcomes: Outcome[] = [];
    const clients = Array.from({ length: 10 }, async () => {
      while (sending) outcomes.push(await send('GET', '/v2/accounts'));
    });
    await sleep(1000);
    await fetch(`${stack.railsUrl}/__admin/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ latency_ms: RAIL_LATENCY_MS }),
    });
    const inFlightAtStop = preview();
    await sleep(500);

    const stoppedAt = Date.now();
    stack.api.signal('SIGTERM');
    // A balancer's probe opens its own connection.
    const notReady = await until(
      '/ready to answer 503',
      async () => (await fetch(`${stack.apiUrl}/ready`)).status === 503 && Date.now(),
      { intervalMs: 50 },
    );
    await sleep(DRAIN_DELAY_MS - 1000);
    const inFlightAtClose = preview();
    // The balancer has taken the replica out by now: its clients stop sending to it.
    await sleep(500);
    sending = false;
    await Promise.all(clients);
    const slow = await Promise.all([inFlightAtStop, inFlightAtClose]);
    await stack.api.exited;
    const exitedAt = Date.now();

    expect(notReady - stoppedAt).toBeLessThan(1000);
    expect(outcomes.filter((outcome) => outcome.error !== undefined || outcome.status !== 200)).toEqual([]);
    const duringDrain = outcomes.filter((outcome) => outcome.startedAt > stoppedAt + 200);
    expect(duringDrain.length).toBeGreaterThan(10);
    expect(duringDrain.filter((outcome) => outcome.connection !== 'close')).toEqual([]);
    expect(slow).toEqual([
      expect.objectContaining({ status: 200, connection: 'close' }),
      expect.objectContaining({ status: 200, connection: 'close' }),
    ]);
    expect(stack.api.exitDescription).toBe('0');
    expect(exitedAt - stoppedAt).toBeGreaterThanOrEqual(DRAIN_DELAY_MS);
    expect(exitedAt - stoppedAt).toBeLessThan(DRAIN_DELAY_MS + GRACE_MS);
    agent.destroy();
  }, 120_000);
});
