import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/client';
import { READY_CHECK_TIMEOUT_MS } from '../../../src/health/readiness';
import { Decimal } from '../../../src/money';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { TcpGate } from '../../support/tcp-gate';
import { createTestClient, http, HttpResult, startTestApi, TestApi } from '../../support/test-api';
import { until } from '../../support/until';

// What a loaded machine adds to a timer before it fires.
const SLACK_MS = 1500;
const STATEMENT_BOUND_MS = 1000 + 2000; // DATABASE_STATEMENT_TIMEOUT=1s, then the client's 2 s margin
const TEMPORAL_BOUND_MS = 2000; // API_TEMPORAL_TIMEOUT=2s

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = Date.now();
  const result = await work();
  return { result, ms: Date.now() - started };
}

const expectUnavailable = (response: HttpResult) => {
  expect([response.status, response.body]).toEqual([
    503,
    {
      statusCode: 503,
      message: expect.any(String),
      error_code: 'SERVICE_UNAVAILABLE',
      request_id: response.headers.get('x-request-id'),
    },
  ]);
  expect(response.headers.get('retry-after')).toBe('5');
};

/**
 * The API's probes, and what it answers while the network path to PostgreSQL or Temporal is cut
 * (gone silent: no RST, no FIN, as `ip link set down` or a dropped route leaves it): a request
 * fails fast with the documented 503 and Retry-After, /ready says down, /health stays up and
 * says nothing more, and the reasons go to the log.
 */
describe('probes and partitions', () => {
  let stack: PaymentStack;
  let postgres: TcpGate;
  let temporal: TcpGate;
  let gated: TestApi;
  const logLines: string[] = [];

  beforeAll(async () => {
    stack = await startPaymentStack();
    const database = new URL(process.env.DATABASE_URL!);
    postgres = await TcpGate.to({ host: database.hostname, port: Number(database.port) });
    const [host, port] = process.env.TEMPORAL_ADDRESS!.split(':');
    temporal = await TcpGate.to({ host: host!, port: Number(port) });
    await postgres.open();
    await temporal.open();
    // An api of its own, reaching PostgreSQL and Temporal through the gates, on the stack's worker.
    gated = await startTestApi(
      {
        RAILS_URL: stack.railsUrl,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
        DATABASE_URL: TcpGate.rewrite(process.env.DATABASE_URL!, postgres.port),
        TEMPORAL_ADDRESS: temporal.address,
        DATABASE_STATEMENT_TIMEOUT: '1s',
        DATABASE_CONNECT_TIMEOUT: '1s',
        API_TEMPORAL_TIMEOUT: '2s',
        LOG_LEVEL: 'info',
      },
      { write: (line: string) => void logLines.push(line) },
    );
  });

  afterAll(async () => {
    postgres?.heal();
    temporal?.heal();
    await gated?.close();
    await stack?.close();
    await postgres?.close();
    await temporal?.close();
  });

  const probe = (path: string) => http(gated.baseUrl, null).get(path);
  const untilReady = () =>
    until('the gated api to be ready', async () => (await probe('/ready')).status === 200, { timeoutMs: 30_000 });

  it('answers /health and /ready up, and nothing more', async () => {
    expect(await probe('/health')).toMatchObject({ status: 200, body: { status: 'up' } });
    expect(await probe('/ready')).toMatchObject({ status: 200, body: { status: 'up' } });
  });

  it('answers 503 fast while the path to PostgreSQL is silent: /ready down, /health up, a request SERVICE_UNAVAILABLE', async () => {
    const client = await createTestClient(gated);
    await untilReady();
    postgres.silence();
    try {
      const ready = await timed(() => probe('/ready'));
      expect(ready.result).toMatchObject({ status: 503, body: { status: 'down' } });
      expect(ready.ms).toBeLessThan(READY_CHECK_TIMEOUT_MS + SLACK_MS);
      const health = await probe('/health');
      expect([health.status, health.body]).toEqual([200, { status: 'up' }]);

      const read = await timed(() => http(gated.baseUrl, client.token).get('/v2/accounts'));
      expectUnavailable(read.result);
      expect(read.ms).toBeLessThan(STATEMENT_BOUND_MS + SLACK_MS);
    } finally {
      postgres.heal();
    }
    await untilReady();
    expect((await http(gated.baseUrl, client.token).get('/v2/accounts')).status).toBe(200);
    // Why it was not ready is in the log, once, not in the probe.
    expect(logLines.filter((line) => line.includes('postgres does not answer'))).toHaveLength(1);
    expect(logLines.some((line) => line.includes('postgres answers again'))).toBe(true);
  });

  it('answers 503 fast while the path to Temporal is silent, and the same preview resent with its key goes through once it heals', async () => {
    const client = await createTestClient(gated);
    await stack.ledger.fund(`test-funding:${client.clientId}:USD`, client.clientId, 'USD', new Decimal('100.00'));
    await untilReady();
    const preview = {
      qr: pixQr('10.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
      user: payer,
    };
    const key = { 'idempotency-key': randomUUID() };
    temporal.silence();
    try {
      const ready = await timed(() => probe('/ready'));
      expect(ready.result).toMatchObject({ status: 503, body: { status: 'down' } });
      expect(ready.ms).toBeLessThan(READY_CHECK_TIMEOUT_MS + SLACK_MS);

      const refused = await timed(() => http(gated.baseUrl, client.token).post('/v2/payments/previews', preview, key));
      expectUnavailable(refused.result);
      expect(refused.ms).toBeLessThan(TEMPORAL_BOUND_MS + SLACK_MS);
    } finally {
      temporal.heal();
    }
    await untilReady();
    const resent = await http(gated.baseUrl, client.token).post('/v2/payments/previews', preview, key);
    expect([resent.status, resent.body.status]).toEqual([200, 'success']);
    expect(logLines.filter((line) => line.includes('temporal does not answer'))).toHaveLength(1);
  });

  it('answers 503 at API_TEMPORAL_TIMEOUT for an update no worker takes, instead of waiting for one', async () => {
    const unserved = await stack.extraApi({
      TEMPORAL_TASK_QUEUE: `nobody-polls-${randomUUID()}`,
      API_TEMPORAL_TIMEOUT: '2s',
    });
    const client = await createTestClient(unserved);
    await stack.ledger.fund(`test-funding:${client.clientId}:USD`, client.clientId, 'USD', new Decimal('100.00'));
    const reference = `ref-${randomUUID()}`;
    const notificationUrl = stack.receiver.url(`/hooks/${randomUUID()}`);
    const call = http(unserved.baseUrl, client.token);
    const ack = await call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: reference,
      notification_url: notificationUrl,
      user: payer,
    });
    expect(ack.status).toBe(200);
    const [{ id: orderId }] = await unserved.dataSource.query<[{ id: string }]>(
      'SELECT id FROM orders WHERE external_reference = $1',
      [reference],
    );
    try {
      const pay = await timed(() =>
        call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: notificationUrl }),
      );
      expectUnavailable(pay.result);
      expect(pay.ms).toBeGreaterThanOrEqual(TEMPORAL_BOUND_MS - 100);
      expect(pay.ms).toBeLessThan(TEMPORAL_BOUND_MS + SLACK_MS);
    } finally {
      await stack.temporal.workflow
        .getHandle(`order-${orderId}`)
        .terminate('test over')
        .catch((error: unknown) => {
          if (!(error instanceof WorkflowNotFoundError)) throw error;
        });
    }
  });

  it('names no framework in any response: probes, docs, errors', async () => {
    const client = await createTestClient(gated);
    const responses = await Promise.all([
      fetch(`${gated.baseUrl}/health`),
      fetch(`${gated.baseUrl}/ready`),
      fetch(`${gated.baseUrl}/docs`),
      fetch(`${gated.baseUrl}/docs-json`),
      fetch(`${gated.baseUrl}/no-such-route`),
      fetch(`${gated.baseUrl}/health`, { method: 'DELETE' }),
      fetch(`${gated.baseUrl}/v2/accounts`),
      fetch(`${gated.baseUrl}/v2/payments/previews`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
        body: '{',
      }),
    ]);
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 404, 405, 401, 400]);
    for (const response of responses) expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
