import { randomBytes } from 'node:crypto';
import { EnvError, loadCodecServerEnv, loadEnv, temporalBackend } from '../../../src/config/env';
import { parsePayloadKeys } from '../../../src/config/payload-keys';

const required = {
  DATABASE_URL: 'postgres://u:p@localhost:5432/db',
  JWT_SECRET: 'j'.repeat(32),
  SECRETS_KEY: 's'.repeat(32),
};
const aKey = () => randomBytes(32).toString('base64');

describe('loadEnv', () => {
  it('applies the documented defaults', () => {
    expect(loadEnv(required)).toMatchObject({
      PORT: 3000,
      RAILS_URL: 'http://127.0.0.1:4010',
      TEMPORAL_ADDRESS: '127.0.0.1:7233',
      TEMPORAL_TASK_QUEUE: 'orders',
      WORKER_MAX_CACHED_WORKFLOWS: 1000,
      WORKER_WORKFLOW_THREADS: 1,
      QR_EXPIRY_SECONDS: 600,
      PAYOUT_RETRY_WINDOW: 30 * 60_000,
      ALLOW_INSECURE_CALLBACKS: false,
    });
  });

  it('takes 1 to 16 workflow threads for the worker', () => {
    expect(loadEnv({ ...required, WORKER_WORKFLOW_THREADS: '4' }).WORKER_WORKFLOW_THREADS).toBe(4);
    for (const value of ['0', '17', '1.5'])
      expect(() => loadEnv({ ...required, WORKER_WORKFLOW_THREADS: value })).toThrow(/WORKER_WORKFLOW_THREADS/);
  });

  it('reads PAYOUT_RETRY_WINDOW as a duration and refuses a bare number', () => {
    expect(loadEnv({ ...required, PAYOUT_RETRY_WINDOW: '90s' }).PAYOUT_RETRY_WINDOW).toBe(90_000);
    expect(() => loadEnv({ ...required, PAYOUT_RETRY_WINDOW: '90' })).toThrow(/PAYOUT_RETRY_WINDOW/);
  });

  it('reads the bounds and the shutdown timings as durations, 0s only where it means none', () => {
    expect(loadEnv(required)).toMatchObject({
      DATABASE_CONNECT_TIMEOUT: 5000,
      DATABASE_STATEMENT_TIMEOUT: 5000,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: 10_000,
      API_TEMPORAL_TIMEOUT: 10_000,
      API_DRAIN_DELAY: 5000,
      API_KEEP_ALIVE_TIMEOUT: 5000,
      SHUTDOWN_GRACE: 20_000,
    });
    const zeros = {
      DATABASE_STATEMENT_TIMEOUT: '0s',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: '0s',
      API_DRAIN_DELAY: '0s',
    };
    expect(loadEnv({ ...required, ...zeros })).toMatchObject({
      DATABASE_STATEMENT_TIMEOUT: 0,
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: 0,
      API_DRAIN_DELAY: 0,
    });
    for (const name of [
      'DATABASE_CONNECT_TIMEOUT',
      'API_TEMPORAL_TIMEOUT',
      'API_KEEP_ALIVE_TIMEOUT',
      'SHUTDOWN_GRACE',
    ]) {
      expect(() => loadEnv({ ...required, [name]: '0s' })).toThrow(new RegExp(name));
    }
    expect(() => loadEnv({ ...required, API_DRAIN_DELAY: '5' })).toThrow(
      /API_DRAIN_DELAY: must be a duration such as 0s, 90s/,
    );
  });

  it('names every missing or bad variable in one error', () => {
    expect(() => loadEnv({ PORT: '99999', DATABASE_URL: 'mysql://x' })).toThrow(EnvError);
    try {
      loadEnv({ PORT: '99999', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SECRETS_KEY']) expect(message).toContain(name);
    }
  });

  it('registers the search attributes unless TEMPORAL_REGISTER_SEARCH_ATTRIBUTES says not to', () => {
    expect(loadEnv(required).TEMPORAL_REGISTER_SEARCH_ATTRIBUTES).toBe(true);
    expect(
      loadEnv({ ...required, TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: 'false' }).TEMPORAL_REGISTER_SEARCH_ATTRIBUTES,
    ).toBe(false);
    expect(() => loadEnv({ ...required, TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: 'no' })).toThrow(
      /TEMPORAL_REGISTER_SEARCH_ATTRIBUTES/,
    );
  });

  it('reads booleans and numbers from strings', () => {
    expect(loadEnv({ ...required, ALLOW_INSECURE_CALLBACKS: 'true', QR_EXPIRY_SECONDS: '5' })).toMatchObject({
      ALLOW_INSECURE_CALLBACKS: true,
      QR_EXPIRY_SECONDS: 5,
    });
    expect(() => loadEnv({ ...required, ALLOW_INSECURE_CALLBACKS: 'yes' })).toThrow(/ALLOW_INSECURE_CALLBACKS/);
  });

  it('reads TRUSTED_PROXIES as a list of proxy addresses, subnets and names, believing nobody by default', () => {
    expect(loadEnv(required).TRUSTED_PROXIES).toEqual([]);
    expect(loadEnv({ ...required, TRUSTED_PROXIES: ' ' }).TRUSTED_PROXIES).toEqual([]);
    expect(
      loadEnv({ ...required, TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,2001:db8::/32, 192.0.2.1' }).TRUSTED_PROXIES,
    ).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
  });

  it.each(['true', '*', '2', '10.0.0.0/33', '10.0.0.0/8/1', 'lb.internal', '0.0.0.0/0', '::/0', '10.0.0.0/8,', '-1'])(
    'refuses TRUSTED_PROXIES=%s',
    (value) => {
      expect(() => loadEnv({ ...required, TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );

  it('refuses TRUST_PROXY, which TRUSTED_PROXIES replaced, naming its successor', () => {
    expect(() => loadEnv({ ...required, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: replaced by TRUSTED_PROXIES/);
  });

  describe('TEMPORAL_PAYLOAD_KEYS', () => {
    it('reads id:key entries, the first the one that encrypts, keys in base64 or hex', () => {
      const [current, older] = [randomBytes(32), randomBytes(32)];
      const keys = parsePayloadKeys(
        loadEnv({
          ...required,
          TEMPORAL_PAYLOAD_KEYS: `2026-11:${current.toString('base64')}, 2026-05:${older.toString('hex')}`,
        }).TEMPORAL_PAYLOAD_KEYS,
      );
      expect(keys.current).toEqual({ id: '2026-11', key: current });
      expect([...keys.all.keys()]).toEqual(['2026-11', '2026-05']);
      expect(keys.all.get('2026-05')).toEqual(older);
    });

    it.each([
      ['no id', aKey(), /entry 1: must be id:key/],
      ['an id with a space', `key one:${aKey()}`, /entry 1: must be id:key/],
      ['a short key', `k1:${randomBytes(16).toString('base64')}`, /key k1: must be 32 bytes/],
      ['a key that is not base64', `k1:${'x'.repeat(40)}!!!`, /key k1: must be 32 bytes/],
      ['an id listed twice', `k1:${aKey()},k1:${aKey()}`, /key k1: listed twice/],
      ['nothing', ' , ', /must list at least one id:key/],
    ])('refuses %s, naming the entry but never printing a key', (_, value, message) => {
      expect(() => loadEnv({ ...required, TEMPORAL_PAYLOAD_KEYS: value })).toThrow(message);
      try {
        loadEnv({ ...required, TEMPORAL_PAYLOAD_KEYS: value });
      } catch (error) {
        for (const material of value
          .split(',')
          .map((entry) => entry.split(':').pop()!.trim())
          .filter((material) => material.length > 8))
          expect((error as Error).message).not.toContain(material);
      }
    });

    it('is derived from SECRETS_KEY outside production when not given: one key for every process that shares it', () => {
      const secretsKey = randomBytes(32).toString('hex');
      const derived = loadEnv({ ...required, SECRETS_KEY: secretsKey }).TEMPORAL_PAYLOAD_KEYS;
      expect(derived).toMatch(/^dev-[0-9a-f]{8}:/);
      expect(loadEnv({ ...required, SECRETS_KEY: secretsKey, PORT: '4000' }).TEMPORAL_PAYLOAD_KEYS).toBe(derived);
      expect(
        parsePayloadKeys(loadEnv({ ...required, SECRETS_KEY: randomBytes(32).toString('hex') }).TEMPORAL_PAYLOAD_KEYS)
          .current.id,
      ).not.toBe(parsePayloadKeys(derived).current.id);
      expect(derived).not.toContain(secretsKey);
    });
  });

  describe('the codec server', () => {
    const tokens = { CODEC_SERVER_TOKENS: randomBytes(24).toString('hex') };

    it('needs neither PostgreSQL nor the API secrets; outside production its key comes from SECRETS_KEY like the other processes', () => {
      const secretsKey = randomBytes(32).toString('hex');
      const env = loadCodecServerEnv({ SECRETS_KEY: secretsKey, ...tokens });
      expect(env).toMatchObject({
        CODEC_SERVER_PORT: 8888,
        CODEC_SERVER_HOST: '127.0.0.1',
        CODEC_SERVER_CORS_ORIGINS: [],
        CODEC_SERVER_ALLOW_UNAUTHENTICATED: false,
      });
      expect(env.TEMPORAL_PAYLOAD_KEYS).toBe(loadEnv({ ...required, SECRETS_KEY: secretsKey }).TEMPORAL_PAYLOAD_KEYS);
      expect(() => loadCodecServerEnv({ ...tokens })).toThrow(/TEMPORAL_PAYLOAD_KEYS: set it, or SECRETS_KEY/);
    });

    it('refuses to start without a way to tell who may see payloads, unless told on purpose that anyone may', () => {
      expect(() => loadCodecServerEnv({ SECRETS_KEY: required.SECRETS_KEY })).toThrow(
        /CODEC_SERVER_TOKENS or CODEC_SERVER_JWKS_URL/,
      );
      expect(
        loadCodecServerEnv({ SECRETS_KEY: required.SECRETS_KEY, CODEC_SERVER_ALLOW_UNAUTHENTICATED: 'true' })
          .CODEC_SERVER_ALLOW_UNAUTHENTICATED,
      ).toBe(true);
      expect(() => loadCodecServerEnv({ SECRETS_KEY: required.SECRETS_KEY, CODEC_SERVER_TOKENS: 'short' })).toThrow(
        /CODEC_SERVER_TOKENS.*at least 32 characters/,
      );
    });

    it('verifies access tokens only with their issuer and the claim that marks who may see personal data', () => {
      const jwks = { SECRETS_KEY: required.SECRETS_KEY, CODEC_SERVER_JWKS_URL: 'https://login.example.com/jwks.json' };
      expect(() => loadCodecServerEnv(jwks)).toThrow(
        /CODEC_SERVER_JWKS_URL: also set CODEC_SERVER_JWT_ISSUER and CODEC_SERVER_JWT_CLAIM/,
      );
      expect(() =>
        loadCodecServerEnv({
          ...jwks,
          CODEC_SERVER_JWT_ISSUER: 'https://login.example.com/',
          CODEC_SERVER_JWT_CLAIM: 'groups',
        }),
      ).toThrow(/CODEC_SERVER_JWT_CLAIM: must be name=value/);
      expect(() =>
        loadCodecServerEnv({ SECRETS_KEY: required.SECRETS_KEY, ...tokens, CODEC_SERVER_JWT_CLAIM: 'groups=pii' }),
      ).toThrow(/they need CODEC_SERVER_JWKS_URL/);
      const env = loadCodecServerEnv({
        ...jwks,
        CODEC_SERVER_JWT_ISSUER: 'https://login.example.com/',
        CODEC_SERVER_JWT_CLAIM: 'groups=payments-pii',
      });
      expect(env.CODEC_SERVER_JWT_CLAIM).toBe('groups=payments-pii');
    });

    it('reads the Web UI origins allowed to call it, and refuses anything but an origin', () => {
      const env = loadCodecServerEnv({
        SECRETS_KEY: required.SECRETS_KEY,
        ...tokens,
        CODEC_SERVER_CORS_ORIGINS: 'https://temporal.example.com, http://127.0.0.1:8233',
      });
      expect(env.CODEC_SERVER_CORS_ORIGINS).toEqual(['https://temporal.example.com', 'http://127.0.0.1:8233']);
      expect(() =>
        loadCodecServerEnv({
          SECRETS_KEY: required.SECRETS_KEY,
          ...tokens,
          CODEC_SERVER_CORS_ORIGINS: 'https://temporal.example.com/namespaces',
        }),
      ).toThrow(/CODEC_SERVER_CORS_ORIGINS/);
    });
  });

  describe('in production', () => {
    const random = {
      DATABASE_URL: required.DATABASE_URL,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SECRETS_KEY: randomBytes(32).toString('base64'),
      TEMPORAL_PAYLOAD_KEYS: `k1:${aKey()}`,
    };

    it('starts with random secrets and secure callbacks', () => {
      expect(loadEnv({ ...random, NODE_ENV: 'production' })).toMatchObject({
        NODE_ENV: 'production',
        ALLOW_INSECURE_CALLBACKS: false,
      });
    });

    it.each([
      ['JWT_SECRET', 'change-me-change-me-change-me-change-me'],
      ['SECRETS_KEY', 'change-me-too-change-me-too-change-me-too'],
      ['JWT_SECRET', 'replace_me_with_a_long_random_secret_value'],
      ['JWT_SECRET', 'your-secret-here-your-secret-here-0000'],
      ['SECRETS_KEY', 's'.repeat(32)],
      ['JWT_SECRET', '12341234123412341234123412341234'],
      ['SANDBOX_API_KEY', 'example-sandbox-api-key'],
    ])('refuses the placeholder %s=%s, naming it', (name, value) => {
      expect(() => loadEnv({ ...random, NODE_ENV: 'production', [name]: value })).toThrow(
        new RegExp(`${name}: looks like a placeholder`),
      );
    });

    it('refuses ALLOW_INSECURE_CALLBACKS=true', () => {
      expect(() => loadEnv({ ...random, NODE_ENV: 'production', ALLOW_INSECURE_CALLBACKS: 'true' })).toThrow(
        /ALLOW_INSECURE_CALLBACKS: must be false in production/,
      );
    });

    it("refuses to start without TEMPORAL_PAYLOAD_KEYS: the payers' data would reach Temporal in clear", () => {
      const { TEMPORAL_PAYLOAD_KEYS: _, ...withoutKeys } = random;
      expect(() => loadEnv({ ...withoutKeys, NODE_ENV: 'production' })).toThrow(
        /TEMPORAL_PAYLOAD_KEYS: required in production/,
      );
      expect(() =>
        loadCodecServerEnv({ NODE_ENV: 'production', SECRETS_KEY: random.SECRETS_KEY, CODEC_SERVER_TOKENS: aKey() }),
      ).toThrow(/TEMPORAL_PAYLOAD_KEYS: required in production/);
    });

    it('refuses a payload key that looks like a placeholder, naming its id', () => {
      const zeros = Buffer.alloc(32).toString('base64');
      expect(() =>
        loadEnv({ ...random, NODE_ENV: 'production', TEMPORAL_PAYLOAD_KEYS: `k2:${aKey()},k1:${zeros}` }),
      ).toThrow(/TEMPORAL_PAYLOAD_KEYS: key k1 looks like a placeholder/);
    });

    describe('plaintext to Temporal', () => {
      const at =
        (TEMPORAL_ADDRESS: string, extra: NodeJS.ProcessEnv = {}) =>
        () =>
          loadEnv({ ...random, NODE_ENV: 'production', TEMPORAL_ADDRESS, ...extra });

      it('is refused off this machine, saying how to secure it', () => {
        expect(at('temporal-frontend.temporal.svc:7233')).toThrow(
          /TEMPORAL_ADDRESS: temporal-frontend.temporal.svc:7233 is reached in plain gRPC.*TEMPORAL_INSECURE=true/,
        );
        expect(at('10.0.0.7:7233')).toThrow(/plain gRPC/);
        expect(at('[2001:db8::1]:7233')).toThrow(/plain gRPC/);
      });

      it('is accepted on loopback, or when TEMPORAL_INSECURE=true says it is intended', () => {
        for (const address of ['127.0.0.1:7233', 'localhost:7233', '[::1]:7233']) expect(at(address)).not.toThrow();
        expect(at('temporal:7233', { TEMPORAL_INSECURE: 'true' })().TEMPORAL_INSECURE).toBe(true);
      });

      it('is not what TLS or an API key is', () => {
        expect(at('temporal:7233', { TEMPORAL_TLS: 'true' })).not.toThrow();
        expect(at('payments.a1b2c.tmprl.cloud:7233', { TEMPORAL_API_KEY: 'tk_0123456789abcdef' })).not.toThrow();
        expect(at('temporal:7233', { TEMPORAL_TLS: 'true', TEMPORAL_INSECURE: 'true' })).toThrow(
          /TEMPORAL_INSECURE: true, yet TLS or an API key is set/,
        );
      });
    });

    it('leaves development and tests free to use them', () => {
      expect(
        loadEnv({
          ...required,
          ALLOW_INSECURE_CALLBACKS: 'true',
          JWT_SECRET: 'change-me-change-me-change-me-change-me',
        }).ALLOW_INSECURE_CALLBACKS,
      ).toBe(true);
    });
  });
});

describe('temporalBackend', () => {
  it('is the dev server unless postgres is asked for, and names the variable when it is neither', () => {
    expect(temporalBackend({})).toBe('dev');
    expect(temporalBackend({ TEMPORAL_BACKEND: 'postgres' })).toBe('postgres');
    expect(() => temporalBackend({ TEMPORAL_BACKEND: 'sqlite' })).toThrow(
      /TEMPORAL_BACKEND: must be one of dev, postgres/,
    );
  });
});
