import { createOrderActivities } from '../../../activities/order.activities';
import { loadEnv } from '../../../src/config/env';
import { FxService } from '../../../src/fx/fx.service';
import { OrderRepository } from '../../../src/orders/order.repository';
import { createRails } from '../../../src/rails/rails.factory';
import { keyedRequest } from '../../../src/idempotency/keyed-request';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { randomUUID } from 'node:crypto';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { claimUpdate, orderPhaseQuery } from '../../../src/orders/order-messages';
import { createHierarchy } from '../../e2e/merchants/merchant-fixtures';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

/**
 * Updates whose local activity committed while Temporal lost their acceptance with the workflow
 * task. First a decision: its local activity committed while Temporal lost the update's acceptance with its
 * workflow task (found by `npm run chaos` across a Temporal restart): the database says
 * PROCESSING with the payer's funds held, the workflow still awaits the decision. Each test
 * makes that state by running the decision's activity itself at the seq the workflow would
 * give it, then checks the order still ends paid once, whether the integrator sends the
 * decision again or never does.
 */

type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

describe('a step recorded while its update was lost', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** The order's steps, run here instead of by the workflow. */
  function orderActivities() {
    const env = loadEnv({ ...process.env, RAILS_URL: stack.railsUrl });
    const rails = createRails(env.RAILS_URL, env.RAILS_TIMEOUT_MS);
    return createOrderActivities({
      env,
      orders: new OrderRepository(stack.api.dataSource),
      rails,
      fx: new FxService(stack.api.dataSource, rails.fx),
      ledger: stack.ledger,
      deliver: async () => [],
    });
  }

  /**
   * A closed-amount order awaiting its decision (`pay`, the request's body), and that decision
   * committed behind the workflow's back, recording the request when it came with `key`.
   */
  async function lostDecision(client: Payer, amount: string, key?: string) {
    const { orderId, path, url, preview } = await stack.previewQr(client.call, pixQr(amount));
    const pay = { order_id: orderId, status: 'accepted', notification_url: url };
    const requestId = keyedRequest('payments.pay', client.clientId, key, {
      body: Buffer.from(JSON.stringify(pay)),
    })?.id;
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_DECISION');

    const activities = orderActivities();
    const { facts } = await activities.orderFacts({ orderId });
    // Seq 1 started the workflow and seq 2 prepared the order: the decision is the third step.
    const accepted = await activities.acceptOrder({ orderId, seq: 3, notificationUrl: url, facts, requestId });
    expect(accepted.status).toBe('PROCESSING');
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_DECISION');
    return { orderId, path, url, pay, handle, userAmount: preview.body.order.user_total_amount as number };
  }

  const usd = async (client: Payer) =>
    (
      (await client.call.get('/v2/accounts')).body as Array<{ currency: string; available: number; reserved: number }>
    ).find((a) => a.currency === 'USD')!;
  const executions = async (orderId: string) =>
    ((await (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json()) as { executions: number }).executions;

  it('the decision sent again is answered PROCESSING from the record and pays once', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url, handle, userAmount } = await lostDecision(client, '150.00');

    const again = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: url,
    });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
    expect(await handle.result()).toBe('COMPLETED');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({
      currency: 'USD',
      available: Number((1000 - userAmount).toFixed(2)),
      reserved: 0,
    });

    // Once paid, the same decision is what any other late one is: already processed.
    const late = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: url,
    });
    expect(late.status).toBe(409);
  });

  it('a rejection sent after the lost acceptance does not cancel a held payment: the payment goes through', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, url, handle, userAmount } = await lostDecision(client, '90.00');

    const rejected = await client.call.post('/v2/payments', {
      order_id: orderId,
      status: 'rejected',
      notification_url: url,
    });
    // The rejection replays the step recorded at its seq: the acceptance.
    expect(rejected.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
    expect(await handle.result()).toBe('COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({
      currency: 'USD',
      available: Number((1000 - userAmount).toFixed(2)),
      reserved: 0,
    });
  });

  it('without the decision sent again, the expiry finds it recorded and pays instead of leaving the funds held', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '3' });
    const client = await stack.newPayer({ USD: '1000.00' });
    const shortLivedClient = { ...client, call: http(shortLived.baseUrl, client.token) };
    // The decision was sent with an idempotency-key, and its answer lost (a 503).
    const key = `pay-${randomUUID()}`;
    const { orderId, path, pay, handle, userAmount } = await lostDecision(shortLivedClient, '120.00', key);

    expect(await handle.result()).toBe('COMPLETED');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({
      currency: 'USD',
      available: Number((1000 - userAmount).toFixed(2)),
      reserved: 0,
    });
    const statuses = (
      (await client.call.get(`/v2/payments/${orderId}/status`)).body.statuses as Array<{ status: string }>
    ).map((entry) => entry.status);
    expect(statuses).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);

    // Its resend, after the workflow ended (which never knew the update): the payment, as the order now stands.
    const resent = await client.call.post('/v2/payments', pay, { 'idempotency-key': key });
    expect([resent.status, resent.body]).toEqual([
      200,
      expect.objectContaining({ order_id: orderId, status: 'COMPLETED', error_code: null }),
    ]);
  });

  it("a second payer's claim racing a first claim that was recorded but lost is refused, and the first payer pays with its own money", async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const collectorPath = `/collector/${randomUUID()}`;
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(collectorPath),
    });
    expect(created.body.status).toBe('WAITING_AMOUNT');
    const orderId = created.body.order_id as string;
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    // The QR's creation is published once the workflow has prepared the order and waits for a payer.
    await stack.receiver.waitFor(collectorPath, (c) => c.body.event === 'QR_CREATED');
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_PAYER');

    const first = await stack.newPayer({ USD: '1000.00' });
    const second = await stack.newPayer({ USD: '1000.00' });
    const claimOf = (client: Payer, path: string) => ({
      payerClientId: client.clientId,
      externalReference: `pay-${randomUUID()}`,
      notificationUrl: stack.receiver.url(path),
      payer,
      userCurrency: 'USD',
      fxQuoteId: null,
    });
    // The first payer's claim commits at the third step (start, preparation, claim), unknown to the workflow.
    const firstPath = `/payer/${randomUUID()}`;
    const activities = orderActivities();
    const { facts } = await activities.orderFacts({ orderId });
    await activities.claimOrder({ orderId, seq: 3, claim: claimOf(first, firstPath), facts });

    // The second payer's claim, read by the API before the first committed, reaches the workflow.
    const refused = await handle
      .executeUpdate(claimUpdate, { args: [claimOf(second, `/payer/${randomUUID()}`)] })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WorkflowUpdateFailedError);
    expect((refused as WorkflowUpdateFailedError).cause).toMatchObject({ type: 'ALREADY_PROCESSED' });
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_AMOUNT');
    // Taking the recorded claim up, the workflow sends the first payer its preview.
    await stack.receiver.waitFor(firstPath, (c) => c.body.order?.id === orderId);

    expect((await first.call.put('/v2/payments/previews', { order_id: orderId, amount: '42.50' })).status).toBe(200);
    const paid = await first.call.post('/v2/payments', {
      order_id: orderId,
      status: 'accepted',
      notification_url: stack.receiver.url(firstPath),
    });
    expect(paid.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
    expect(await handle.result()).toBe('COMPLETED');
    expect((await usd(first)).available).toBeLessThan(1000);
    expect(await usd(second)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
  });
});
