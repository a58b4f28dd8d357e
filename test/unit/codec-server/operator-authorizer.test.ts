import { generateKeyPairSync, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { loadCodecServerEnv } from '../../../src/config/env';
import { operatorAuthorizer } from '../../../src/codec-server/operator-authorizer';

const ISSUER = 'https://login.example.com/';
const provider = generateKeyPairSync('rsa', { modulusLength: 2048 });
const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
/** The provider's published keys: one, `k1`. */
const keys = {
  key: (kid: string | undefined) => Promise.resolve(kid === 'k1' || kid === undefined ? provider.publicKey : undefined),
};
const base = { SECRETS_KEY: randomBytes(32).toString('hex') };

const accessToken = (claims: object, options: jwt.SignOptions = {}, key = provider.privateKey) =>
  `Bearer ${jwt.sign({ sub: 'ana@ops.example', groups: ['ops', 'payments-pii'], ...claims }, key, { algorithm: 'RS256', keyid: 'k1', issuer: ISSUER, audience: 'temporal-ui', expiresIn: 300, ...options })}`;

describe("the codec server's operator authorizer", () => {
  describe('with shared tokens', () => {
    const [first, second] = [randomBytes(24).toString('hex'), randomBytes(24).toString('hex')];
    const authorize = operatorAuthorizer(loadCodecServerEnv({ ...base, CODEC_SERVER_TOKENS: `${first},${second}` }));

    it('allows either token, naming it by a digest, never by itself', async () => {
      for (const token of [first, second]) {
        const decision = await authorize(`Bearer ${token}`);
        expect(decision).toEqual({ allowed: true, operator: expect.stringMatching(/^token [0-9a-f]{8}$/) });
        expect(JSON.stringify(decision)).not.toContain(token);
      }
    });

    it.each([
      ['no header', undefined],
      ['another scheme', `Basic ${first}`],
      ['a token it does not know', `Bearer ${randomBytes(24).toString('hex')}`],
      ['a prefix of a token', `Bearer ${first.slice(0, 40)}`],
    ])('refuses %s with 401', async (_, header) => {
      expect(await authorize(header)).toMatchObject({ allowed: false, status: 401 });
    });
  });

  describe("with the operators' identity provider (the Web UI forwards their access token)", () => {
    const env = loadCodecServerEnv({
      ...base,
      CODEC_SERVER_JWKS_URL: 'https://login.example.com/jwks.json',
      CODEC_SERVER_JWT_ISSUER: ISSUER,
      CODEC_SERVER_JWT_AUDIENCE: 'temporal-ui',
      CODEC_SERVER_JWT_CLAIM: 'groups=payments-pii',
    });
    const authorize = operatorAuthorizer(env, keys);

    it('allows an operator whose token carries the claim, by the subject', async () => {
      expect(await authorize(accessToken({}))).toEqual({ allowed: true, operator: 'ana@ops.example' });
      expect(await authorize(accessToken({ groups: 'payments-pii' }))).toEqual({
        allowed: true,
        operator: 'ana@ops.example',
      });
    });

    it('reads a space-separated claim such as scope', async () => {
      const byScope = operatorAuthorizer({ ...env, CODEC_SERVER_JWT_CLAIM: 'scope=payments:pii' }, keys);
      expect(await byScope(accessToken({ scope: 'openid payments:pii' }))).toMatchObject({ allowed: true });
      expect(await byScope(accessToken({ scope: 'openid payments:pii-lite' }))).toMatchObject({
        allowed: false,
        status: 403,
      });
    });

    it('refuses with 403 a signed-in operator without the claim: signing in to the UI is not enough', async () => {
      expect(await authorize(accessToken({ groups: ['ops'] }))).toEqual({
        allowed: false,
        status: 403,
        reason: 'ana@ops.example lacks groups=payments-pii',
      });
    });

    it.each([
      ['signed by another key under the same id', () => accessToken({}, {}, stranger.privateKey), /invalid signature/],
      ['signed with a key the provider does not publish', () => accessToken({}, { keyid: 'k9' }), /does not publish/],
      ['from another issuer', () => accessToken({}, { issuer: 'https://evil.example.com/' }), /jwt issuer invalid/],
      ['for another audience', () => accessToken({}, { audience: 'another-app' }), /jwt audience invalid/],
      ['expired', () => accessToken({ iat: Math.floor(Date.now() / 1000) - 600 }), /jwt expired/],
      [
        'unsigned (alg none)',
        () =>
          `Bearer ${jwt.sign({ sub: 'x', groups: ['payments-pii'], iss: ISSUER, aud: 'temporal-ui' }, '', { algorithm: 'none', keyid: 'k1' })}`,
        /invalid algorithm|jwt signature is required/,
      ],
      [
        'HMAC-signed with the public key as the secret',
        () =>
          `Bearer ${jwt.sign({ sub: 'x', groups: ['payments-pii'] }, provider.publicKey.export({ type: 'spki', format: 'pem' }), { algorithm: 'HS256', keyid: 'k1', issuer: ISSUER, audience: 'temporal-ui' })}`,
        /invalid algorithm/,
      ],
      ['not a token at all', () => 'Bearer not-a-jwt', /not a token this server knows/],
    ])('refuses a token %s with 401', async (_, token, reason) => {
      const decision = await authorize(token());
      expect(decision).toMatchObject({ allowed: false, status: 401 });
      expect(decision.allowed ? '' : decision.reason).toMatch(reason);
    });
  });

  it('allows anyone only when told on purpose', async () => {
    expect(
      await operatorAuthorizer(loadCodecServerEnv({ ...base, CODEC_SERVER_ALLOW_UNAUTHENTICATED: 'true' }))(undefined),
    ).toMatchObject({ allowed: true });
  });
});
