import { randomUUID } from 'node:crypto';
import { ClientsService } from '../../../src/auth/clients.service';
import { http, startTestApi, TestApi } from '../../support/test-api';

// Other suites share the loopback address and the database: every test uses addresses and
// key prefixes of its own, so each starts with empty buckets.
const randomOctet = () => Math.floor(Math.random() * 250) + 1;
const freshAddress = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
const freshPrefix = () => `cbp_${randomUUID().slice(0, 6)}`;

async function statuses(api: TestApi, requests: Array<Record<string, string>>): Promise<number[]> {
  const result: number[] = [];
  for (const headers of requests) result.push((await http(api.baseUrl, null).get('/auth/token', headers)).status);
  return result;
}

describe('token rate limits', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => api.close());

  it('answers 429 with Retry-After once the per-minute budget of an address is spent', async () => {
    const headers = { 'x-api-key': `${freshPrefix()}-unknown`, 'x-forwarded-for': freshAddress() };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await http(api.baseUrl, null).get('/auth/token', headers));
    expect(answers.map((answer) => answer.status)).toEqual([403, 403, 403, 429, 429]);
    expect(Number(answers[4]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(answers[4]!.body).toEqual({ statusCode: 429, message: 'Too Many Requests', error_code: 'RATE_LIMITED' });
  });

  it("clears a bucket's older windows at a new window's first hit", async () => {
    const address = freshAddress();
    const bucket = `auth:${address}`;
    const windows = async () =>
      (await api.dataSource.query<Array<{ window_start: Date }>>('SELECT window_start FROM rate_limit_windows WHERE bucket = $1 ORDER BY window_start', [bucket])).length;
    await api.dataSource.query(`INSERT INTO rate_limit_windows (bucket, window_start, hits) VALUES ($1, now() - interval '1 hour', 7)`, [bucket]);
    await statuses(api, [{ 'x-api-key': `${freshPrefix()}-unknown`, 'x-forwarded-for': address }]);
    expect(await windows()).toBe(1);
  });

  it('counts refused keys per key prefix too: guesses spread over many addresses are stopped', async () => {
    const prefix = freshPrefix();
    const guesses = Array.from({ length: 5 }, (_, i) => ({ 'x-api-key': `${prefix}-guess-${i}`, 'x-forwarded-for': freshAddress() }));
    expect(await statuses(api, guesses)).toEqual([403, 403, 403, 429, 429]);
  });

  it('does not count successful logins against the key prefix', async () => {
    const { apiKey } = await api.app.get(ClientsService).create({ name: 'Busy integrator' });
    const logins = Array.from({ length: 5 }, () => ({ 'x-api-key': apiKey, 'x-forwarded-for': freshAddress() }));
    expect(await statuses(api, logins)).toEqual([200, 200, 200, 200, 200]);
  });
});

describe('TRUST_PROXY', () => {
  it('with two hops (say a CDN, then a load balancer), counts each caller by its own address, whatever it wrote before it', async () => {
    // The test's socket plays the outer proxy; `balancer` is the inner one, the same for every caller.
    const api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '2' });
    try {
      const balancer = freshAddress();
      const callers = Array.from({ length: 4 }, () => ({ 'x-api-key': `${freshPrefix()}-x`, 'x-forwarded-for': `${freshAddress()}, ${balancer}` }));
      expect(await statuses(api, callers)).toEqual([403, 403, 403, 403]);

      const caller = freshAddress();
      const spoofing = Array.from({ length: 4 }, () => ({ 'x-api-key': `${freshPrefix()}-x`, 'x-forwarded-for': `${freshAddress()}, ${caller}, ${balancer}` }));
      expect(await statuses(api, spoofing)).toEqual([403, 403, 403, 429]);
    } finally {
      await api.close();
    }
  });

  it('ignores x-forwarded-for from a peer that is not a trusted proxy', async () => {
    const api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: '192.0.2.10' });
    try {
      const seen: string[] = [];
      // Every request comes from loopback, which is not trusted here: all of them are one caller.
      const requests = Array.from({ length: 4 }, () => {
        const forwarded = freshAddress();
        seen.push(forwarded);
        return { 'x-api-key': `${freshPrefix()}-x`, 'x-forwarded-for': forwarded };
      });
      // Loopback's bucket is shared with other suites, so only the refusal itself is certain.
      expect((await statuses(api, requests)).at(-1)).toBe(429);
      const buckets: Array<{ bucket: string }> = await api.dataSource.query('SELECT bucket FROM rate_limit_windows WHERE bucket = ANY($1)', [seen.map((a) => `auth:${a}`)]);
      expect(buckets).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
