import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Client, Connection } from '@temporalio/client';
import { BacklogMonitor } from '../../../src/capacity/backlog-monitor';
import { freePort } from '../../../src/infra/free-port';
import { until } from '../../support/until';

/**
 * What admission reads (src/capacity/backlog-monitor.ts): how long the oldest task of a task
 * queue has waited for a worker, from Temporal's DescribeTaskQueue statistics; and a monitor
 * stopped while Temporal does not answer leaves nothing running that could call a closed
 * connection (as the API's shutdown closes it right after).
 */
describe('the backlog monitor', () => {
  it("reads a task queue's backlog: a workflow nobody takes makes it older and longer", async () => {
    const connection = await Connection.connect({ address: process.env.TEMPORAL_ADDRESS });
    const client = new Client({ connection });
    const taskQueue = `backlog-${randomUUID()}`;
    const monitor = new BacklogMonitor(
      await Connection.connect({ address: process.env.TEMPORAL_ADDRESS, interceptors: [] }),
      'default',
      taskQueue,
      200,
    );
    try {
      expect(await monitor.read()).toEqual([
        { ageMs: 0, count: 0, dispatchPerSecond: 0 },
        { ageMs: 0, count: 0, dispatchPerSecond: 0 },
      ]);
      await client.workflow.start('nobodyRunsThis', { taskQueue, workflowId: `backlog-${randomUUID()}` });
      monitor.start();
      await until('the backlog to be over a second old', () => (monitor.current()?.[0]?.ageMs ?? 0) > 1000);
      expect(monitor.current()![0]!.count).toBeGreaterThanOrEqual(1);
    } finally {
      await monitor.stop();
      await connection.close();
    }
  });

  it('stops cleanly while Temporal does not answer: nothing calls its connection once closed', async () => {
    const uncaught: unknown[] = [];
    const record = (error: unknown) => uncaught.push(error);
    process.on('uncaughtException', record);
    try {
      const monitor = new BacklogMonitor(
        Connection.lazy({ address: `127.0.0.1:${await freePort()}`, interceptors: [] }),
        'default',
        'nowhere',
        100,
      );
      monitor.start();
      await sleep(400);
      await monitor.stop();
      // Longer than the retries' back-off: a retry left behind would fire now.
      await sleep(2500);
      expect(monitor.current()).toBeNull();
      expect(uncaught).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
