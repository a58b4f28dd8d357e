import { request } from 'node:http';
import { randomUUID } from 'node:crypto';
import { payer, pixQr } from '../../support/qr-fixtures';
import { collectorBody } from '../merchants/merchant-fixtures';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';

/** A raw request, so headers and bytes fetch would refuse or rewrite can be sent as they are. */
function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string | Buffer },
) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: any }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'POST', headers: options.headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON
        }
        resolve({ status: response.statusCode!, headers: response.headers, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe('bad input is answered 4xx in the documented shape, never 500', () => {
  let api: TestApi;
  let client: TestClient;

  beforeAll(async () => {
    api = await startTestApi();
    client = await createTestClient(api, 'Bad input');
  });
  afterAll(() => api.close());

  const auth = () => ({ authorization: `Bearer ${client.token}`, 'content-type': 'application/json' });

  it('rejects a NUL character in a collector name at validation, naming the field', async () => {
    const response = await http(api.baseUrl, client.token).post(
      '/collectors',
      collectorBody({ name: 'Acme\u0000Ltda' }),
    );
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: ['name: must not contain NUL characters'] });
  });

  it('rejects a NUL character in preview fields, nested ones included', async () => {
    const body = {
      qr: pixQr('10.00'),
      external_reference: `ref\u0000${randomUUID()}`,
      notification_url: 'https://example.com/cb',
      user: { ...payer, full_name: 'Ana\u0000' },
    };
    const response = await http(api.baseUrl, client.token).post('/v2/payments/previews', body, {
      'idempotency-key': randomUUID(),
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      statusCode: 400,
      message: [
        'external_reference: must not contain NUL characters',
        'user.full_name: must not contain NUL characters',
      ],
    });
  });

  it('answers 400 for a body nested 6000 levels deep sent with an idempotency-key', async () => {
    const deep = '{"a":'.repeat(6000) + '1' + '}'.repeat(6000);
    const response = await rawRequest(`${api.baseUrl}/v2/payments/previews`, {
      headers: { ...auth(), 'idempotency-key': randomUUID() },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: ['body: nested more than 32 levels deep'] });
  });

  it('answers 415 for an unsupported Content-Encoding and 400 for a gzip header on a plain body', async () => {
    const body = JSON.stringify(collectorBody());
    const compress = await rawRequest(`${api.baseUrl}/collectors`, {
      headers: { ...auth(), 'content-encoding': 'compress' },
      body,
    });
    expect(compress.status).toBe(415);
    expect(compress.body).toMatchObject({
      statusCode: 415,
      message: 'Unsupported Content-Encoding: send identity, gzip, deflate or br',
    });
    const gzip = await rawRequest(`${api.baseUrl}/collectors`, {
      headers: { ...auth(), 'content-encoding': 'gzip' },
      body,
    });
    expect(gzip.status).toBe(400);
    expect(gzip.body).toMatchObject({ statusCode: 400, message: ['body: does not match its Content-Encoding'] });
  });

  it('does not fail on an x-forwarded-for longer than the rate-limit bucket column', async () => {
    // Believed only from a trusted proxy: the test's socket plays one.
    const proxied = await startTestApi({ TRUSTED_PROXIES: 'loopback' });
    try {
      const response = await http(proxied.baseUrl, null).get('/auth/token', {
        'x-api-key': `cbp_${randomUUID()}`,
        'x-forwarded-for': `${'9'.repeat(300)}`,
      });
      expect(response.status).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  it('answers malformed JSON with the documented message and a request id', async () => {
    const response = await rawRequest(`${api.baseUrl}/collectors`, {
      headers: { ...auth(), 'x-request-id': 'bad-json-1' },
      body: '{name: "x"}',
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ statusCode: 400, message: ['body: malformed JSON'] });
    expect(response.headers['x-request-id']).toBe('bad-json-1');
    const generated = await rawRequest(`${api.baseUrl}/collectors`, { headers: auth(), body: '{' });
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
