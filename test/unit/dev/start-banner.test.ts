import { randomBytes } from 'node:crypto';
import { loadEnv } from '../../../src/config/env';
import { startBanner } from '../../../dev/start-banner';

const sandbox = {
  clientId: '5f0c6c1e-0b9e-4e43-9a55-6f1c3c3c0a11',
  apiKey: 'cbp_sandbox-key-value-0123456789',
  webhookSecret: 'whsec_sandbox-secret-0123456789',
};
const places = {
  temporalUi: 'http://127.0.0.1:8233',
  codecServer: 'http://127.0.0.1:8888',
  database: '127.0.0.1:54329/payments',
};
const envFor = (NODE_ENV: string, extra: NodeJS.ProcessEnv = {}) =>
  loadEnv({
    NODE_ENV,
    DATABASE_URL: 'postgres://u:p@localhost:5432/db',
    JWT_SECRET: randomBytes(32).toString('hex'),
    SECRETS_KEY: randomBytes(32).toString('hex'),
    TEMPORAL_PAYLOAD_KEYS: `k1:${randomBytes(32).toString('base64')}`,
    ...extra,
  });

describe('start banner', () => {
  it('shows the sandbox credentials the one time they are created, outside production', () => {
    const banner = startBanner(envFor('development'), places, sandbox);
    expect(banner).toContain(`API key         ${sandbox.apiKey}`);
    expect(banner).toContain(`webhook secret  ${sandbox.webhookSecret}`);
    expect(banner).toContain('Web UI: http://127.0.0.1:8233');
    expect(banner).toContain('Codec server  http://127.0.0.1:8888');
  });

  it('shows where Prometheus scrapes the api and the worker', () => {
    const banner = startBanner(
      envFor('development', { API_METRICS_PORT: '19464', WORKER_METRICS_PORT: '19465' }),
      places,
      null,
    );
    expect(banner).toContain(
      'Metrics       http://127.0.0.1:19464/metrics (api), http://127.0.0.1:19465/metrics (worker)',
    );
  });

  it('shows the metrics on the address they are bound to, a wildcard through loopback', () => {
    expect(startBanner(envFor('development', { METRICS_HOST: '10.1.2.3' }), places, null)).toContain(
      'http://10.1.2.3:9464/metrics (api), http://10.1.2.3:9465/metrics (worker)',
    );
    expect(startBanner(envFor('development', { METRICS_HOST: '::' }), places, null)).toContain(
      'http://127.0.0.1:9464/metrics (api)',
    );
  });

  it('never prints credentials when NODE_ENV=production, only where they are', () => {
    const banner = startBanner(envFor('production'), places, sandbox);
    expect(banner).not.toContain(sandbox.apiKey);
    expect(banner).not.toContain(sandbox.webhookSecret);
    expect(banner).toContain('.data/sandbox-credentials.json');
  });

  it('points to the credentials file when the sandbox client already existed', () => {
    expect(
      startBanner(
        envFor('development'),
        { temporalUi: null, codecServer: 'http://127.0.0.1:8888', database: '(DATABASE_URL)' },
        null,
      ),
    ).toContain('Sandbox credentials: .data/sandbox-credentials.json');
  });
});
