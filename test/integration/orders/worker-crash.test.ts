import { randomUUID } from 'node:crypto';
import { Client } from '@temporalio/client';
import { MainProcess } from '../../../dev/main-process';
import { LedgerService } from '../../../src/ledger/ledger.service';
import { Decimal } from '../../../src/money';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { reconcilerScheduleId } from '../../../src/temporal/reconciler-schedule';
import { createRailsSimulator, RailsSimulator } from '../../../sim/rails/rails-simulator.server';
import { CallbackReceiver, ReceivedCallback, startCallbackReceiver } from '../../support/callback-receiver';
import { payer, pixQr } from '../../support/qr-fixtures';
import { createTestClient, http, startTestApi, TestApi } from '../../support/test-api';
import { until } from '../../support/until';

/**
 * Issue #4: SIGKILL the worker process while orders are PROCESSING, start another one on the
 * same task queue, and every order still ends in one final state with one ledger debit, one
 * payout at the rail and one COMPLETED callback. The worker is the real `main.js worker`
 * process from dist/ (built by `npm test`, or `node scripts/run.mjs build` by hand), so the
 * kill loses exactly what a crash in production would: in-flight activities, sticky workflow
 * caches and unacknowledged tasks.
 */

const ORDERS = 8;
const FUNDING_CENTS = 5_000_000;
const FINAL_STATUSES = ['COMPLETED', 'CANCELED', 'REJECTED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'];

interface PlacedOrder {
  path: string;
  orderId: string;
  userCents: number;
}

const cents = (amount: number | string) => Math.round(Number(amount) * 100);

describe('worker crash while orders are PROCESSING (issue #4)', () => {
  const taskQueue = `orders-crash-${randomUUID()}`;
  const workers: MainProcess[] = [];
  let rails: RailsSimulator;
  let railsUrl: string;
  let api: TestApi;
  let receiver: CallbackReceiver;

  const startWorker = () => {
    const worker = new MainProcess('worker', {
      ...process.env,
      TEMPORAL_TASK_QUEUE: taskQueue,
      RAILS_URL: railsUrl,
      LOG_LEVEL: 'warn',
      // Other suites leave orders without a workflow in the shared database: not this worker's to start.
      WORKER_RECONCILER: 'false',
    });
    workers.push(worker);
    return worker;
  };

  /** Polls until `check` answers something other than undefined, checking that the current worker lives. */
  function untilLive<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined>): Promise<T> {
    return until(what, check, { timeoutMs, intervalMs: 100, alive: () => workers.at(-1)?.assertRunning() });
  }

  const payoutCount = async (payoutId: string) =>
    (await (await fetch(`${railsUrl}/__admin/payouts/${payoutId}`)).json()) as { requests: number; executions: number };

  beforeAll(async () => {
    MainProcess.assertBuilt();
    rails = createRailsSimulator();
    railsUrl = `http://127.0.0.1:${await rails.listen(0)}`;
    api = await startTestApi({ RAILS_URL: railsUrl, TEMPORAL_TASK_QUEUE: taskQueue });
    receiver = await startCallbackReceiver();
  }, 60_000);

  afterAll(async () => {
    // Every child is killed even when the test failed half-way; a leftover worker would keep jest alive.
    await Promise.all(workers.map((worker) => worker.kill()));
    await api?.close();
    await receiver?.close();
    await rails?.close();
  });

  it('every order ends COMPLETED once: one reserve, one commit, one payout, one COMPLETED callback', async () => {
    const client = await createTestClient(api, `Crash payer ${taskQueue.slice(-8)}`);
    await new LedgerService(api.dataSource).fund(
      `test-funding:${client.clientId}:USD`,
      client.clientId,
      'USD',
      new Decimal(FUNDING_CENTS / 100),
    );
    const call = http(api.baseUrl, client.token);
    const temporal = api.app.get(Client);

    startWorker();

    // Sandbox magic value: the rail answers a payout of 7777.77 after 3 s, the window for the kill.
    const orders: PlacedOrder[] = await Promise.all(
      Array.from({ length: ORDERS }, async (_, index) => {
        const path = `/crash/${randomUUID()}`;
        const ack = await call.post('/v2/payments/previews', {
          qr: pixQr('7777.77'),
          external_reference: `crash-${randomUUID()}`,
          notification_url: receiver.url(path),
          user: payer,
        });
        expect(ack.status).toBe(200);
        // The preview callback comes from the worker's activity: it also proves the worker polls.
        const preview = await untilLive(
          `the preview of order ${index}`,
          90_000,
          async () => receiver.for(path, (c) => c.body.order !== undefined)[0],
        );
        return {
          path,
          orderId: preview.body.order.id as string,
          userCents: cents(preview.body.order.user_total_amount),
        };
      }),
    );

    // The worker polls (the previews came): with WORKER_RECONCILER off it made no reconciler schedule.
    await expect(temporal.schedule.getHandle(reconcilerScheduleId(taskQueue)).describe()).rejects.toThrow(/not found/i);

    await Promise.all(
      orders.map(async ({ path, orderId }) => {
        const pay = await call.post('/v2/payments', {
          order_id: orderId,
          status: 'accepted',
          notification_url: receiver.url(path),
        });
        expect(pay.status).toBe(200);
        expect(pay.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
      }),
    );

    // Kill once every payout has reached the rail, before the slow answers come back.
    await untilLive(
      'every payout to reach the rail',
      30_000,
      async () =>
        (await Promise.all(orders.map(({ orderId }) => payoutCount(orderId)))).every((count) => count.requests >= 1) ||
        undefined,
    );
    await workers[0]!.kill();
    // Counted after the process is gone: a payout not yet executed now was in flight when it died.
    const atKill = await Promise.all(orders.map(({ orderId }) => payoutCount(orderId)));
    const inFlight = orders.filter((_, index) => atKill[index]!.executions === 0);
    expect(inFlight.length).toBeGreaterThan(0);

    startWorker();

    // The lost payout attempts are retried only after their 15 s start-to-close timeout.
    for (const { orderId } of orders) {
      await untilLive(`order ${orderId} to reach a final status`, 120_000, async () => {
        const { body } = await call.get(`/v2/payments/${orderId}/status`);
        return FINAL_STATUSES.includes(body.status) ? body : undefined;
      });
    }

    for (const { path, orderId, userCents } of orders) {
      expect(await temporal.workflow.getHandle(orderWorkflowId(orderId)).result()).toBe('COMPLETED');

      const { body: history } = await call.get(`/v2/payments/${orderId}/status`);
      expect(history.status).toBe('COMPLETED');
      // One final entry and no status written twice by a replayed change.
      expect(history.statuses.map((entry: { status: string }) => entry.status)).toEqual([
        'CREATED',
        'PROCESSING',
        'COMPLETED',
      ]);
      expect(cents(history.user_amount)).toBe(userCents);

      const entries: Array<{ kind: string; operation_id: string }> = await api.dataSource.query(
        'SELECT kind, operation_id FROM journal_entries WHERE reference = $1 ORDER BY kind',
        [orderId],
      );
      expect(entries).toEqual([
        { kind: 'COMMIT', operation_id: `order:${orderId}:commit` },
        { kind: 'RESERVE', operation_id: `order:${orderId}:reserve` },
      ]);

      expect(await payoutCount(orderId)).toMatchObject({ executions: 1 });

      // The receiver may see a delivery retried after the crash, but always under one event id.
      await untilLive(
        `the COMPLETED callback of order ${orderId}`,
        60_000,
        async () => receiver.for(path, isCompleted)[0],
      );
      const completedEvents = new Set(
        receiver.for(path, isCompleted).map((callback) => callback.headers['x-event-id']),
      );
      expect(completedEvents.size).toBe(1);
    }

    // A payout in flight at the kill was asked again by the new worker and answered as a replay.
    for (const { orderId } of inFlight) {
      expect((await payoutCount(orderId)).requests).toBeGreaterThanOrEqual(2);
    }

    const accounts: Array<{ currency: string; available: number; reserved: number }> = (await call.get('/v2/accounts'))
      .body;
    const usd = accounts.find((account) => account.currency === 'USD')!;
    expect(cents(usd.reserved)).toBe(0);
    expect(cents(usd.available)).toBe(FUNDING_CENTS - orders.reduce((sum, order) => sum + order.userCents, 0));
  }, 180_000);
});

const isCompleted = (callback: ReceivedCallback) => callback.body?.status === 'COMPLETED';
