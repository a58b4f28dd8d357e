import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import { Env, loadEnv } from '../config/env';
import { createApi } from '../api';
import { createDataSource, migrate } from '../db/data-source';
import { loggableError } from '../db/loggable-error';
import { Readiness } from '../health/readiness';
import { HttpDrain } from '../http/http-drain';
import { collectProcessMetrics, serviceRegistry } from '../observability/metrics';
import { dependencySource } from '../health/dependency-metrics';
import { MetricsServer, registrySource, startMetricsServer } from '../observability/metrics-server';
import { stopTracing } from '../observability/tracing';
import { onStopSignal } from './stop-signals';

/**
 * The HTTP facade. Migrations run first, under a lock, so replicas may start together. Its
 * /metrics is on API_METRICS_PORT, apart from the public port. SIGTERM or SIGINT drains it
 * (stopApi).
 */
export async function runApi(): Promise<void> {
  const env = loadEnv();
  const dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
  await migrate(dataSource);
  await dataSource.destroy();
  const app = await createApi(env);
  const server = app.getHttpServer();
  server.keepAliveTimeout = env.API_KEEP_ALIVE_TIMEOUT;
  // Node requires it above keepAliveTimeout, lest a connection be cut as its next request's headers arrive.
  server.headersTimeout = Math.max(HEADERS_TIMEOUT_MS, env.API_KEEP_ALIVE_TIMEOUT + 1000);
  await app.listen(env.PORT, '0.0.0.0');
  collectProcessMetrics();
  const logger = app.get(Logger);
  const metrics = await startMetricsServer({
    host: env.METRICS_HOST,
    port: env.API_METRICS_PORT,
    sources: [registrySource('process', serviceRegistry), dependencySource(app.get(Readiness))],
    onFailure: ({ source, error }) =>
      logger.warn({ source, error: loggableError(error) }, 'a metrics source was left out of the scrape', 'Metrics'),
  });
  logger.log({ url: metrics.url }, 'api metrics served', 'Metrics');
  onStopSignal(
    (signal) =>
      void stopApi(app, metrics, env, signal).then(
        (finished) => process.exit(finished ? 0 : 1),
        (error: unknown) => {
          logger.error({ error: loggableError(error) }, 'stopping failed', 'Shutdown');
          process.exit(1);
        },
      ),
    (signal) => logger.log({ signal }, 'already stopping', 'Shutdown'),
  );
}

/** Node's own default: how long a client may take to send a request's headers. */
const HEADERS_TIMEOUT_MS = 60_000;

/**
 * The API's stop, as a balancer needs it: /ready answers 503 at once and every response says
 * `Connection: close`, while requests are still served for API_DRAIN_DELAY (the balancer's
 * probes see it and send elsewhere); then the listener closes with the idle connections, the
 * requests in flight get SHUTDOWN_GRACE to finish (the rest are cut), and the database and
 * Temporal connections close. Resolves whether every request finished.
 */
async function stopApi(
  app: NestExpressApplication,
  metrics: MetricsServer,
  env: Env,
  signal: NodeJS.Signals,
): Promise<boolean> {
  const logger = app.get(Logger);
  const drain = app.get(HttpDrain);
  drain.begin();
  logger.log(
    { signal, drainDelayMs: env.API_DRAIN_DELAY },
    'stopping: /ready answers 503; still serving until the drain delay ends',
    'Shutdown',
  );
  await new Promise((resolve) => setTimeout(resolve, env.API_DRAIN_DELAY));
  logger.log(
    { graceMs: env.SHUTDOWN_GRACE },
    'closing the listener and the idle connections; the requests in flight get the grace to finish',
    'Shutdown',
  );
  const finished = await drain.close(app.getHttpServer(), env.SHUTDOWN_GRACE);
  if (!finished)
    logger.warn(
      { graceMs: env.SHUTDOWN_GRACE },
      'requests still in flight at the end of the grace were cut',
      'Shutdown',
    );
  await app.close();
  await metrics.close();
  logger.log('stopped', 'Shutdown');
  await stopTracing();
  return finished;
}
