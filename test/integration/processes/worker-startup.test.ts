import { randomUUID } from 'node:crypto';
import { Connection } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { MainProcess } from '../../../dev/main-process';
import { TcpGate } from '../../support/tcp-gate';
import { until } from '../../support/until';

/**
 * A worker process started while PostgreSQL and Temporal are out of reach (restarting, or
 * started after it) waits for them, saying so, and polls once they are back, instead of exiting
 * at once (`npm run chaos` found its replacements dying during the restarts).
 */
describe('a worker started while PostgreSQL and Temporal are away', () => {
  const taskQueue = `worker-startup-${randomUUID()}`;
  let postgres: TcpGate;
  let temporal: TcpGate;
  let worker: MainProcess | undefined;
  let connection: Connection;

  beforeAll(async () => {
    MainProcess.assertBuilt();
    const database = new URL(process.env.DATABASE_URL!);
    postgres = await TcpGate.to({ host: database.hostname, port: Number(database.port) });
    const [host, port] = process.env.TEMPORAL_ADDRESS!.split(':');
    temporal = await TcpGate.to({ host: host!, port: Number(port) });
    connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
  });

  afterAll(async () => {
    await worker?.kill();
    await connection?.close();
    await postgres?.close();
    await temporal?.close();
  });

  const untilWorker = (what: string, timeoutMs: number, check: () => Promise<boolean> | boolean) =>
    until(what, check, {
      timeoutMs,
      alive: () => worker!.assertRunning(),
      detail: () => `the worker wrote:\n${worker!.recentOutput}`,
    });

  const polling = async () => {
    const answer = await connection.workflowService.describeTaskQueue({
      namespace: 'default',
      taskQueue: { name: taskQueue, kind: proto.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
      taskQueueType: proto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
    });
    return (answer.pollers ?? []).length > 0;
  };

  it('retries with back-off, logging each attempt, and polls once both are back', async () => {
    worker = new MainProcess('worker', {
      ...process.env,
      DATABASE_URL: TcpGate.rewrite(process.env.DATABASE_URL!, postgres.port),
      TEMPORAL_ADDRESS: temporal.address,
      TEMPORAL_TASK_QUEUE: taskQueue,
      LOG_LEVEL: 'warn',
    });

    await untilWorker('the worker to wait for PostgreSQL', 30_000, () =>
      /PostgreSQL is out of reach.*attempt 2 failed/.test(worker!.recentOutput),
    );
    await postgres.open();
    await untilWorker('the worker to wait for Temporal', 60_000, () =>
      worker!.recentOutput.includes('Temporal is out of reach'),
    );
    await temporal.open();
    await untilWorker('the worker to poll its task queue', 120_000, polling);
    expect(worker.running).toBe(true);
  }, 240_000);
});
