import { NativeConnection, Worker } from '@temporalio/worker';
import { Connection } from '@temporalio/client';
import { createActivities } from '../../activities';
import { loadEnv } from '../config/env';
import { createDataSource } from '../db/data-source';
import { registerSearchAttributes } from '../temporal/search-attributes';

/** The Temporal worker: the order workflows and the activities that do their I/O. */
export async function runWorker(): Promise<void> {
  const env = loadEnv();
  const client = await Connection.connect({ address: env.TEMPORAL_ADDRESS });
  await registerSearchAttributes(client, env.TEMPORAL_NAMESPACE);
  await client.close();

  const dataSource = await createDataSource({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }).initialize();
  const connection = await NativeConnection.connect({ address: env.TEMPORAL_ADDRESS });
  const worker = await Worker.create({
    connection,
    namespace: env.TEMPORAL_NAMESPACE,
    taskQueue: env.TEMPORAL_TASK_QUEUE,
    workflowsPath: require.resolve('../../workflows'),
    activities: createActivities({ dataSource, env }),
  });
  // Worker.run() handles SIGINT/SIGTERM itself: it stops polling and drains running tasks.
  await worker.run();
  await connection.close();
  await dataSource.destroy();
}
