import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import { temporal as proto } from '@temporalio/proto';
import { PROJECT_ROOT } from '../../../src/config/dev-defaults';
import type { MainProcess } from '../../../dev/main-process';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { payer as user, pixQr } from '../../support/qr-fixtures';
import { ProcessStack, startProcessStack } from '../../support/process-stack';
import { testTemporalClient } from '../../support/temporal-client';
import { until } from '../../support/until';

const GRACE_MS = 20_000;
const EventType = proto.api.enums.v1.EventType;

/**
 * A real `main.js worker` process, running a workflow bundle made beforehand by
 * `dist/scripts/bundle-workflows.js` (WORKFLOW_BUNDLE_PATH), sent SIGTERM while an activity is
 * running: /ready on its metrics port says 503 at once, /health stays up, it finishes the
 * activity in hand and exits 0 within SHUTDOWN_GRACE. One whose activity outlasts the grace
 * still exits, SHUTDOWN_GRACE + 5 s later: the attempt is retried by the next worker.
 */
describe('a worker process stopped mid-activity', () => {
  const folder = mkdtempSync(join(tmpdir(), 'worker-bundle-'));
  const bundle = join(folder, 'workflows.js');
  let stack: ProcessStack;
  let temporal: Client;

  beforeAll(async () => {
    const made = spawnSync(process.execPath, ['dist/scripts/bundle-workflows.js', bundle], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect([made.status, made.stderr]).toEqual([0, expect.stringContaining(`wrote ${bundle}`)]);
    stack = await startProcessStack({
      WORKFLOW_BUNDLE_PATH: bundle,
      SHUTDOWN_GRACE: `${GRACE_MS}ms`,
      RAILS_TIMEOUT_MS: '20000',
    });
    temporal = await testTemporalClient();
  }, 240_000);

  afterAll(async () => {
    await fetch(`${stack?.railsUrl}/__admin/faults`, { method: 'DELETE' }).catch(() => undefined);
    await stack?.close();
    await temporal?.connection.close();
    rmSync(folder, { recursive: true, force: true });
  });

  const railFaults = (faults: object | null) =>
    fetch(`${stack.railsUrl}/__admin/faults`, {
      method: faults ? 'POST' : 'DELETE',
      headers: { 'content-type': 'application/json' },
      body: faults ? JSON.stringify(faults) : undefined,
    });

  /** An order paid for, whose payout then runs on `worker`, the rail taking `railLatencyMs` to answer it. */
  async function payoutRunning(worker: MainProcess, railLatencyMs: number) {
    const call = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const ack = await call.post('/v2/payments/previews', {
      qr: pixQr('25.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user,
    });
    expect(ack.status).toBe(200);
    const preview = await stack.receiver.waitFor(path, (callback) => callback.body.order !== undefined);
    const orderId = preview.body.order.id as string;
    await railFaults({ latency_ms: railLatencyMs });
    const pay = await call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: stack.receiver.url(path),
    });
    expect([pay.status, pay.body.status]).toEqual([200, 'PROCESSING']);
    const handle = temporal.workflow.getHandle(orderWorkflowId(orderId));
    await until(
      'the payout activity to run',
      async () => {
        worker.assertRunning();
        const { raw } = await handle.describe();
        return (raw.pendingActivities ?? []).some(
          (activity) =>
            activity.activityType?.name === 'sendPayout' &&
            activity.state === proto.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED,
        );
      },
      { intervalMs: 100 },
    );
    return { call, orderId, handle };
  }

  const probe = async (path: string) => {
    const response = await fetch(stack.workerProbe(path as '/health' | '/ready'));
    return [response.status, await response.json()];
  };

  const executions = async (orderId: string) =>
    ((await (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json()) as { executions: number }).executions;

  it('stops polling at once, finishes the activity in hand within the grace, and exits 0', async () => {
    expect(await probe('/ready')).toEqual([200, { status: 'up' }]);
    const { call, orderId, handle } = await payoutRunning(stack.worker, 4000);

    const stoppedAt = Date.now();
    stack.worker.signal('SIGTERM');
    await until('/ready on the worker to answer 503', async () => (await probe('/ready'))[0] === 503, {
      intervalMs: 50,
      timeoutMs: 1000,
    });
    expect(await probe('/health')).toEqual([200, { status: 'up' }]);
    await stack.worker.exited;
    // With its last output, so that an unexpected exit says why.
    expect({ exit: stack.worker.exitDescription, output: stack.worker.recentOutput }).toMatchObject({ exit: '0' });
    expect(Date.now() - stoppedAt).toBeLessThan(GRACE_MS);

    // The attempt it had in hand completed on it: once, with no retry and no timeout.
    const events = (await handle.fetchHistory()).events ?? [];
    const scheduled = String(
      events.find((event) => event.activityTaskScheduledEventAttributes?.activityType?.name === 'sendPayout')!.eventId,
    );
    const ofPayout = (event: (typeof events)[number]) =>
      [event.activityTaskStartedEventAttributes, event.activityTaskCompletedEventAttributes].some(
        (attributes) => String(attributes?.scheduledEventId) === scheduled,
      );
    expect(events.filter(ofPayout).map((event) => event.eventType)).toEqual([
      EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED,
      EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED,
    ]);
    expect(
      events.find((event) => String(event.activityTaskStartedEventAttributes?.scheduledEventId) === scheduled)!
        .activityTaskStartedEventAttributes!.attempt,
    ).toBe(1);

    await railFaults(null);
    const next = await stack.startWorker();
    await until(
      `order ${orderId} to complete`,
      async () => (await call.get(`/v2/payments/${orderId}/status`)).body.status === 'COMPLETED',
      { timeoutMs: 60_000 },
    );
    expect(await executions(orderId)).toBe(1);
    await next.stop();
    expect({ exit: next.exitDescription, output: next.recentOutput }).toMatchObject({ exit: '0' });
  }, 180_000);

  it('stops within SHUTDOWN_GRACE + 5 s when an activity outlasts the grace; the next worker retries it, paying once', async () => {
    // The only worker polling: the first test stopped both of its own.
    const impatient = await stack.startWorker({ SHUTDOWN_GRACE: '2s' });
    const { call, orderId } = await payoutRunning(impatient, 10_000);

    const stoppedAt = Date.now();
    impatient.signal('SIGTERM');
    await impatient.exited;
    const stoppedIn = Date.now() - stoppedAt;
    expect(stoppedIn).toBeGreaterThanOrEqual(2000);
    expect(stoppedIn).toBeLessThan(2000 + 5000 + 2000);
    expect(impatient.exitDescription).toBe('1');

    await railFaults(null);
    await stack.startWorker();
    await until(
      `order ${orderId} to complete`,
      async () => (await call.get(`/v2/payments/${orderId}/status`)).body.status === 'COMPLETED',
      { timeoutMs: 90_000 },
    );
    expect(await executions(orderId)).toBe(1);
  }, 240_000);
});
