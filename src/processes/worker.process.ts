import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { Env, loadEnv } from '../config/env';
import type { ReachOptions } from '../infra/until-reachable';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { installRuntimeLogging } from '../temporal/runtime-logging';
import { ensureReconcilerSchedule } from '../temporal/reconciler-schedule';
import { registerSearchAttributes } from '../temporal/search-attributes';
import { createActivityDeps, reachWith } from './activity-deps';

/** What `npm run bench` adds to the worker: its no-op workflows and activities. */
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
 * The extension lets `npm run bench` run its ceiling on this same worker, so it shares the
 * engine's slots and pollers instead of getting a worker of its own.
 */
export async function createOrderWorker(env: Env, taskQueue = env.TEMPORAL_TASK_QUEUE, { extension, reconciler = false, startupRetry }: WorkerOptions = {}) {
  installRuntimeLogging(env.LOG_LEVEL);
  const reach = reachWith(startupRetry);
  const deps = await createActivityDeps({ ...env, TEMPORAL_TASK_QUEUE: taskQueue }, startupRetry);
  await reach('Temporal', () => registerSearchAttributes(deps.connection, env.TEMPORAL_NAMESPACE));
  if (reconciler) await reach('Temporal', () => ensureReconcilerSchedule(deps.temporal, taskQueue));

  const connection = await reach('Temporal', () => NativeConnection.connect(temporalConnectionOptions(env)));
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue,
    workflowsPath: extension?.workflowsPath ?? require.resolve('../../workflows'),
    activities: { ...createActivities(deps), ...extension?.activities },
  });
  return {
    worker,
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
 * its supervisor to start it again. Worker.run() handles SIGINT/SIGTERM itself: it stops
 * polling and drains.
 */
export async function runWorker(): Promise<void> {
  const env = loadEnv();
  installRuntimeLogging(env.LOG_LEVEL);
  const startupRetry: ReachOptions = {
    windowMs: STARTUP_RETRY_WINDOW_MS,
    firstDelayMs: 500,
    maxDelayMs: 10_000,
    warn: (message) => Runtime.instance().logger.warn(message),
  };
  const { worker, close } = await createOrderWorker(env, undefined, { reconciler: true, startupRetry });
  await worker.run();
  await close();
}
