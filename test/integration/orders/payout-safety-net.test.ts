import { randomUUID } from 'node:crypto';
import { CommandFailure } from '../../../src/cli/command';
import { ordersResolve } from '../../../src/cli/orders-resolve.command';
import { refundsResolve } from '../../../src/cli/refunds-resolve.command';
import { loadEnv } from '../../../src/config/env';
import { unconfirmedMovementsSource } from '../../../src/operations/worker-state-metrics';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { decodedHistory } from '../../../src/temporal/history-codec';
import { isEncrypted } from '../../../src/temporal/payload-codec';
import { PAYOUT_UNCONFIRMED, REFUND_UNCONFIRMED } from '../../../src/temporal/search-attribute-keys';
import { orderPhaseQuery } from '../../../src/orders/order-messages';
import { pendingRefundsQuery } from '../../../src/refunds/refund-messages';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';
import { payer, pixQr } from '../../support/qr-fixtures';
import { until } from '../../support/until';

/**
 * The money safety net (issue "Money safety net"): a payout whose outcome is unknown never
 * releases the payer's funds on a guess. The order stays PROCESSING with its reservation held
 * while the workflow asks the rail, completes once the rail answers, and past the retry window
 * waits for an operator, except when the rail says it never received the payout.
 */

type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

async function railAdmin(stack: PaymentStack, method: 'POST' | 'DELETE', body?: object): Promise<void> {
  const response = await fetch(`${stack.railsUrl}/__admin/faults`, {
    method,
    headers: body ? { 'content-type': 'application/json' } : undefined,
    body: body ? JSON.stringify(body) : undefined,
  });
  expect(response.status).toBe(200);
}

async function payoutCount(stack: PaymentStack, orderId: string): Promise<{ requests: number; executions: number }> {
  return (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json() as Promise<{
    requests: number;
    executions: number;
  }>;
}

/** Previews a closed-amount Pix QR, waits for its preview, and accepts it. */
async function payOrder(stack: PaymentStack, client: Payer, amount: string) {
  const { orderId, path, url, preview } = await stack.previewQr(client.call, pixQr(amount));
  const pay = await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
  expect(pay.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
  return { orderId, path, userAmount: preview.body.order.user_total_amount as number };
}

const usd = async (client: Payer) =>
  (
    (await client.call.get('/v2/accounts')).body as Array<{ currency: string; available: number; reserved: number }>
  ).find((a) => a.currency === 'USD')!;
const statuses = async (client: Payer, orderId: string) =>
  ((await client.call.get(`/v2/payments/${orderId}/status`)).body.statuses as Array<{ status: string }>).map(
    (entry) => entry.status,
  );

describe('payouts of unknown outcome, within the retry window', () => {
  let stack: PaymentStack;

  // A short rail timeout keeps lost answers quick; the window stays at its 30-minute default.
  beforeAll(async () => {
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800' });
  });
  afterEach(() => railAdmin(stack, 'DELETE'));
  afterAll(() => stack.close());

  it('completes a payout whose answer was lost (6060.60) once the status inquiry finds it paid: one execution, one debit', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const { orderId, path, userAmount } = await payOrder(stack, client, '6060.60');
    const completed = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(completed.body).toMatchObject({ order_id: orderId, error_code: null });
    expect(await payoutCount(stack, orderId)).toMatchObject({ executions: 1 });
    expect(await usd(client)).toEqual({
      currency: 'USD',
      available: Number((5000 - userAmount).toFixed(2)),
      reserved: 0,
    });
    expect(await statuses(client, orderId)).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
  });

  it.each([
    ['answers are lost', { lose_response: true }],
    ['the rail is down', { down: true }],
  ])(
    'holds every order PROCESSING while %s, and completes each once the rail is back, paid once',
    async (_label, fault) => {
      const client = await stack.newPayer({ USD: '5000.00' });
      // Previews need the FX provider, which is this faulty rail: preview first, then pay during the fault.
      const previews = [];
      for (let i = 0; i < 5; i += 1) previews.push(await previewOrder(client, '25.00'));
      await railAdmin(stack, 'POST', fault);
      for (const { orderId, url } of previews) {
        const pay = await client.call.post('/v2/payments', {
          order_id: orderId,
          status: 'accepted',
          notification_url: url,
        });
        expect(pay.body.status).toBe('PROCESSING');
      }
      // Held, not failed: the reservations stand while nobody knows what the rail did.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const { orderId } of previews) expect((await statuses(client, orderId)).at(-1)).toBe('PROCESSING');
      expect((await usd(client)).reserved).toBeGreaterThan(0);

      await railAdmin(stack, 'DELETE');
      for (const { orderId, path } of previews) {
        await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED', 90_000);
        expect(await payoutCount(stack, orderId)).toMatchObject({ executions: 1 });
      }
      const debitedCents = previews.reduce((sum, order) => sum + Math.round(order.userAmount * 100), 0);
      expect(await usd(client)).toEqual({ currency: 'USD', available: (500_000 - debitedCents) / 100, reserved: 0 });
    },
  );

  async function previewOrder(client: Payer, amount: string) {
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await client.call.post('/v2/payments/previews', {
      qr: pixQr(amount),
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    return {
      orderId: preview.body.order.id as string,
      path,
      url,
      userAmount: preview.body.order.user_total_amount as number,
    };
  }
});

describe('payouts still unknown when the retry window ends', () => {
  let stack: PaymentStack;
  const env = () => loadEnv({ ...process.env, TEMPORAL_TASK_QUEUE: stack.taskQueue });

  beforeAll(async () => {
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800', PAYOUT_RETRY_WINDOW: '3s' });
  });
  afterEach(() => railAdmin(stack, 'DELETE'));
  afterAll(async () => {
    await stack.close();
  });

  async function resolve(...args: string[]): Promise<string[]> {
    const lines: string[] = [];
    await ordersResolve.run({ dataSource: stack.api.dataSource, env: env(), args, out: (text) => lines.push(text) });
    return lines;
  }

  const waitForPhase = (orderId: string, phase: string) =>
    until(
      `order ${orderId} to reach ${phase}`,
      async () => (await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).query(orderPhaseQuery)) === phase,
    );

  /** Waits until the worker's gauge of flagged workflows on this stack's queue (what the alerts read) shows `expected`. */
  async function untilUnconfirmed(movement: 'payout' | 'refund', expected: number): Promise<void> {
    const source = unconfirmedMovementsSource(stack.temporal, stack.taskQueue);
    const count = async () => valueOf(parseExposition(await source.read()), 'cbp_unconfirmed_movements', { movement });
    let seen: number | undefined;
    await until(
      `cbp_unconfirmed_movements{movement="${movement}"} to be ${expected}`,
      async () => (seen = await count()) === expected,
      {
        timeoutMs: 15_000,
        detail: () => `it stayed ${seen}`,
      },
    );
  }

  it('fails a payout the rail never received (5050.50) once the window is over, and releases the funds', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const { orderId, path } = await payOrder(stack, client, '5050.50');
    const failed = await stack.receiver.waitFor(path, (c) => c.body.status === 'FAILED', 60_000);
    expect(failed.body).toMatchObject({ order_id: orderId, error_code: 'UPSTREAM_ERROR', payment_date: null });
    expect(await payoutCount(stack, orderId)).toMatchObject({ executions: 0 });
    expect(await usd(client)).toEqual({ currency: 'USD', available: 5000, reserved: 0 });
    expect(await statuses(client, orderId)).toEqual(['CREATED', 'PROCESSING', 'FAILED']);
  });

  it('flags an order the rail cannot answer about, keeps its funds reserved, and an operator settles it as paid', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('30.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const orderId: string = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    // Another order running on the same queue, left waiting for its decision: never counted as unconfirmed.
    const waitingPath = `/hooks/${randomUUID()}`;
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('32.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(waitingPath),
      user: payer,
    });
    await stack.receiver.waitFor(waitingPath, (c) => c.body.order !== undefined);
    await railAdmin(stack, 'POST', { down: true });
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });

    await expect(resolve('--order', orderId, '--outcome', 'paid', '--reason', 'too early')).rejects.toBeInstanceOf(
      CommandFailure,
    );
    await waitForPhase(orderId, 'PAYOUT_UNCONFIRMED');
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    expect((await handle.describe()).typedSearchAttributes.get(PAYOUT_UNCONFIRMED)).toBe(true);
    await untilUnconfirmed('payout', 1);
    expect((await statuses(client, orderId)).at(-1)).toBe('PROCESSING');
    expect((await usd(client)).reserved).toBeGreaterThan(0);

    expect(
      await resolve(
        '--order',
        orderId,
        '--outcome',
        'paid',
        '--reason',
        'rail statement line 42',
        '--operator',
        'ops-ana',
      ),
    ).toEqual([`order ${orderId} resolved as paid: COMPLETED`]);
    const completed = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(completed.body.payment_date).not.toBeNull();
    expect(await usd(client)).toMatchObject({ reserved: 0 });
    expect((await handle.describe()).typedSearchAttributes.get(PAYOUT_UNCONFIRMED)).toBe(false);
    await untilUnconfirmed('payout', 0);
    const [note] = await stack.api.dataSource.query(
      `SELECT note FROM order_status_history WHERE order_id = $1 AND status = 'COMPLETED'`,
      [orderId],
    );
    expect(note.note).toBe('payout resolved as paid by ops-ana: rail statement line 42');
    // The decision, who took it and why are in the order's Temporal history too, encrypted by the CLI as by the service.
    const resolution = (history: Awaited<ReturnType<typeof handle.fetchHistory>>) =>
      history
        .events!.map((event) => event.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input)
        .find((accepted) => accepted?.name === 'resolvePayout')!.args!.payloads![0]!;
    const history = await handle.fetchHistory();
    expect(isEncrypted(resolution(history))).toBe(true);
    const payload = resolution(await decodedHistory(history, stack.temporal.options.loadedDataConverter.payloadCodecs));
    expect(JSON.parse(Buffer.from(payload.data!).toString('utf8'))).toEqual({
      outcome: 'paid',
      reason: 'rail statement line 42',
      operator: 'ops-ana',
    });
  });

  it('an operator settles an unconfirmed payout as not paid: FAILED, funds released', async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    await client.call.post('/v2/payments/previews', {
      qr: pixQr('31.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    const orderId: string = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    await railAdmin(stack, 'POST', { lose_response: true });
    await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    await waitForPhase(orderId, 'PAYOUT_UNCONFIRMED');

    await resolve('--order', orderId, '--outcome', 'not-paid', '--reason', 'rail confirmed by phone');
    const failed = await stack.receiver.waitFor(path, (c) => c.body.status === 'FAILED');
    expect(failed.body.error_code).toBe('UPSTREAM_ERROR');
    expect(await usd(client)).toEqual({ currency: 'USD', available: 5000, reserved: 0 });
  });

  it("holds a refund the rail cannot answer about, flags it, and credits the payer only on an operator's word", async () => {
    const client = await stack.newPayer({ USD: '5000.00' });
    const { orderId, path } = await payOrder(stack, client, '40.00');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    const before = await usd(client);
    await railAdmin(stack, 'POST', { down: true });
    const pending = await client.call.post(
      '/v2/qr/refund',
      { order_id: orderId, amount: '10.00' },
      { 'idempotency-key': `key-${randomUUID()}` },
    );
    expect(pending.body).toMatchObject({ status: 'PENDING', refunded_total: 0 });
    const refunds = stack.temporal.workflow.getHandle(`refunds-${orderId}`);
    await until('the refund to be flagged', async () =>
      (await refunds.query(pendingRefundsQuery)).some((refund) => refund.unconfirmed),
    );
    expect((await refunds.describe()).typedSearchAttributes.get(REFUND_UNCONFIRMED)).toBe(true);
    await untilUnconfirmed('refund', 1);
    expect(await usd(client)).toEqual(before);

    const lines: string[] = [];
    const args = [
      '--order',
      orderId,
      '--refund',
      pending.body.refund_id,
      '--outcome',
      'refunded',
      '--reason',
      'rail statement line 7',
      '--operator',
      'ops-ana',
    ];
    await refundsResolve.run({ dataSource: stack.api.dataSource, env: env(), args, out: (text) => lines.push(text) });
    expect(lines).toEqual([
      `refund ${pending.body.refund_id} of order ${orderId} resolved as refunded: PARTIALLY_REFUNDED`,
    ]);
    const notice = await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    expect(notice.body).toMatchObject({ amount: 10, error_code: null });
    expect((await usd(client)).available).toBeGreaterThan(before.available);
  });

  it('refuses a resolution of an order with no running workflow', async () => {
    await expect(resolve('--order', randomUUID(), '--outcome', 'paid', '--reason', 'x')).rejects.toThrow(
      /is not running: nothing to resolve/,
    );
  });
});
