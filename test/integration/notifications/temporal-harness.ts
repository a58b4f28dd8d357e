import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import type { DataSource } from 'typeorm';
import { createNotificationActivities } from '../../../activities/notifications.activities';
import type { CreatedClient } from '../../../src/auth/clients.service';
import type { Env } from '../../../src/config/env';
import { temporalDataConverter } from '../../../src/temporal/payload-codec';
import { openNotificationKit } from './notification-test-kit';

/**
 * A real worker on a task queue of its own, and a client for it. It registers only the
 * notification activities (the ones createActivities merges in): the delivery workflow calls
 * nothing else, and the order activities need rails, FX and a ledger these tests do not use.
 */
export async function startTemporalHarness(deps: { dataSource: DataSource; env: Env }, workflowsPath: string) {
  const taskQueue = `notifications-test-${randomUUID()}`;
  const workerConnection = await NativeConnection.connect({ address: deps.env.TEMPORAL_ADDRESS });
  const dataConverter = temporalDataConverter(deps.env);
  const worker = await Worker.create({
    connection: workerConnection,
    taskQueue,
    workflowsPath,
    dataConverter,
    activities: createNotificationActivities(deps),
  });
  const running = worker.run();
  const connection = await Connection.connect({ address: deps.env.TEMPORAL_ADDRESS });
  const client = new Client({ connection, dataConverter });
  return {
    client,
    taskQueue,
    async close() {
      worker.shutdown();
      await running;
      await Promise.all([workerConnection.close(), connection.close()]);
    },
  };
}

/**
 * Registers the file's hooks: the kit, a harness running `workflowsPath` and one client,
 * ready in every test and closed after the last (whatever of them had started).
 */
export function useNotificationHarness(workflowsPath: string, clientName: string) {
  const suite = {} as {
    kit: Awaited<ReturnType<typeof openNotificationKit>>;
    temporal: Awaited<ReturnType<typeof startTemporalHarness>>;
    client: CreatedClient;
  };
  beforeAll(async () => {
    suite.kit = await openNotificationKit();
    suite.temporal = await startTemporalHarness(suite.kit, workflowsPath);
    suite.client = await suite.kit.clients.create({ name: clientName });
  });
  afterAll(async () => {
    await suite.temporal?.close();
    await suite.kit?.close();
  });
  return suite;
}
