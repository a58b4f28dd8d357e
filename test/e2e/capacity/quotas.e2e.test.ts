import { randomUUID } from 'node:crypto';
import { clientsLimits } from '../../../src/cli/clients-limits.command';
import { loadEnv } from '../../../src/config/env';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { createTestClient, http, type HttpResult, type TestApi } from '../../support/test-api';

/**
 * Issue 28, quotas per client: every route that starts or changes work counts against the
 * caller's budget for its class, shared by every API replica; beyond it, 429 with Retry-After.
 * Every answer of such a route carries the IETF RateLimit header fields. An operator sets a
 * client's own budget with `clients:limits`; other clients keep theirs.
 */
describe('quotas per client', () => {
  let stack: PaymentStack;
  let second: TestApi;
  const env = loadEnv(process.env);

  beforeAll(async () => {
    stack = await startPaymentStack();
    second = await stack.extraApi({});
  });
  afterAll(() => stack.close());

  const limits = (...args: string[]) =>
    clientsLimits.run({ dataSource: stack.api.dataSource, env, args, out: () => undefined });

  const preview = (call: ReturnType<typeof http>) =>
    call.post('/v2/payments/previews', {
      qr: pixQr('10.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(`/q/${randomUUID()}`),
      user: payer,
    });

  const statuses = (results: HttpResult[]) => results.map((result) => result.status);

  it('answers a route within its quota with the RateLimit headers of its classes', async () => {
    const client = await stack.newPayer();
    const answer = await preview(client.call);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('ratelimit-policy')).toBe('"previews";q=40;w=2');
    expect(answer.headers.get('ratelimit')).toMatch(/^"previews";r=39;t=[12]$/);
    const lookup = await client.call.post('/v2/payments/validations/dictkey', { dict_key: '52998224725' });
    expect(lookup.status).toBe(200);
    expect(lookup.headers.get('ratelimit-policy')).toBe('"lookups";q=20;w=2');
    // Reads start no work: no quota, no header.
    expect((await client.call.get('/v2/accounts')).headers.get('ratelimit-policy')).toBeNull();
  });

  it('refuses beyond the quota with 429 RATE_LIMITED, Retry-After and the headers, counted across both API replicas; another client is not affected', async () => {
    const client = await stack.newPayer();
    // 10 previews in a window of 10 s, whichever replica they reach.
    await limits('--client', client.clientId, '--quota', 'previews=1/10');
    const onSecond = http(second.baseUrl, client.token);
    const answers = [];
    for (let index = 0; index < 14; index += 1) answers.push(await preview(index % 2 === 0 ? client.call : onSecond));
    expect(statuses(answers)).toEqual([...Array(10).fill(200), ...Array(4).fill(429)]);
    const refused = answers[13]!;
    expect(refused.body).toMatchObject({
      statusCode: 429,
      message: expect.stringContaining('previews'),
      error_code: 'RATE_LIMITED',
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(10);
    expect(refused.headers.get('ratelimit-policy')).toBe('"previews";q=10;w=10');
    expect(refused.headers.get('ratelimit')).toMatch(/^"previews";r=0;t=\d+$/);

    const other = await stack.newPayer();
    expect((await preview(other.call)).status).toBe(200);
    // Another class of the same client has its own budget.
    expect((await client.call.post('/v2/payments/validations/dictkey', { dict_key: '52998224725' })).status).toBe(200);
  });

  it('counts a key preview against both previews and look-ups', async () => {
    const client = await stack.newPayer();
    await limits('--client', client.clientId, '--quota', 'lookups=1/2');
    const keyPreview = () =>
      client.call.post('/v2/payments/previews/dictkey', {
        dict_key: '52998224725',
        amount: '5.00',
        external_reference: `key-${randomUUID()}`,
        notification_url: stack.receiver.url(`/k/${randomUUID()}`),
        user: payer,
      });
    const first = await keyPreview();
    expect(first.status).toBe(200);
    expect(first.headers.get('ratelimit-policy')).toBe('"previews";q=40;w=2, "lookups";q=2;w=2');
    expect((await client.call.post('/v2/payments/validations/dictkey', { dict_key: '52998224725' })).status).toBe(200);
    const third = await keyPreview();
    expect(third.status).toBe(429);
    expect(third.body.message).toContain('lookups');
  });

  it("applies an operator's change within seconds, and --reset returns the client to the defaults", async () => {
    const client = await createTestClient(stack.api, 'Limited later');
    const call = http(stack.api.baseUrl, client.token);
    const quote = () => call.get('/v2/exchange-rates/rates/payins/BRL/USD');
    expect((await quote()).headers.get('ratelimit-policy')).toBe('"quotes";q=20;w=2');
    await limits('--client', client.clientId, '--quota', 'quotes=1/3');
    const deadline = Date.now() + 10_000;
    while ((await quote()).headers.get('ratelimit-policy') !== '"quotes";q=3;w=3' && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await quote()).headers.get('ratelimit-policy')).toBe('"quotes";q=3;w=3');
    await limits('--client', client.clientId, '--reset');
    while ((await quote()).headers.get('ratelimit-policy') !== '"quotes";q=20;w=2' && Date.now() < deadline + 10_000)
      await new Promise((resolve) => setTimeout(resolve, 250));
    expect((await quote()).headers.get('ratelimit-policy')).toBe('"quotes";q=20;w=2');
  });
});
