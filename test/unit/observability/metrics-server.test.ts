import { Counter, Registry } from 'prom-client';
import { MetricsServer, registrySource, startMetricsServer } from '../../../src/observability/metrics-server';

describe('metrics server', () => {
  const failures: string[] = [];
  let server: MetricsServer;

  beforeAll(async () => {
    const registry = new Registry();
    new Counter({ name: 'test_things_total', help: 'things', registers: [registry] }).inc(2);
    server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      sources: [registrySource('things', registry), { name: 'broken', read: () => Promise.reject(new Error('no')) }],
      onFailure: ({ source }) => failures.push(source),
    });
  });
  afterAll(() => server.close());

  it('serves the sources in the exposition format on GET /metrics, telling about the one left out', async () => {
    const response = await fetch(server.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await response.text();
    expect(text).toContain('test_things_total 2\n');
    expect(text).toContain('cbp_metrics_source_up{source="broken"} 0\n');
    expect(failures).toEqual(['broken']);
  });

  it('answers 404 anywhere else and 405 to another method on /metrics', async () => {
    expect((await fetch(server.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(server.url.replace('/metrics', '/ready'))).status).toBe(404);
    expect((await fetch(`${server.url}/more`)).status).toBe(404);
    const post = await fetch(server.url, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('metrics server with probes', () => {
  let ready = true;
  let server: MetricsServer;

  beforeAll(async () => {
    server = await startMetricsServer({
      host: '127.0.0.1',
      port: 0,
      sources: [],
      onFailure: () => undefined,
      probes: { ready: () => ready },
    });
  });
  afterAll(() => server.close());

  const probe = async (path: string) => {
    const response = await fetch(server.url.replace('/metrics', path));
    return [response.status, await response.json()];
  };

  it('answers /ready as the process says, up or down only, and /health up while it answers', async () => {
    expect(await probe('/ready')).toEqual([200, { status: 'up' }]);
    expect(await probe('/health')).toEqual([200, { status: 'up' }]);
    ready = false;
    expect(await probe('/ready')).toEqual([503, { status: 'down' }]);
    expect(await probe('/health')).toEqual([200, { status: 'up' }]);
    expect((await fetch(server.url.replace('/metrics', '/ready'), { method: 'POST' })).status).toBe(405);
  });
});
