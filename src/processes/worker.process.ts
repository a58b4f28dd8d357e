import { existsSync } from 'node:fs';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import type { WorkerOptions as SdkWorkerOptions } from '@temporalio/worker';
import pino from 'pino';
import { createActivities } from '../../activities';
import { Env, loadEnv } from '../config/env';
import { loggableError } from '../db/loggable-error';
import { freePort } from '../infra/free-port';
import type { ReachOptions } from '../infra/until-reachable';
import { collectProcessMetrics, serviceRegistry } from '../observability/metrics';
import { registrySource, startMetricsServer } from '../observability/metrics-server';
import type { MetricsSource } from '../observability/exposition';
import { temporalRuntimeSource } from '../observability/temporal-runtime-metrics';
import { isTracing, stopTracing, temporalWorkerTracing } from '../observability/tracing';
import { databaseStateSource, unconfirmedMovementsSource } from '../operations/worker-state-metrics';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { temporalDataConverter } from '../temporal/payload-codec';
import { installTemporalRuntime } from '../temporal/runtime';
import { ensureReconcilerSchedule } from '../temporal/reconciler-schedule';
import { assertSearchAttributes, registerSearchAttributes } from '../temporal/search-attributes';
import { tracedBundlePath, WORKFLOW_BUNDLER_OPTIONS, WORKFLOWS_PATH } from '../temporal/workflow-modules';
import { createActivityDeps, reachWith } from './activity-deps';
import { onStopSignal } from './stop-signals';

export interface WorkerOptions {
  /** Ensure the order-reconciler schedule on this task queue (the worker process does; most tests do not). */
  reconciler?: boolean;
  /** Wait this way for PostgreSQL and Temporal while they are out of reach, instead of failing at once. */
  startupRetry?: ReachOptions;
}

/**
 * Where the worker's workflow code comes from: the bundle at WORKFLOW_BUNDLE_PATH (made by `node
 * dist/scripts/bundle-workflows.js`), or its traced twin when the worker traces; else
 * `workflows/`, bundled now (with the tracing interceptors when it traces).
 */
export function workflowCode(
  env: Pick<Env, 'WORKFLOW_BUNDLE_PATH'>,
  traced: boolean,
): Pick<SdkWorkerOptions, 'workflowsPath' | 'workflowBundle' | 'bundlerOptions'> {
  if (!env.WORKFLOW_BUNDLE_PATH) return { workflowsPath: WORKFLOWS_PATH, bundlerOptions: WORKFLOW_BUNDLER_OPTIONS };
  const codePath = traced ? tracedBundlePath(env.WORKFLOW_BUNDLE_PATH) : env.WORKFLOW_BUNDLE_PATH;
  if (!existsSync(codePath)) {
    throw new Error(
      `WORKFLOW_BUNDLE_PATH: no ${traced ? 'traced bundle (tracing is on)' : 'bundle'} at ${codePath}; node dist/scripts/bundle-workflows.js writes both`,
    );
  }
  return { workflowBundle: { codePath } };
}

/** How long the SDK waits past SHUTDOWN_GRACE for activities that ignore their cancellation before it gives up on them. */
const FORCE_AFTER_GRACE_MS = 5000;

/**
 * A worker for the order workflows and their activities; tests run the same one in-process.
 * Shut down, it stops polling and gives the tasks it holds SHUTDOWN_GRACE to finish; then it
 * cancels the activities still running, and FORCE_AFTER_GRACE_MS later stops without them (their
 * attempts time out on the server and are retried elsewhere). Its payloads are encrypted and
 * decrypted outside the workflow sandbox (temporalDataConverter).
 */
export async function createOrderWorker(
  env: Env,
  taskQueue = env.TEMPORAL_TASK_QUEUE,
  { reconciler = false, startupRetry }: WorkerOptions = {},
) {
  installTemporalRuntime(env.LOG_LEVEL);
  const reach = reachWith(startupRetry);
  const deps = await createActivityDeps({ ...env, TEMPORAL_TASK_QUEUE: taskQueue }, startupRetry);
  const searchAttributes = env.TEMPORAL_REGISTER_SEARCH_ATTRIBUTES ? registerSearchAttributes : assertSearchAttributes;
  await reach('Temporal', () => searchAttributes(deps.connection, env.TEMPORAL_NAMESPACE));
  if (reconciler) await reach('Temporal', () => ensureReconcilerSchedule(deps.temporal, taskQueue));

  const connection = await reach('Temporal', () => NativeConnection.connect(temporalConnectionOptions(env)));
  const code = workflowCode(env, isTracing());
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue,
    dataConverter: temporalDataConverter(env),
    maxCachedWorkflows: env.WORKER_MAX_CACHED_WORKFLOWS,
    maxConcurrentWorkflowTaskExecutions: env.WORKER_WORKFLOW_TASK_SLOTS,
    maxConcurrentActivityTaskExecutions: env.WORKER_ACTIVITY_SLOTS,
    maxConcurrentLocalActivityExecutions: env.WORKER_LOCAL_ACTIVITY_SLOTS,
    workflowThreadPoolSize: env.WORKER_WORKFLOW_THREADS,
    ...code,
    shutdownGraceTime: env.SHUTDOWN_GRACE,
    shutdownForceTime: env.SHUTDOWN_GRACE + FORCE_AFTER_GRACE_MS,
    activities: createActivities(deps),
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
 * its supervisor to start it again. Its metrics port (WORKER_METRICS_PORT) answers from the
 * start: `/health` (the process is alive), `/ready` (200 once its worker polls, 503 before and
 * from SIGTERM on), and `/metrics`, which carries the shared series, the database's and
 * Temporal's scrape-time gauges once connected, and the SDK's own `temporal_*` series, which
 * the Temporal runtime serves on an internal loopback port this endpoint reads from. SIGTERM or
 * SIGINT stops polling and lets the tasks in hand finish (createOrderWorker); before the worker
 * runs, it exits at once.
 */
export async function runWorker(): Promise<void> {
  const env = loadEnv();
  const log = pino({ level: env.LOG_LEVEL, base: { process: 'worker' } });
  let worker: Worker | undefined;
  onStopSignal(
    (signal) => {
      if (worker?.getState() !== 'RUNNING') {
        log.info({ signal }, 'stopped before polling');
        process.exit(0);
      }
      log.info(
        { signal, graceMs: env.SHUTDOWN_GRACE },
        'stopping: no new tasks; the ones in hand get the grace to finish',
      );
      worker.shutdown();
    },
    (signal) => log.info({ signal }, 'already stopping'),
  );
  const runtimeMetrics = `127.0.0.1:${await freePort()}`;
  installTemporalRuntime(env.LOG_LEVEL, { metrics: { prometheusBindAddress: runtimeMetrics }, ownSignals: true });
  collectProcessMetrics();
  const sources: MetricsSource[] = [registrySource('process', serviceRegistry)];
  const metrics = await startMetricsServer({
    host: env.METRICS_HOST,
    port: env.WORKER_METRICS_PORT,
    sources,
    onFailure: ({ source, error }) =>
      log.warn({ source, error: loggableError(error) }, 'a metrics source was left out of the scrape'),
    probes: { ready: () => worker?.getState() === 'RUNNING' },
  });
  log.info({ url: metrics.url }, 'worker metrics served');
  const startupRetry: ReachOptions = {
    windowMs: STARTUP_RETRY_WINDOW_MS,
    firstDelayMs: 500,
    maxDelayMs: 10_000,
    warn: (message) => {
      Runtime.instance().logger.warn(message);
    },
  };
  const created = await createOrderWorker(env, undefined, { reconciler: env.WORKER_RECONCILER, startupRetry });
  worker = created.worker;
  sources.push(
    databaseStateSource(created.deps.dataSource),
    unconfirmedMovementsSource(created.deps.temporal, env.TEMPORAL_TASK_QUEUE),
    temporalRuntimeSource(`http://${runtimeMetrics}/metrics`),
  );
  await worker.run();
  log.info('stopped');
  await metrics.close();
  await created.close();
  await stopTracing();
}
