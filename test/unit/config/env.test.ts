import { randomBytes } from 'node:crypto';
import { EnvError, loadEnv, temporalBackend } from '../../../src/config/env';

const required = { DATABASE_URL: 'postgres://u:p@localhost:5432/db', JWT_SECRET: 'j'.repeat(32), SECRETS_KEY: 's'.repeat(32) };

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
    for (const value of ['0', '17', '1.5']) expect(() => loadEnv({ ...required, WORKER_WORKFLOW_THREADS: value })).toThrow(/WORKER_WORKFLOW_THREADS/);
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
    const zeros = { DATABASE_STATEMENT_TIMEOUT: '0s', DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: '0s', API_DRAIN_DELAY: '0s' };
    expect(loadEnv({ ...required, ...zeros })).toMatchObject({ DATABASE_STATEMENT_TIMEOUT: 0, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT: 0, API_DRAIN_DELAY: 0 });
    for (const name of ['DATABASE_CONNECT_TIMEOUT', 'API_TEMPORAL_TIMEOUT', 'API_KEEP_ALIVE_TIMEOUT', 'SHUTDOWN_GRACE']) {
      expect(() => loadEnv({ ...required, [name]: '0s' })).toThrow(new RegExp(name));
    }
    expect(() => loadEnv({ ...required, API_DRAIN_DELAY: '5' })).toThrow(/API_DRAIN_DELAY: must be a duration such as 0s, 90s/);
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
    expect(loadEnv({ ...required, TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: 'false' }).TEMPORAL_REGISTER_SEARCH_ATTRIBUTES).toBe(false);
    expect(() => loadEnv({ ...required, TEMPORAL_REGISTER_SEARCH_ATTRIBUTES: 'no' })).toThrow(/TEMPORAL_REGISTER_SEARCH_ATTRIBUTES/);
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
    expect(loadEnv({ ...required, TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,2001:db8::/32, 192.0.2.1' }).TRUSTED_PROXIES).toEqual(['loopback', '10.0.0.0/8', '2001:db8::/32', '192.0.2.1']);
  });

  it.each(['true', '*', '2', '10.0.0.0/33', '10.0.0.0/8/1', 'lb.internal', '0.0.0.0/0', '::/0', '10.0.0.0/8,', '-1'])('refuses TRUSTED_PROXIES=%s', (value) => {
    expect(() => loadEnv({ ...required, TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
  });

  it('refuses TRUST_PROXY, which TRUSTED_PROXIES replaced, naming its successor', () => {
    expect(() => loadEnv({ ...required, TRUST_PROXY: '1' })).toThrow(/TRUST_PROXY: replaced by TRUSTED_PROXIES/);
  });

  describe('in production', () => {
    const random = { DATABASE_URL: required.DATABASE_URL, JWT_SECRET: randomBytes(32).toString('hex'), SECRETS_KEY: randomBytes(32).toString('base64') };

    it('starts with random secrets and secure callbacks', () => {
      expect(loadEnv({ ...random, NODE_ENV: 'production' })).toMatchObject({ NODE_ENV: 'production', ALLOW_INSECURE_CALLBACKS: false });
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
      expect(() => loadEnv({ ...random, NODE_ENV: 'production', [name]: value })).toThrow(new RegExp(`${name}: looks like a placeholder`));
    });

    it('refuses ALLOW_INSECURE_CALLBACKS=true', () => {
      expect(() => loadEnv({ ...random, NODE_ENV: 'production', ALLOW_INSECURE_CALLBACKS: 'true' })).toThrow(/ALLOW_INSECURE_CALLBACKS: must be false in production/);
    });

    it('leaves development and tests free to use them', () => {
      expect(loadEnv({ ...required, ALLOW_INSECURE_CALLBACKS: 'true', JWT_SECRET: 'change-me-change-me-change-me-change-me' }).ALLOW_INSECURE_CALLBACKS).toBe(true);
    });
  });
});

describe('temporalBackend', () => {
  it('is the dev server unless postgres is asked for, and names the variable when it is neither', () => {
    expect(temporalBackend({})).toBe('dev');
    expect(temporalBackend({ TEMPORAL_BACKEND: 'postgres' })).toBe('postgres');
    expect(() => temporalBackend({ TEMPORAL_BACKEND: 'sqlite' })).toThrow(/TEMPORAL_BACKEND: must be one of dev, postgres/);
  });
});
