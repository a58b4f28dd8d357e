import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../../activities';
import { Env, loadEnv } from '../config/env';
import { loggableError } from '../db/loggable-error';
import { freePort } from '../infra/free-port';
import type { ReachOptions } from '../infra/until-reachable';
import { collectProcessMetrics, serviceRegistry } from '../observability/metrics';
import { registrySource, startMetricsServer } from '../observability/metrics-server';
import { temporalRuntimeSource } from '../observability/temporal-runtime-metrics';
import { stopTracing, temporalWorkerTracing } from '../observability/tracing';
import { databaseStateSource, unconfirmedMovementsSource } from '../observability/worker-state-metrics';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { installTemporalRuntime } from '../temporal/runtime';
import { ensureReconcilerSchedule } from '../temporal/reconciler-schedule';
import { assertSearchAttributes, registerSearchAttributes } from '../temporal/search-attributes';
import { createActivityDeps, reachWith } from './activity-deps';

/** What `npm run bench` adds to the worker: its bare workflow and no-op activity. */
export interface WorkerExtension {
  /** A bundle entry that re-exports `workflows/` and adds the extra workflows. */
  workflowsPath: string;
  activities: object;
}

export interface WorkerOptions {
  extension?: WorkerExtension;
  /** Ensure the order-reconciler schedule on this task queue (the worker process does; most tests do not). */
  reconciler?: boolean;
  /** Wait this way for PostgreSQL and Temporal while they are out of reach, instead of failing at once. */
  startupRetry?: ReachOptions;
}

/**
 * A worker for the order workflows and their activities; tests run the same one in-process.
 * The extension lets `npm run bench` run its bare yardstick on this same worker, so it shares the
 * engine's slots and pollers instead of getting a worker of its own.
 */
export async function createOrderWorker(env: Env, taskQueue = env.TEMPORAL_TASK_QUEUE, { extension, reconciler = false, startupRetry }: WorkerOptions = {}) {
  installTemporalRuntime(env.LOG_LEVEL);
  const reach = reachWith(startupRetry);
  const deps = await createActivityDeps({ ...env, TEMPORAL_TASK_QUEUE: taskQueue }, startupRetry);
  const searchAttributes = env.TEMPORAL_REGISTER_SEARCH_ATTRIBUTES ? registerSearchAttributes : assertSearchAttributes;
  await reach('Temporal', () => searchAttributes(deps.connection, env.TEMPORAL_NAMESPACE));
  if (reconciler) await reach('Temporal', () => ensureReconcilerSchedule(deps.temporal, taskQueue));

  const connection = await reach('Temporal', () => NativeConnection.connect(temporalConnectionOptions(env)));
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue,
    maxCachedWorkflows: env.WORKER_MAX_CACHED_WORKFLOWS,
    workflowsPath: extension?.workflowsPath ?? require.resolve('../../workflows'),
    activities: { ...createActivities(deps), ...extension?.activities },
    ...temporalWorkerTracing(),
  });
  return {
    worker,
    deps,
    async close() {
      await connection.close();
      await deps.close();
    },
  };
}

/** Five minutes: PostgreSQL or Temporal restarting, or started after the worker by a compose file. */
const STARTUP_RETRY_WINDOW_MS = 5 * 60_000;

/**
 * The worker process. It waits for PostgreSQL and Temporal while they are out of reach (a
 * restart, or a compose file starting everything at once), for five minutes, then exits for
 * its supervisor to start it again. Its /metrics (WORKER_METRICS_PORT) carries the shared
 * series, the database's and Temporal's scrape-time gauges, and the SDK's own `temporal_*`
 * series, which the Temporal runtime serves on an internal loopback port this endpoint reads
 * from. Worker.run() handles SIGINT/SIGTERM itself: it stops polling and drains.
 */
export async function runWorker(): Promise<void> {
  const env = loadEnv();
  const runtimeMetrics = `127.0.0.1:${await freePort()}`;
  installTemporalRuntime(env.LOG_LEVEL, { metrics: { prometheusBindAddress: runtimeMetrics } });
  const startupRetry: ReachOptions = {
    windowMs: STARTUP_RETRY_WINDOW_MS,
    firstDelayMs: 500,
    maxDelayMs: 10_000,
    warn: (message) => Runtime.instance().logger.warn(message),
  };
  const { worker, deps, close } = await createOrderWorker(env, undefined, { reconciler: true, startupRetry });
  collectProcessMetrics();
  const log = pino({ level: env.LOG_LEVEL, base: { process: 'worker' } });
  const metrics = await startMetricsServer({
    host: env.METRICS_HOST,
    port: env.WORKER_METRICS_PORT,
    sources: [
      registrySource('process', serviceRegistry),
      databaseStateSource(deps.dataSource),
      unconfirmedMovementsSource(deps.temporal, env.TEMPORAL_TASK_QUEUE),
      temporalRuntimeSource(`http://${runtimeMetrics}/metrics`),
    ],
    onFailure: ({ source, error }) => log.warn({ source, error: loggableError(error) }, 'a metrics source was left out of the scrape'),
  });
  log.info({ url: metrics.url }, 'worker metrics served');
  await worker.run();
  await metrics.close();
  await close();
  await stopTracing();
}
