import { NativeConnection, Worker } from '@temporalio/worker';
import { createActivities } from '../../activities';
import { Env, loadEnv } from '../config/env';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { installRuntimeLogging } from '../temporal/runtime-logging';
import { ensureReconcilerSchedule } from '../temporal/reconciler-schedule';
import { registerSearchAttributes } from '../temporal/search-attributes';
import { createActivityDeps } from './activity-deps';

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
}

/**
 * A worker for the order workflows and their activities; tests run the same one in-process.
 * The extension lets `npm run bench` run its bare yardstick on this same worker, so it shares the
 * engine's slots and pollers instead of getting a worker of its own.
 */
export async function createOrderWorker(env: Env, taskQueue = env.TEMPORAL_TASK_QUEUE, { extension, reconciler = false }: WorkerOptions = {}) {
  installRuntimeLogging(env.LOG_LEVEL);
  const deps = await createActivityDeps({ ...env, TEMPORAL_TASK_QUEUE: taskQueue });
  await registerSearchAttributes(deps.connection, env.TEMPORAL_NAMESPACE);
  if (reconciler) await ensureReconcilerSchedule(deps.temporal, taskQueue);

  const connection = await NativeConnection.connect(temporalConnectionOptions(env));
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue,
    maxCachedWorkflows: env.WORKER_MAX_CACHED_WORKFLOWS,
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

/** The worker process. Worker.run() handles SIGINT/SIGTERM itself: it stops polling and drains. */
export async function runWorker(): Promise<void> {
  const { worker, close } = await createOrderWorker(loadEnv(), undefined, { reconciler: true });
  await worker.run();
  await close();
}
