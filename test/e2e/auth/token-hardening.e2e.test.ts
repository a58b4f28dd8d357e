import { createHash } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ClientsService } from '../../../src/auth/clients.service';
import { http, startTestApi, TestApi } from '../../support/test-api';

describe('access and refresh tokens under attack', () => {
  let api: TestApi;

  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(() => api.close());

  const login = async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Token holder' });
    const response = await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey });
    return response.body as { accessToken: string; refreshToken: string };
  };
  const refresh = (refreshToken: string) => http(api.baseUrl, null).post('/auth/refresh', { refreshToken });
  const statusWith = async (accessToken: string) => (await http(api.baseUrl, accessToken).get('/collectors')).status;
  /** Moves the family's spent tokens `seconds` into the past: out of the reuse grace window. */
  const ageSpentTokens = (accessToken: string, seconds: number) =>
    api.dataSource.query(
      `UPDATE refresh_tokens SET used_at = now() - make_interval(secs => $2) WHERE used_at IS NOT NULL AND family_id = $1`,
      [(jwt.decode(accessToken) as jwt.JwtPayload).fam, seconds],
    );

  describe('a token signed with our key but made otherwise', () => {
    let claims: jwt.JwtPayload;
    const now = () => Math.floor(Date.now() / 1000);
    // Undefined claims are left out, as a forger would leave them out (jsonwebtoken adds iat unless told not to).
    const sign = (payload: Record<string, unknown>) =>
      jwt.sign(JSON.parse(JSON.stringify(payload)), process.env.JWT_SECRET!, {
        algorithm: 'HS256',
        noTimestamp: payload.iat === undefined,
      });

    beforeAll(async () => {
      claims = jwt.decode((await login()).accessToken) as jwt.JwtPayload;
    });

    it('carries iat, exp one hour later, an audience and its family', () => {
      expect(claims).toMatchObject({
        aud: 'crossborder-payments-api',
        iss: 'crossborder-payments',
        fam: expect.any(String),
      });
      expect(claims.exp! - claims.iat!).toBe(3600);
    });

    it('is accepted when it follows every rule (the control for the cases below)', async () => {
      expect(await statusWith(sign({ ...claims, iat: now(), exp: now() + 3600 }))).toBe(200);
    });

    it('is refused unsigned (alg none) or signed with another key', async () => {
      const [header, payload] = jwt
        .sign({ ...claims, iat: now(), exp: now() + 3600 }, 'another-key-another-key-another-key', {
          noTimestamp: true,
        })
        .split('.');
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect(await statusWith(unsigned)).toBe(401);
      expect(await statusWith(`${header}.${payload}.${'A'.repeat(43)}`)).toBe(401);
      expect(
        await statusWith(
          jwt.sign({ ...claims, iat: now(), exp: now() + 3600 }, 'another-key-another-key-another-key', {
            noTimestamp: true,
          }),
        ),
      ).toBe(401);
    });

    it.each([
      ['without exp', () => ({ ...claims, exp: undefined })],
      ['with exp in 2100', () => ({ ...claims, exp: Date.UTC(2100, 0, 1) / 1000 })],
      ['living longer than an hour', () => ({ ...claims, iat: now(), exp: now() + 3601 })],
      ['without iat', () => ({ ...claims, iat: undefined })],
      ['issued in the future', () => ({ ...claims, iat: now() + 3000, exp: now() + 3600 })],
      ['without an audience', () => ({ ...claims, aud: undefined })],
      ['for another audience', () => ({ ...claims, aud: 'another-service' })],
      ['without a family', () => ({ ...claims, fam: undefined })],
    ])('is refused %s', async (_, payload) => {
      expect(await statusWith(sign(payload()))).toBe(401);
    });
  });

  it('stores API keys and refresh tokens only as their SHA-256', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Hashed' });
    const { refreshToken } = (await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey })).body;
    const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
    const [keys] = await api.dataSource.query(
      'SELECT count(*)::int AS n FROM api_keys WHERE client_id = $1 AND key_hash = $2',
      [client.clientId, sha256(client.apiKey)],
    );
    const [tokens] = await api.dataSource.query(
      'SELECT count(*)::int AS n FROM refresh_tokens WHERE client_id = $1 AND token_hash = $2',
      [client.clientId, sha256(refreshToken)],
    );
    expect([keys.n, tokens.n]).toEqual([1, 1]);
    const rows = JSON.stringify(
      await api.dataSource.query(
        'SELECT k.*, t.* FROM api_keys k JOIN refresh_tokens t ON t.api_key_id = k.id WHERE k.client_id = $1',
        [client.clientId],
      ),
    );
    expect(rows).not.toContain(client.apiKey);
    expect(rows).not.toContain(refreshToken);
  });

  it('ends every access token of a family at once when a spent refresh token is reused', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body;
    expect([await statusWith(first.accessToken), await statusWith(second.accessToken)]).toEqual([200, 200]);

    await ageSpentTokens(first.accessToken, 60);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect([await statusWith(first.accessToken), await statusWith(second.accessToken)]).toEqual([401, 401]);
    expect((await refresh(second.refreshToken)).status).toBe(401);
  });

  it('leaves other families of the same key working when one is revoked', async () => {
    const client = await api.app.get(ClientsService).create({ name: 'Two logins' });
    const [a, b] = await Promise.all(
      [1, 2].map(async () => (await http(api.baseUrl, null).get('/auth/token', { 'x-api-key': client.apiKey })).body),
    );
    await refresh(a.refreshToken);
    await ageSpentTokens(a.accessToken, 60);
    await refresh(a.refreshToken);
    expect([await statusWith(a.accessToken), await statusWith(b.accessToken)]).toEqual([401, 200]);
  });

  it('answers concurrent refreshes of one token with the same successor and keeps the session', async () => {
    const first = await login();
    const answers = await Promise.all([1, 2, 3].map(() => refresh(first.refreshToken)));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.refreshToken)).size).toBe(1);
    for (const answer of answers) expect(await statusWith(answer.body.accessToken)).toBe(200);

    const next = await refresh(answers[0]!.body.refreshToken);
    expect(next.status).toBe(200);
    expect(await statusWith(next.body.accessToken)).toBe(200);
  });

  it('treats a replay as reuse once the successor has been used, even within the grace window', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body;
    await refresh(second.refreshToken);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect(await statusWith(second.accessToken)).toBe(401);
  });

  it('treats a replay after the grace window as reuse', async () => {
    const first = await login();
    const second = (await refresh(first.refreshToken)).body;
    await ageSpentTokens(first.accessToken, 11);
    expect((await refresh(first.refreshToken)).status).toBe(401);
    expect((await refresh(second.refreshToken)).status).toBe(401);
  });
});
