import { ClientsService } from '../../../src/auth/clients.service';
import { createTestClient, http, startTestApi, TestApi } from '../../support/test-api';

describe('authentication', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const tokenFor = (apiKey?: string) =>
    http(api.baseUrl, null).get('/auth/token', apiKey === undefined ? {} : { 'x-api-key': apiKey });

  it('issues a JWT access token, a refresh token and expiresIn "3600" for a valid API key', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Acme' });
    const response = await tokenFor(client.apiKey);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      expiresIn: '3600',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    const [header, payload] = response.body.accessToken
      .split('.')
      .slice(0, 2)
      .map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe(client.clientId);
    expect(payload.exp - payload.iat).toBe(3600);
    expect(typeof payload.jti).toBe('string');
  });

  it('answers 403 Forbidden resource for an unknown or missing API key', async () => {
    for (const key of ['cbp_not-a-real-key', undefined]) {
      const response = await tokenFor(key);
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({ statusCode: 403, message: 'Forbidden resource' });
    }
  });

  it('answers 401 Unauthorized without a token, with a malformed one, or with a forged one', async () => {
    const client = await createTestClient(api);
    const forged = client.token.slice(0, -4) + 'AAAA';
    for (const token of [null, 'garbage', forged]) {
      const response = await http(api.baseUrl, token).get('/collectors');
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    }
  });

  /** Ends the reuse grace window of every spent refresh token of the client. */
  const ageSpentTokens = (clientId: string) =>
    api.dataSource.query(
      "UPDATE refresh_tokens SET used_at = now() - interval '1 minute' WHERE used_at IS NOT NULL AND client_id = $1",
      [clientId],
    );

  it('rotates refresh tokens: a refresh returns a new pair, and the spent token is refused', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Rotator' });
    const first = (await tokenFor(client.apiKey)).body;
    const refreshed = await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      expiresIn: '3600',
      accessToken: expect.any(String),
      refreshToken: expect.any(String),
    });
    expect(refreshed.body.refreshToken).not.toBe(first.refreshToken);

    await ageSpentTokens(client.clientId);
    const reused = await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: first.refreshToken });
    expect(reused.status).toBe(401);
  });

  it('revokes the whole family when a spent refresh token is reused', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Leaky' });
    const first = (await tokenFor(client.apiKey)).body;
    const second = (await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: first.refreshToken })).body;
    await ageSpentTokens(client.clientId);
    await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: first.refreshToken });
    const afterReuse = await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: second.refreshToken });
    expect(afterReuse.status).toBe(401);
  });

  it('rejects a refresh body with unknown fields or no token with 400 naming the field', async () => {
    const response = await http(api.baseUrl, null).post('/auth/refresh', { refresh_token: 'x' });
    expect(response.status).toBe(400);
    expect(response.body.statusCode).toBe(400);
    expect(response.body.message).toEqual(
      expect.arrayContaining([expect.stringContaining('refreshToken'), expect.stringContaining('refresh_token')]),
    );
  });

  it('ends the tokens of a disabled API key', async () => {
    const clients = api.app.get(ClientsService);
    const client = await clients.create({ name: 'Disabled' });
    const pair = (await tokenFor(client.apiKey)).body;
    await clients.disableApiKey(client.apiKey);
    expect((await http(api.baseUrl, pair.accessToken).get('/collectors')).status).toBe(401);
    expect((await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: pair.refreshToken })).status).toBe(401);
    expect((await tokenFor(client.apiKey)).status).toBe(403);
  });

  it('rotating a client key issues a working new key and ends the old key and its tokens', async () => {
    const clients = api.app.get(ClientsService);
    const client = await clients.create({ name: 'Rotated' });
    const pair = (await tokenFor(client.apiKey)).body;
    const newKey = await clients.rotateApiKey(client.clientId);
    expect(newKey).toMatch(/^cbp_/);
    expect((await tokenFor(client.apiKey)).status).toBe(403);
    expect((await http(api.baseUrl, pair.accessToken).get('/collectors')).status).toBe(401);
    expect((await http(api.baseUrl, null).post('/auth/refresh', { refreshToken: pair.refreshToken })).status).toBe(401);
    const fresh = await tokenFor(newKey!);
    expect(fresh.status).toBe(200);
    expect((await http(api.baseUrl, fresh.body.accessToken).get('/collectors')).status).toBe(200);
    expect(await clients.rotateApiKey('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('puts a request id on every response, echoing a sane incoming one', async () => {
    const echoed = await http(api.baseUrl, null).get('/health', { 'x-request-id': 'trace-123' });
    expect(echoed.headers.get('x-request-id')).toBe('trace-123');
    const generated = await http(api.baseUrl, null).get('/health');
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers the probes without a token, up or down only', async () => {
    for (const path of ['/health', '/ready']) {
      const response = await http(api.baseUrl, null).get(path);
      expect([path, response.status, response.body]).toEqual([path, 200, { status: 'up' }]);
    }
  });
});
