import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { load } from 'js-yaml';
import { loadCodecServerEnv, loadEnv } from '../../../src/config/env';
import { temporalDynamicConfig } from '../../../dev/temporal-postgres/server-config';
import { TEMPORAL_SERVER_VERSION } from '../../../dev/temporal-postgres/installation';
import { compose, composeText as text, environmentOf, mountedFile } from '../../support/compose-file';
import { environment, execForm, instructions, parseDockerfile, target } from '../../support/dockerfile';

const root = join(__dirname, '..', '..', '..');
const SECRETS = ['JWT_SECRET', 'SECRETS_KEY', 'POSTGRES_PASSWORD', 'TEMPORAL_PAYLOAD_KEYS'];
const services = compose.services;
/** The jobs that run to completion at each `up`; every other service runs until stopped. */
const ONE_SHOT = ['temporal-schema', 'temporal-namespace'];
const withSecrets = (): Record<string, string> => ({ ...Object.fromEntries(SECRETS.map((name) => [name, randomBytes(32).toString('hex')])), TEMPORAL_PAYLOAD_KEYS: `k1:${randomBytes(32).toString('base64')}` });
const completed = { condition: 'service_completed_successfully' };
const healthy = { condition: 'service_healthy' };

describe('docker-compose.yml', () => {
  it('publishes only the API by default; the opt-in Temporal UI binds loopback only', () => {
    const published = Object.entries(services).filter(([, service]) => service.ports && !service.profiles);
    expect(published.map(([name, service]) => [name, service.ports])).toEqual([['api', ['3000:3000']]]);
    for (const [, service] of Object.entries(services).filter(([, s]) => s.ports && s.profiles)) {
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
    const given = withSecrets();
    for (const service of ['api', 'worker']) {
      const env = loadEnv(environmentOf(service, given));
      expect(env).toMatchObject({ NODE_ENV: 'production', ALLOW_INSECURE_CALLBACKS: false, JWT_SECRET: given.JWT_SECRET });
      expect(env.DATABASE_URL).toContain(given.POSTGRES_PASSWORD);
    }
  });

  describe("Temporal and the payers' data in it", () => {
    it('reaches Temporal in plain gRPC on purpose only (TEMPORAL_INSECURE): its frontend is on the compose network, never published', () => {
      for (const service of ['api', 'worker']) expect(loadEnv(environmentOf(service, withSecrets()))).toMatchObject({ TEMPORAL_ADDRESS: 'temporal:7233', TEMPORAL_INSECURE: true });
      const { TEMPORAL_INSECURE: _, ...withoutIt } = environmentOf('api', withSecrets());
      expect(() => loadEnv(withoutIt)).toThrow(/TEMPORAL_ADDRESS: temporal:7233 is reached in plain gRPC/);
      expect(services.temporal!.ports).toBeUndefined();
    });

    it('encrypts payloads with TEMPORAL_PAYLOAD_KEYS, which has no fallback, in the api, the worker and the codec server alike', () => {
      const given = withSecrets();
      for (const service of ['api', 'worker', 'codec-server']) expect(environmentOf(service, given).TEMPORAL_PAYLOAD_KEYS).toBe(given.TEMPORAL_PAYLOAD_KEYS);
    });

    it("lets the opt-in UI decode payloads with the opt-in codec server, both on this machine's loopback only", () => {
      const published = (service: string) => services[service]!.ports!.map((port) => /^127\.0\.0\.1:(\d+):\d+$/.exec(port)![1]!);
      expect(services['codec-server']!.profiles).toEqual(services['temporal-ui']!.profiles);
      const codecServer = loadCodecServerEnv(environmentOf('codec-server', withSecrets()));
      expect(environmentOf('temporal-ui', withSecrets()).TEMPORAL_CODEC_ENDPOINT).toBe(`http://127.0.0.1:${published('codec-server')[0]}`);
      expect(codecServer.CODEC_SERVER_CORS_ORIGINS).toContain(`http://127.0.0.1:${published('temporal-ui')[0]}`);
      expect(services['codec-server']!.ports).toEqual([`127.0.0.1:${codecServer.CODEC_SERVER_PORT}:${codecServer.CODEC_SERVER_PORT}`]);
    });
  });

  describe('Temporal', () => {
    const temporalVersion = TEMPORAL_SERVER_VERSION.replace(/^v/, '');

    it("runs Temporal's server image, not the deprecated auto-setup, at the version npm start runs, with its admin tools of the same version", () => {
      expect(text).not.toMatch(/auto-setup/);
      expect(services.temporal!.image).toBe(`temporalio/server:${temporalVersion}`);
      for (const job of ONE_SHOT) expect(services[job]!.image).toMatch(new RegExp(`^temporalio/admin-tools:${temporalVersion.replace(/\./g, '\\.')}(-|$)`));
    });

    it('starts the server once the schema job has succeeded, and the api and the worker once the namespace job has', () => {
      expect(services['temporal-schema']!.depends_on).toEqual({ postgres: healthy });
      expect(services.temporal!.depends_on).toEqual({ 'temporal-schema': completed });
      expect(services['temporal-namespace']!.depends_on).toEqual({ temporal: healthy });
      for (const service of ['api', 'worker']) expect(services[service]!.depends_on).toMatchObject({ postgres: healthy, 'temporal-namespace': completed });
      expect(services.temporal!.healthcheck!.test.join(' ')).toMatch(/temporal operator cluster health .*SERVING/);
    });

    it('gives the schema job the databases the server uses, where PostgreSQL creates them', () => {
      const given = withSecrets();
      const server = environmentOf('temporal', given);
      const job = environmentOf('temporal-schema', given);
      const names = ['DB', 'DB_PORT', 'POSTGRES_SEEDS', 'POSTGRES_USER', 'POSTGRES_PWD', 'DBNAME', 'VISIBILITY_DBNAME'];
      expect(Object.keys(job).sort()).toEqual([...names].sort());
      for (const name of names) expect([name, server[name]]).toEqual([name, job[name]]);
      expect(job).toMatchObject({ DB: 'postgres12', POSTGRES_SEEDS: 'postgres', POSTGRES_PWD: given.POSTGRES_PASSWORD, POSTGRES_USER: environmentOf('postgres', given).POSTGRES_USER });
      const created = readFileSync(mountedFile('postgres', '/docker-entrypoint-initdb.d/10-temporal.sql'), 'utf8');
      for (const database of [job.DBNAME, job.VISIBILITY_DBNAME]) expect(created).toContain(`CREATE DATABASE ${database};`);
    });

    it('runs each job from a script in the repository, and registers the namespace the api and the worker use', () => {
      for (const job of ONE_SHOT) {
        const [shell, script] = services[job]!.entrypoint!;
        expect(shell).toBe('/bin/sh');
        expect(existsSync(mountedFile(job, script!))).toBe(true);
      }
      const namespace = environmentOf('temporal-namespace', withSecrets());
      expect(namespace.TEMPORAL_ADDRESS).toBe(environmentOf('api', withSecrets()).TEMPORAL_ADDRESS);
      expect(namespace.NAMESPACE).toBe(loadEnv(environmentOf('worker', withSecrets())).TEMPORAL_NAMESPACE);
    });

    it("gives the server the dynamic config the service relies on, the one npm start's Temporal on PostgreSQL has", () => {
      const given = environmentOf('temporal', withSecrets());
      const file = mountedFile('temporal', given.DYNAMIC_CONFIG_FILE_PATH!);
      expect(load(readFileSync(file, 'utf8'))).toEqual(temporalDynamicConfig());
    });
  });

  it("checks the api and the worker with their readiness probes through the image's health check, and gives them time to drain when stopped", () => {
    const env = loadEnv(environmentOf('api', withSecrets()));
    for (const service of ['api', 'worker']) {
      expect(services[service]!.healthcheck!.test).toEqual(['CMD', 'node', 'dist/src/healthcheck.js', services[service]!.command![0], '/ready']);
    }
    const seconds = (period: string) => Number(/^(\d+)s$/.exec(period)![1]) * 1000;
    expect(seconds(services.api!.stop_grace_period!)).toBeGreaterThan(env.API_DRAIN_DELAY + env.SHUTDOWN_GRACE);
    expect(seconds(services.worker!.stop_grace_period!)).toBeGreaterThan(env.SHUTDOWN_GRACE + 5000);
  });

  it("runs the worker on the workflow bundle the image is built with", () => {
    const image = environment(target(parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'))));
    expect(image.WORKFLOW_BUNDLE_PATH).toBeDefined();
    expect(services.worker!.build).toBe('.');
    expect(environmentOf('worker', withSecrets())).not.toHaveProperty('WORKFLOW_BUNDLE_PATH');
  });

  it('runs the api, the worker and the codec server from the production image (the default target), the rails simulator from the sandbox image', () => {
    const stages = parseDockerfile(readFileSync(join(root, 'Dockerfile'), 'utf8'));
    for (const service of ['api', 'worker', 'codec-server']) expect([service, services[service]!.build]).toEqual([service, '.']);
    expect(services.rails!.build).toEqual({ context: '.', target: 'sandbox' });
    expect(target(stages, 'sandbox').base).toBe('runtime');
    expect(services.rails!.command).toEqual(execForm(instructions(target(stages, 'sandbox'), 'CMD')[0]!));
  });

  it('restarts every long-running service unless it was stopped, so a process that gave up or crashed comes back; the one-shot jobs only when they fail', () => {
    for (const [name, service] of Object.entries(services)) {
      expect([name, service.restart]).toEqual([name, ONE_SHOT.includes(name) ? expect.stringMatching(/^on-failure(:\d+)?$/) : 'unless-stopped']);
    }
  });
});
