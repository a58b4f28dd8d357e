import { randomUUID } from 'node:crypto';
import { ClientsService } from '../../../src/auth/clients.service';
import { http, startTestApi, TestApi } from '../../support/test-api';

// Other suites share the loopback address and the database: every test uses addresses and
// key prefixes of its own, so each starts with empty buckets.
const randomOctet = () => Math.floor(Math.random() * 250) + 1;
const freshAddress = () => `10.${randomOctet()}.${randomOctet()}.${randomOctet()}`;
const freshPrefix = () => `cbp_${randomUUID().slice(0, 6)}`;
const hex = () => Math.floor(Math.random() * 0xffff).toString(16);
const freshIpv6Network = () => `2001:db8:${hex()}:${hex()}`;

type Answer = Awaited<ReturnType<ReturnType<typeof http>['get']>>;

async function answers(api: TestApi, requests: Array<Record<string, string>>): Promise<Answer[]> {
  const result: Answer[] = [];
  for (const headers of requests) result.push(await http(api.baseUrl, null).get('/auth/token', headers));
  return result;
}
const statuses = async (api: TestApi, requests: Array<Record<string, string>>) =>
  (await answers(api, requests)).map((answer) => answer.status);

/** What the refusals' caller wrote in x-forwarded-for: the buckets, if any, the API made of it. */
const bucketsOf = async (api: TestApi, addresses: string[]) =>
  api.dataSource.query<Array<{ key: string }>>('SELECT key FROM quota_windows WHERE key = ANY($1)', [
    addresses.map((address) => `minute:auth:${address}`),
  ]);

/** An API key, and 30 other keys that share its first 10 characters (the prefix the API once counted refusals by). */
async function keyAndLookalikes(api: TestApi) {
  const { apiKey } = await api.app.get(ClientsService).create({ name: 'Targeted integrator' });
  return { apiKey, lookalikes: Array.from({ length: 30 }, (_, i) => `${apiKey.slice(0, 10)}-wrong-${i}`) };
}

describe('token rate limits', () => {
  let api: TestApi;

  beforeAll(async () => {
    // The test's socket plays a trusted proxy: each test names its callers' addresses.
    api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: 'loopback' });
  });
  afterAll(() => api.close());

  it('answers 429 with Retry-After once an address has had its budget of refused keys this minute', async () => {
    const headers = { 'x-api-key': `${freshPrefix()}-unknown`, 'x-forwarded-for': freshAddress() };
    const refused = await answers(
      api,
      Array.from({ length: 5 }, () => headers),
    );
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 429, 429]);
    expect(Number(refused[4]!.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused[4]!.body).toMatchObject({
      statusCode: 429,
      message: 'Too Many Requests',
      error_code: 'RATE_LIMITED',
    });
  });

  it("keeps one row per address: a new minute starts its count over in the old minute's row", async () => {
    const address = freshAddress();
    const key = `minute:auth:${address}`;
    const rows = () =>
      api.dataSource.query<Array<{ points: number }>>('SELECT points FROM quota_windows WHERE key = $1', [key]);
    await api.dataSource.query(`INSERT INTO quota_windows (key, points, expire) VALUES ($1, 7, $2)`, [
      key,
      Date.now() - 3_600_000,
    ]);
    await statuses(api, [{ 'x-api-key': `${freshPrefix()}-unknown`, 'x-forwarded-for': address }]);
    expect(await rows()).toEqual([{ points: 1 }]);
  });

  it('lets a valid key in after 30 wrong keys sharing its prefix, sent from 30 addresses: refusals count against their own address only', async () => {
    const { apiKey, lookalikes } = await keyAndLookalikes(api);
    const refused = await statuses(
      api,
      lookalikes.map((key) => ({ 'x-api-key': key, 'x-forwarded-for': freshAddress() })),
    );
    expect(new Set(refused)).toEqual(new Set([403]));
    for (let attempt = 0; attempt < 3; attempt++) {
      expect(await statuses(api, [{ 'x-api-key': apiKey, 'x-forwarded-for': freshAddress() }])).toEqual([200]);
    }
  });

  it('never refuses a valid key, even from an address whose budget refused keys have spent', async () => {
    const { apiKey, lookalikes } = await keyAndLookalikes(api);
    const address = freshAddress();
    const from = (key: string) => ({ 'x-api-key': key, 'x-forwarded-for': address });
    expect(await statuses(api, lookalikes.slice(0, 5).map(from))).toEqual([403, 403, 403, 429, 429]);
    expect(await statuses(api, [from(apiKey), from(lookalikes[5]!), from(apiKey)])).toEqual([200, 429, 200]);
  });

  it('does not count successful logins', async () => {
    const { apiKey } = await api.app.get(ClientsService).create({ name: 'Busy integrator' });
    const address = freshAddress();
    expect(
      await statuses(
        api,
        Array.from({ length: 5 }, () => ({ 'x-api-key': apiKey, 'x-forwarded-for': address })),
      ),
    ).toEqual([200, 200, 200, 200, 200]);
    expect(await bucketsOf(api, [address])).toEqual([]);
  });

  it('counts an IPv6 caller by its /64: a subscriber cannot spread its refusals over its own addresses', async () => {
    const network = freshIpv6Network();
    const refused = (address: string) => ({ 'x-api-key': `${freshPrefix()}-x`, 'x-forwarded-for': address });
    expect(
      await statuses(
        api,
        [`${network}::1`, `${network}:1::2`, `${network}:ffff:ffff:ffff:ffff`, `${network}::abcd`].map(refused),
      ),
    ).toEqual([403, 403, 403, 429]);
    expect(await statuses(api, [refused(`${freshIpv6Network()}::1`)])).toEqual([403]);
  });

  it('counts refused refresh tokens against the address too, and never refuses a valid one', async () => {
    const { apiKey } = await api.app.get(ClientsService).create({ name: 'Refreshing integrator' });
    const address = freshAddress();
    const login = await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': apiKey, 'x-forwarded-for': address });
    const refresh = (refreshToken: string) =>
      http(api.baseUrl, null).post('/auth/refresh', { refreshToken }, { 'x-forwarded-for': address });
    const refused = [];
    for (let i = 0; i < 4; i++) refused.push((await refresh(`unknown-${randomUUID()}`)).status);
    expect(refused).toEqual([401, 401, 401, 429]);
    expect((await refresh(login.body.refreshToken)).status).toBe(200);
  });
});

describe('TRUSTED_PROXIES', () => {
  it("believes nobody by default: made-up x-forwarded-for addresses count for nothing, the refusals are the peer's, and the valid key gets its token", async () => {
    const api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const { apiKey, lookalikes } = await keyAndLookalikes(api);
      const madeUp = lookalikes.map(() => freshAddress());
      const refused = await statuses(
        api,
        lookalikes.map((key, i) => ({ 'x-api-key': key, 'x-forwarded-for': madeUp[i]! })),
      );
      // All 30 come from the test's own socket (loopback), whose budget is 3 a minute.
      expect(refused.every((status) => status === 403 || status === 429)).toBe(true);
      expect(refused).toContain(429);
      expect(await bucketsOf(api, madeUp)).toEqual([]);

      const login = await http(api.baseUrl, null).get('/auth/token', {
        'x-api-key': apiKey,
        'x-forwarded-for': freshAddress(),
      });
      expect(login.status).toBe(200);
      expect(login.body).toEqual({
        expiresIn: '3600',
        accessToken: expect.any(String),
        refreshToken: expect.any(String),
      });
    } finally {
      await api.close();
    }
  });

  it('with two proxies in front (say a CDN, then a load balancer), counts each caller by its own address, whatever it wrote before it', async () => {
    // The test's socket plays the outer proxy; `balancer` is the inner one, the same for every caller.
    const api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: 'loopback, 192.0.2.0/24' });
    try {
      const balancer = '192.0.2.7';
      const callers = Array.from({ length: 4 }, () => ({
        'x-api-key': `${freshPrefix()}-x`,
        'x-forwarded-for': `${freshAddress()}, ${balancer}`,
      }));
      expect(await statuses(api, callers)).toEqual([403, 403, 403, 403]);

      const caller = freshAddress();
      const spoofing = Array.from({ length: 4 }, () => ({
        'x-api-key': `${freshPrefix()}-x`,
        'x-forwarded-for': `${freshAddress()}, ${caller}, ${balancer}`,
      }));
      expect(await statuses(api, spoofing)).toEqual([403, 403, 403, 429]);
    } finally {
      await api.close();
    }
  });

  it('ignores x-forwarded-for from a peer that is not a trusted proxy', async () => {
    const api = await startTestApi({ TOKEN_RATE_LIMIT_PER_MINUTE: '3', TRUSTED_PROXIES: '192.0.2.10' });
    try {
      const forwarded = Array.from({ length: 4 }, () => freshAddress());
      // Every request comes from loopback, which is not trusted here: all of them are one caller.
      const refused = await statuses(
        api,
        forwarded.map((address) => ({ 'x-api-key': `${freshPrefix()}-x`, 'x-forwarded-for': address })),
      );
      // Loopback's bucket is shared with other suites, so only the refusal itself is certain.
      expect(refused.at(-1)).toBe(429);
      expect(await bucketsOf(api, forwarded)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});
