import { randomUUID } from 'node:crypto';
import {
  Client,
  Connection,
  WorkflowNotFoundError,
  WorkflowUpdateRPCTimeoutOrCancelledError,
} from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { countUpdate, finishSignal } from './update-ids.workflows';

/**
 * What the API's deterministic update ids rely on (src/orders/order-workflow.client.ts), on the
 * real dev server: an update sent again under the id of one that is still with Temporal attaches
 * to it, one sent under the id of a completed update is answered its result without running
 * again, and after the run has closed a completed id is still answered while an unknown one is
 * "workflow execution already completed" (WorkflowNotFoundError), which the API answers from
 * the order's history instead.
 */
describe('Temporal and update ids', () => {
  let connection: Connection;
  let workerConnection: NativeConnection;
  let client: Client;

  beforeAll(async () => {
    connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS! });
    workerConnection = await NativeConnection.connect({ address: process.env.TEMPORAL_ADDRESS! });
    client = new Client({ connection });
  });
  afterAll(async () => {
    await Promise.all([connection?.close(), workerConnection?.close()]);
  });

  it('runs an update once per id: in flight, completed, and after the run closed', async () => {
    const taskQueue = `update-ids-${randomUUID()}`;
    const handle = await client.workflow.start('countingWorkflow', {
      taskQueue,
      workflowId: `counting-${randomUUID()}`,
    });

    // No worker polls yet: the caller stops waiting, the update stays with Temporal.
    const first = await connection
      .withDeadline(Date.now() + 1500, () => handle.executeUpdate(countUpdate, { updateId: 'pay' }))
      .catch((error: unknown) => error);
    expect(first).toBeInstanceOf(WorkflowUpdateRPCTimeoutOrCancelledError);

    const worker = await Worker.create({
      connection: workerConnection,
      taskQueue,
      workflowsPath: require.resolve('./update-ids.workflows'),
    });
    await worker.runUntil(async () => {
      // The resend attaches to the update admitted before: it runs once.
      expect(await handle.executeUpdate(countUpdate, { updateId: 'pay' })).toBe(1);
      // Completed: answered its result, not run again.
      expect(await handle.executeUpdate(countUpdate, { updateId: 'pay' })).toBe(1);
      expect(await handle.executeUpdate(countUpdate, { updateId: 'amount' })).toBe(2);
      await handle.signal(finishSignal);
      expect(await handle.result()).toBe(2);
    });

    // The run has closed: a completed update is still answered its result; an unknown id is refused.
    expect(await handle.executeUpdate(countUpdate, { updateId: 'pay' })).toBe(1);
    const unknown = await handle.executeUpdate(countUpdate, { updateId: 'refund' }).catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(WorkflowNotFoundError);
    expect((unknown as Error).message).toMatch(/already completed/);
  });
});
