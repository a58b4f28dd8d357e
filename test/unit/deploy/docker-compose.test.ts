import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load, YAML11_SCHEMA } from 'js-yaml';
import { loadEnv } from '../../../src/config/env';

interface Service {
  profiles?: string[];
  ports?: string[];
  restart?: string;
  environment?: Record<string, string | number>;
  healthcheck?: { test: string[] };
  stop_grace_period?: string;
}

const text = readFileSync(join(__dirname, '..', '..', '..', 'docker-compose.yml'), 'utf8');
// Compose reads YAML 1.1, merge keys (`<<: *service-env`) included.
const compose = load(text, { schema: YAML11_SCHEMA }) as { services: Record<string, Service> };
const SECRETS = ['JWT_SECRET', 'SECRETS_KEY', 'POSTGRES_PASSWORD'];

/** Compose's variable substitution, for the forms the file uses. */
function interpolate(value: string, given: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([?-])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    if (given[name] !== undefined) return given[name]!;
    if (kind === '?') throw new Error(`compose refuses to start: ${rest}`);
    return kind === '-' ? rest! : '';
  });
}

const environmentOf = (service: string, given: Record<string, string>) =>
  Object.fromEntries(Object.entries(compose.services[service]!.environment ?? {}).map(([name, value]) => [name, interpolate(String(value), given)]));

describe('docker-compose.yml', () => {
  it('publishes only the API by default; the opt-in Temporal UI binds loopback only', () => {
    const published = Object.entries(compose.services).filter(([, service]) => service.ports && !service.profiles);
    expect(published.map(([name, service]) => [name, service.ports])).toEqual([['api', ['3000:3000']]]);
    for (const [, service] of Object.entries(compose.services).filter(([, s]) => s.ports && s.profiles)) {
      for (const port of service.ports!) expect(port).toMatch(/^127\.0\.0\.1:/);
    }
  });

  it('has no fallback for any secret: compose refuses to start without them', () => {
    for (const name of SECRETS) {
      const references = [...text.matchAll(new RegExp(`\\$\\{${name}([^}]*)\\}`, 'g'))].map((match) => match[1]);
      expect(references.length).toBeGreaterThan(0);
      for (const reference of references) expect(reference).toMatch(/^:\?/);
    }
    expect(() => environmentOf('api', { POSTGRES_PASSWORD: 'p', SECRETS_KEY: 's' })).toThrow(/compose refuses to start: set JWT_SECRET/);
  });

  it('gives the api and worker an environment production accepts once real secrets are set', () => {
    const given = Object.fromEntries(SECRETS.map((name) => [name, randomBytes(32).toString('hex')]));
    for (const service of ['api', 'worker']) {
      const env = loadEnv(environmentOf(service, given));
      expect(env).toMatchObject({ NODE_ENV: 'production', ALLOW_INSECURE_CALLBACKS: false, JWT_SECRET: given.JWT_SECRET });
      expect(env.DATABASE_URL).toContain(given.POSTGRES_PASSWORD);
    }
  });

  it('checks the api and the worker with their readiness probes, and gives them time to drain when stopped', () => {
    const env = loadEnv(environmentOf('api', Object.fromEntries(SECRETS.map((name) => [name, randomBytes(32).toString('hex')]))));
    expect(compose.services.api!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${compose.services.api!.environment!.PORT}/ready`);
    expect(compose.services.worker!.healthcheck!.test.join(' ')).toContain(`http://127.0.0.1:${env.WORKER_METRICS_PORT}/ready`);
    const seconds = (period: string) => Number(/^(\d+)s$/.exec(period)![1]) * 1000;
    expect(seconds(compose.services.api!.stop_grace_period!)).toBeGreaterThan(env.API_DRAIN_DELAY + env.SHUTDOWN_GRACE);
    expect(seconds(compose.services.worker!.stop_grace_period!)).toBeGreaterThan(env.SHUTDOWN_GRACE + 5000);
  });

  it('restarts every service unless it was stopped, so a process that gave up or crashed comes back', () => {
    for (const [name, service] of Object.entries(compose.services)) expect([name, service.restart]).toEqual([name, 'unless-stopped']);
  });
});
