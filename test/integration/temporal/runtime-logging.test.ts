import { randomUUID } from 'node:crypto';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { installTemporalRuntime } from '../../../src/temporal/runtime';

/**
 * The SDK's native core logs on its own (a failing workflow task, a task over 5 seconds). Left
 * alone it prints them, coloured, to the process's stdout, where they broke `npm run bench --
 * --json`; the runtime forwards them to the worker's JSON log instead.
 */
describe('the Temporal runtime log', () => {
  const lines: string[] = [];

  beforeAll(() => installTemporalRuntime('warn', { destination: { write: (line: string) => void lines.push(line) } }));

  it("carries the native core's warnings as JSON lines of the worker's log", async () => {
    const taskQueue = `runtime-logging-${randomUUID()}`;
    const workerConnection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
    const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
    const worker = await Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowsPath: require.resolve('./failing-task.workflows'),
    });
    const client = new Client({ connection });
    try {
      await worker.runUntil(async () => {
        const handle = await client.workflow.start('failingTaskWorkflow', {
          taskQueue,
          workflowId: `failing-task-${randomUUID()}`,
        });
        const deadline = Date.now() + 30_000;
        while (!lines.some((line) => line.includes('Failing workflow task')) && Date.now() < deadline) {
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        await handle.terminate('test over');
      });
    } finally {
      await Promise.all([workerConnection.close(), connection.close()]);
    }
    const reported = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'Failing workflow task');
    expect(reported).toMatchObject({ level: 40, process: 'worker', sdkComponent: 'core' });
  });
});
