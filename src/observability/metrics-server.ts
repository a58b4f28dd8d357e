import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Registry } from 'prom-client';
import { Gathered, gatherExposition, MetricsSource } from './exposition';

export interface MetricsServerOptions {
  host: string;
  port: number;
  sources: readonly MetricsSource[];
  /** Told about each source left out of a scrape. */
  onFailure(failure: Gathered['failures'][number]): void;
}

export interface MetricsServer {
  /** Where Prometheus scrapes, e.g. http://127.0.0.1:9464/metrics. */
  url: string;
  close(): Promise<void>;
}

/**
 * A small HTTP server of its own for `GET /metrics`, never the public API's port: the series
 * (balances, error rates) are for the operators' network, not for integrators. Anything else
 * is 404; another method on /metrics is 405.
 */
export function startMetricsServer({ host, port, sources, onFailure }: MetricsServerOptions): Promise<MetricsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain' }).end('method not allowed\n');
      return;
    }
    gatherExposition(sources).then(
      ({ text, failures }) => {
        failures.forEach(onFailure);
        response.writeHead(200, { 'content-type': Registry.PROMETHEUS_CONTENT_TYPE }).end(request.method === 'HEAD' ? undefined : text);
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
export const registrySource = (name: string, registry: Registry): MetricsSource => ({ name, read: () => registry.metrics() });
