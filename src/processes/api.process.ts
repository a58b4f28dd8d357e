import { Logger } from 'nestjs-pino';
import { loadEnv } from '../config/env';
import { createApi } from '../api';
import { createDataSource, migrate } from '../db/data-source';
import { loggableError } from '../db/loggable-error';
import { collectProcessMetrics, serviceRegistry } from '../observability/metrics';
import { registrySource, startMetricsServer } from '../observability/metrics-server';

/**
 * The HTTP facade. Migrations run first, under a lock, so replicas may start together. Its
 * /metrics is on API_METRICS_PORT, apart from the public port.
 */
export async function runApi(): Promise<void> {
  const env = loadEnv();
  const dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: 2 }).initialize();
  await migrate(dataSource);
  await dataSource.destroy();
  const app = await createApi(env);
  await app.listen(env.PORT, '0.0.0.0');
  collectProcessMetrics();
  const logger = app.get(Logger);
  const metrics = await startMetricsServer({
    host: env.METRICS_HOST,
    port: env.API_METRICS_PORT,
    sources: [registrySource('process', serviceRegistry)],
    onFailure: ({ source, error }) => logger.warn({ source, error: loggableError(error) }, 'a metrics source was left out of the scrape', 'Metrics'),
  });
  logger.log({ url: metrics.url }, 'api metrics served', 'Metrics');
}
