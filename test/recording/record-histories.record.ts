import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyToJSON } from '@temporalio/common/lib/proto-utils';
import { ordersResolve } from '../../src/cli/orders-resolve.command';
import { loadEnv } from '../../src/config/env';
import { MainProcess } from '../../dev/main-process';
import { orderWorkflowId } from '../../src/orders/order-workflow-start';
import { decodedHistory } from '../../src/temporal/history-codec';
import {
  cancelSignal,
  decideSignal,
  orderPhaseQuery,
  refusedSignalsQuery,
  submitAmountSignal,
} from '../../src/orders/order-messages';
import { pendingRefundsQuery } from '../../src/refunds/refund-messages';
import { createCollector, createHierarchy, createPos, createStore } from '../e2e/merchants/merchant-fixtures';
import { startCallbackReceiver } from '../support/callback-receiver';
import { startOtlpReceiver } from '../support/otlp-receiver';
import { PaymentStack, startPaymentStack } from '../support/payment-stack';
import { startProcessStack } from '../support/process-stack';
import { payer, pixQr } from '../support/qr-fixtures';
import { http } from '../support/test-api';

/**
 * `npm run record-histories`: runs every flow of the order workflow on the real stack and saves
 * each finished workflow's event history under test/workflow/histories, where
 * test/workflow/replay.test.ts replays them in every `npm test`. Record again (and commit the
 * new files beside the old ones) when a flow is added or a change is versioned; never delete
 * the histories of a workflow version that may still be running somewhere.
 */

const HISTORIES = join(__dirname, '..', 'workflow', 'histories');
const startedAt = new Date().toISOString();
const day = startedAt.slice(0, 10);

/** A recording never replaces an older one: a second one on the same day is named by its time too. */
function historyFile(name: string): string {
  const daily = join(HISTORIES, `${name}.${day}.json`);
  return existsSync(daily) ? join(HISTORIES, `${name}.${startedAt.slice(0, 16).replace(':', '')}.json`) : daily;
}

/** Waits for the workflow's end, or (`running`) only until it has nothing left to do, then saves its history. */
async function saveHistory(
  stack: PaymentStack,
  name: string,
  workflowId: string,
  running?: () => Promise<boolean>,
): Promise<void> {
  const handle = stack.temporal.workflow.getHandle(workflowId);
  if (running) while (await running()) await new Promise((resolve) => setTimeout(resolve, 200));
  else await handle.result().catch(() => undefined);
  // Saved decrypted: a recording replays with no key, as the histories recorded before payloads were encrypted do.
  const history = await decodedHistory(
    await handle.fetchHistory(),
    stack.temporal.options.loadedDataConverter.payloadCodecs,
  );
  writeFileSync(historyFile(name), `${historyToJSON(history)}\n`, { flag: 'wx' });
}

describe('record workflow histories', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    mkdirSync(HISTORIES, { recursive: true });
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800', PAYOUT_RETRY_WINDOW: '3s' });
  });
  afterAll(async () => {
    await stack.close();
  });

  const save = (name: string, workflowId: string, running?: () => Promise<boolean>) =>
    saveHistory(stack, name, workflowId, running);

  const rail = (method: 'POST' | 'DELETE', body?: object) =>
    fetch(`${stack.railsUrl}/__admin/faults`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : undefined,
      body: body ? JSON.stringify(body) : undefined,
    });

  /** Previews a QR for a fresh payer and waits for its preview callback. */
  async function preview(qr: string, api = stack.api.baseUrl) {
    const client = await stack.newPayer({ USD: '20000.00' });
    const call = http(api, client.token);
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await call.post('/v2/payments/previews', {
      qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const callback = await stack.receiver.waitFor(
      path,
      (c) => c.body.order !== undefined || c.body.error_code !== undefined,
    );
    return { client, call, path, url, orderId: callback.body.order?.id as string, callback };
  }

  /** A refunds workflow stays open a while after its last refund: record it once it is idle. */
  const refundsInFlight = (orderId: string) => async () =>
    (await stack.temporal.workflow.getHandle(`refunds-${orderId}`).query(pendingRefundsQuery)).length > 0;

  const pay = (flow: Awaited<ReturnType<typeof preview>>, status = 'accepted') =>
    flow.call.post('/v2/payments', { order_id: flow.orderId, status, notification_url: flow.url });

  it('closed amount, paid', async () => {
    const flow = await preview(pixQr('100.00'));
    await pay(flow);
    await save('order-closed-completed', orderWorkflowId(flow.orderId));
  });

  it('open amount, paid', async () => {
    const flow = await preview(pixQr());
    await flow.call.put('/v2/payments/previews', { order_id: flow.orderId, amount: '25.60' });
    await pay(flow);
    await save('order-open-completed', orderWorkflowId(flow.orderId));
  });

  it('closed amount, paid, with tracing on (the api and worker processes with the OpenTelemetry interceptors)', async () => {
    const collector = await startOtlpReceiver();
    const traced = await startProcessStack({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.endpoint });
    try {
      const call = await traced.newPayer();
      const path = `/hooks/${randomUUID()}`;
      const url = traced.receiver.url(path);
      await call.post('/v2/payments/previews', {
        qr: pixQr('100.00'),
        external_reference: `ref-${randomUUID()}`,
        notification_url: url,
        user: payer,
      });
      const orderId: string = (await traced.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
      await call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
      await save('order-closed-completed-traced', orderWorkflowId(orderId));
    } finally {
      await traced.close();
      await collector.close();
    }
  });

  it('rejected by the user', async () => {
    const flow = await preview(pixQr('10.00'));
    await pay(flow, 'rejected');
    await save('order-user-rejected', orderWorkflowId(flow.orderId));
  });

  it('expired', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '2' });
    const flow = await preview(pixQr(), shortLived.baseUrl);
    await save('order-expired', orderWorkflowId(flow.orderId));
  });

  it('expired early by the sandbox helper (the expire update)', async () => {
    const flow = await preview(pixQr());
    await flow.call.post(`/v2/sandbox/orders/${flow.orderId}/expire`);
    await save('order-expired-by-sandbox', orderWorkflowId(flow.orderId));
  });

  it('insufficient funds', async () => {
    const flow = await preview(pixQr('49000.00'));
    await pay(flow);
    await save('order-insufficient-funds', orderWorkflowId(flow.orderId));
  });

  it('declined by the destination', async () => {
    const flow = await preview(pixQr('1313.13'));
    await pay(flow);
    await save('order-destination-rejected', orderWorkflowId(flow.orderId));
  });

  it('merchant unknown to the acquirer', async () => {
    const flow = await preview(pixQr('10.00', 'UNKNOWN MERCHANT'));
    const [order] = await stack.api.dataSource.query('SELECT id FROM orders WHERE external_reference = $1', [
      flow.callback.body.external_reference,
    ]);
    await save('order-merchant-unknown', orderWorkflowId(order.id));
  });

  it('payout answer lost, then found by the status inquiry', async () => {
    const flow = await preview(pixQr('6060.60'));
    await pay(flow);
    await save('order-payout-found-by-inquiry', orderWorkflowId(flow.orderId));
  });

  it('payout never received: not paid once the window is over', async () => {
    const flow = await preview(pixQr('5050.50'));
    await pay(flow);
    await save('order-payout-never-received', orderWorkflowId(flow.orderId));
  });

  it('payout unconfirmed, resolved by an operator', async () => {
    const flow = await preview(pixQr('30.00'));
    await rail('POST', { down: true });
    try {
      await pay(flow);
      const handle = stack.temporal.workflow.getHandle(orderWorkflowId(flow.orderId));
      while ((await handle.query(orderPhaseQuery)) !== 'PAYOUT_UNCONFIRMED')
        await new Promise((resolve) => setTimeout(resolve, 200));
      const env = loadEnv({ ...process.env, TEMPORAL_TASK_QUEUE: stack.taskQueue });
      await ordersResolve.run({
        dataSource: stack.api.dataSource,
        env,
        args: ['--order', flow.orderId, '--outcome', 'paid', '--reason', 'recorded flow', '--operator', 'recorder'],
        out: () => undefined,
      });
    } finally {
      await rail('DELETE');
    }
    await save('order-payout-resolved-by-operator', orderWorkflowId(flow.orderId));
  });

  it('a callback the receiver refuses, handed to its long-retry workflow', async () => {
    const refusing = await startCallbackReceiver((index) => (index === 0 ? { status: 500 } : { status: 200 }));
    try {
      const client = await stack.newPayer({ USD: '100.00' });
      const call = http(stack.api.baseUrl, client.token);
      await call.post('/v2/payments/previews', {
        qr: pixQr('10.00'),
        external_reference: `ref-${randomUUID()}`,
        notification_url: refusing.url('/hook'),
        user: payer,
      });
      const delivered = await refusing.waitFor(
        '/hook',
        (c) => c.body.order !== undefined && refusing.received.length >= 2,
      );
      const orderId: string = delivered.body.order.id;
      await call.post('/v2/payments', {
        order_id: orderId,
        status: 'rejected',
        notification_url: refusing.url('/hook'),
      });
      await save('order-callback-handed-over', orderWorkflowId(orderId));
      await save('notification-delivery-retried', `notification-${String(delivered.headers['x-event-id'])}`);
    } finally {
      await refusing.close();
    }
  });

  it("a delivered callback redelivered at the integrator's request", async () => {
    const flow = await preview(pixQr('10.00'));
    const eventId = String(flow.callback.headers['x-event-id']);
    const queued = await flow.call.post(`/v2/notifications/${eventId}/redeliver`);
    await save('notification-redelivered', `notification-${eventId}-redelivery-${queued.body.attempt_count}`);
  });

  it('the worker killed while a payout is in flight', async () => {
    MainProcess.assertBuilt();
    const taskQueue = `orders-crash-${randomUUID()}`;
    const api = await stack.extraApi({ TEMPORAL_TASK_QUEUE: taskQueue });
    const start = () =>
      new MainProcess('worker', {
        ...process.env,
        TEMPORAL_TASK_QUEUE: taskQueue,
        RAILS_URL: stack.railsUrl,
        LOG_LEVEL: 'warn',
      });
    const first = start();
    let second: MainProcess | undefined;
    try {
      const flow = await preview(pixQr('7777.77'), api.baseUrl);
      await pay(flow);
      // The rail answers 7777.77 after 3 s: kill the worker while the payout waits for it.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await first.kill();
      second = start();
      await save('order-worker-killed', orderWorkflowId(flow.orderId));
    } finally {
      await first.kill();
      await second?.kill();
    }
  });

  it('a key payment to a Peru phone, paid into the wallet the payer picked', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const call = http(stack.api.baseUrl, client.token);
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await call.post('/v2/payments/previews/dictkey', {
      dict_key: '+51987654321',
      amount: '30.00',
      local_country: 'PE',
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const callback = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await call.post('/v2/payments', {
      order_id: callback.body.order.id,
      status: 'accepted',
      notification_url: url,
      wallet_id: callback.body.wallets[0].id,
    });
    await save('order-key-peru-phone-completed', orderWorkflowId(callback.body.order.id));
  });

  it('a key payment to a closed Brazilian account', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const call = http(stack.api.baseUrl, client.token);
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await call.post('/v2/payments/previews/dictkey', {
      dict_key: 'rejected@sandbox.test',
      amount: '10.00',
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const callback = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await call.post('/v2/payments', { order_id: callback.body.order.id, status: 'accepted', notification_url: url });
    await save('order-key-brazil-rejected', orderWorkflowId(callback.body.order.id));
  });

  it('refunds of an order: one in part, then the rest', async () => {
    const flow = await preview(pixQr('100.00'));
    await pay(flow);
    await stack.receiver.waitFor(flow.path, (c) => c.body.status === 'COMPLETED');
    await flow.call.post(
      '/v2/qr/refund',
      { order_id: flow.orderId, amount: '30.00' },
      { 'idempotency-key': randomUUID() },
    );
    await flow.call.post('/v2/qr/refund', { order_id: flow.orderId }, { 'idempotency-key': randomUUID() });
    await save('refunds-partial-then-full', `refunds-${flow.orderId}`, refundsInFlight(flow.orderId));
  });

  it('a refund whose answer is lost, found by the status inquiry', async () => {
    const flow = await preview(pixQr('7000.00'));
    await pay(flow);
    await stack.receiver.waitFor(flow.path, (c) => c.body.status === 'COMPLETED');
    await flow.call.post(
      '/v2/qr/refund',
      { order_id: flow.orderId, amount: '6060.60' },
      { 'idempotency-key': randomUUID() },
    );
    await save('refunds-found-by-inquiry', `refunds-${flow.orderId}`, refundsInFlight(flow.orderId));
  });

  /** A QR created for a fresh collector's POS, scanned by a fresh payer. */
  async function collection(amount?: string) {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
      ...(amount ? { amount } : {}),
    });
    const flow = await preview(created.body.qr);
    return { ...flow, collector };
  }

  it('a collection QR, paid by another client', async () => {
    const flow = await collection();
    await flow.call.put('/v2/payments/previews', { order_id: flow.orderId, amount: '12.00' });
    await pay(flow);
    await save('order-collection-open-completed', orderWorkflowId(flow.orderId));
  });

  it('a collection QR, canceled by its collector once scanned', async () => {
    const flow = await collection('20.00');
    await flow.collector.call.delete(`/v2/payins/qr/${flow.orderId}`);
    await save('order-collection-canceled', orderWorkflowId(flow.orderId));
  });

  it('a refund of a collected order, by its collector', async () => {
    const flow = await collection('50.00');
    await pay(flow);
    await stack.receiver.waitFor(flow.path, (c) => c.body.status === 'COMPLETED');
    await flow.collector.call.post(
      '/v2/qr/refund',
      { order_id: flow.orderId, amount: '20.00' },
      { 'idempotency-key': randomUUID() },
    );
    await save('refunds-collection', `refunds-${flow.orderId}`, refundsInFlight(flow.orderId));
  });

  /** Waits until the order's workflow is in `phase`. */
  const inPhase = async (orderId: string, phase: string) => {
    while ((await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).query(orderPhaseQuery)) !== phase)
      await new Promise((resolve) => setTimeout(resolve, 200));
  };

  it('an order driven by signals: an amount its step refuses, one priced by the workflow, a refused cancel, a decision its step refuses, the decision', async () => {
    const flow = await preview(pixQr());
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(flow.orderId));
    await handle.signal(submitAmountSignal, { amount: '60000.00' });
    while ((await handle.query(refusedSignalsQuery)).length < 1)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await handle.signal(submitAmountSignal, { amount: '25.60' });
    await inPhase(flow.orderId, 'AWAITING_DECISION');
    await handle.signal(cancelSignal);
    // A decision naming its callbacks' URL: refused (issue 31; before it, the step refused this URL), and the order waits for its decision again.
    await handle.signal(decideSignal, { decision: 'accepted', notificationUrl: 'ftp://example.com/hook' });
    while ((await handle.query(refusedSignalsQuery)).length < 3)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await handle.signal(decideSignal, { decision: 'accepted' });
    await save('order-signals-completed', orderWorkflowId(flow.orderId));
  });

  it('a collection canceled by a signal', async () => {
    const flow = await collection('20.00');
    await inPhase(flow.orderId, 'AWAITING_DECISION');
    await stack.temporal.workflow.getHandle(orderWorkflowId(flow.orderId)).signal(cancelSignal);
    await save('order-collection-canceled-by-signal', orderWorkflowId(flow.orderId));
  });

  it('an Argentine collection scanned before its amount (PROCESS_LATER), then paid', async () => {
    const collector = await stack.newPayer({});
    const collectorUuid = await createCollector(collector.call, { country_code: 'AR' });
    const posUuid = await createPos(
      collector.call,
      await createStore(collector.call, collectorUuid, { address: 'Av. Santa Fe 1234, Buenos Aires' }),
    );
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
    });
    const flow = await preview(created.body.qr);
    await flow.call.put('/v2/payments/previews', { order_id: flow.orderId, amount: '1500.00' });
    await pay(flow);
    await save('order-collection-argentina-completed', orderWorkflowId(flow.orderId));
  });

  it('the order reconciler', async () => {
    const workflowId = `reconcile-${randomUUID()}`;
    await stack.temporal.workflow.execute('orderReconcilerWorkflow', {
      taskQueue: stack.taskQueue,
      workflowId,
      args: [{ graceMs: 0 }],
    });
    await save('order-reconciler', workflowId);
  });
});

/**
 * Issue 28: actions that reach an order still being prepared wait for the preparation. The
 * stack's worker starts only once they were sent, so the workflow's first task holds them.
 */
describe('record workflow histories: actions sent while the order is being prepared', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({}, { workerStarted: false });
  });
  afterAll(() => stack.close());

  it('a collection QR scanned, and another canceled by a signal, before their orders were prepared; the first then paid', async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const create = (amount: string) =>
      collector.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(`/hooks/${randomUUID()}`),
        amount,
      });
    const scanned = (await create('33.00')).body;
    const signalled = (await create('12.00')).body;
    const client = await stack.newPayer({ USD: '1000.00' });
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    const call = http(stack.api.baseUrl, client.token);
    const scanning = call.post('/v2/payments/previews', {
      qr: scanned.qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    await stack.temporal.workflow.getHandle(orderWorkflowId(signalled.order_id)).signal(cancelSignal);
    await new Promise((resolve) => setTimeout(resolve, 500));
    await stack.startWorker();
    await scanning;
    await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await call.post('/v2/payments', { order_id: scanned.order_id, status: 'accepted', notification_url: url });
    await saveHistory(stack, 'order-collection-scanned-while-preparing', orderWorkflowId(scanned.order_id));
    await saveHistory(
      stack,
      'order-collection-canceled-by-signal-while-preparing',
      orderWorkflowId(signalled.order_id),
    );
  });
});

/** Issue 31: an order started where testers are not allowed refuses their signals and the early expiry. */
describe('record workflow histories: testers not allowed', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({ TESTER_SIGNALS: 'false' });
  });
  afterAll(() => stack.close());

  it('signals refused where testers are not allowed, then the payer decides through the API', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, url } = await stack.previewQr(client.call, pixQr('14.00'));
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    await handle.signal(decideSignal, {
      decision: 'accepted',
      notificationUrl: stack.receiver.url(`/attacker/${randomUUID()}`),
    });
    await handle.signal(cancelSignal);
    while ((await handle.query(refusedSignalsQuery)).length < 2)
      await new Promise((resolve) => setTimeout(resolve, 200));
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    await saveHistory(stack, 'order-signals-not-allowed', orderWorkflowId(orderId));
  });
});
