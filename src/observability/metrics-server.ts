import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { Gathered, gatherExposition, MetricsSource } from './exposition';

export interface MetricsServerOptions {
  host: string;
  port: number;
  /** Read at each scrape, so a process may add sources once what they read is connected. */
  sources: readonly MetricsSource[];
  /** Told about each source left out of a scrape. */
  onFailure: (failure: Gathered['failures'][number]) => void;
  /** Serves `GET /health` (200 while the process answers) and `GET /ready` (200 or 503 as `ready()` says). */
  probes?: { ready(): boolean };
}

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close: () => Promise<void>;
}

const probeAnswer = (up: boolean) => JSON.stringify({ status: up ? 'up' : 'down' });

/**
 * A small HTTP server of its own for `GET /metrics`, never the public API's port: the series
 * (balances, error rates) are for the operators' network, not for integrators. With `probes`,
 * also the process's liveness and readiness probes, answered `{"status":"up"|"down"}` like the
 * API's. Anything else is 404; another method than GET or HEAD is 405.
 */
export function startMetricsServer({
  host,
  port,
  sources,
  onFailure,
  probes,
}: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const probe = probes && path === '/health' ? true : probes && path === '/ready' ? probes.ready() : null;
    if (path !== '/metrics' && probe === null) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    if (probe !== null) {
      response
        .writeHead(probe ? 200 : 503, { 'content-type': 'application/json' })
        .end(request.method === 'HEAD' ? undefined : probeAnswer(probe));
      return;
    }
    gatherExposition(sources).then(
      ({ text, failures }) => {
        failures.forEach(onFailure);
        response
          .writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE })
          .end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        onFailure({ source: 'all', error });
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics unavailable\n');
      },
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const { port: bound } = server.address() as AddressInfo;
      resolve({
        url: metricsUrl(host, bound),
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            // Prometheus keeps its connection open between scrapes.
            server.closeAllConnections();
          }),
      });
    });
  });
}

/** Where a metrics server bound to `host` is scraped from this machine (a wildcard address through loopback). */
export function metricsUrl(host: string, port: number): string {
  const shown = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  return `http://${shown.includes(':') ? `[${shown}]` : shown}:${port}/metrics`;
}

/** A prom-client registry as a source. */
export const registrySource = (name: string, registry: Registry): MetricsSource => ({
  name,
  read: () => registry.metrics(),
});
