import { randomUUID } from 'node:crypto';
import { FxService } from '../../../src/fx/fx.service';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import {
  cancelSignal,
  decideSignal,
  expireUpdate,
  orderPhaseQuery,
  orderStatusQuery,
  refusedSignalsQuery,
  submitAmountSignal,
} from '../../../src/orders/order-messages';
import { createHierarchy } from '../../e2e/merchants/merchant-fixtures';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { until } from '../../support/until';

/**
 * Testers drive an order with signals (the Temporal UI's "Send a Signal", `temporal workflow
 * signal`): the amount, the decision and a cancel go through the same lifecycle checks and
 * steps as the API's updates. Nobody waits for a signal's answer, so one the order refuses is
 * kept, with its reason, for the `refusedSignals` query, and changes nothing.
 */
describe('an order driven by signals', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  const handle = (orderId: string) => stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
  const phase = (orderId: string, expected: string) =>
    until(`phase ${expected}`, async () => (await handle(orderId).query(orderPhaseQuery)) === expected);
  const row = async (orderId: string) =>
    (
      await stack.api.dataSource.query(
        'SELECT status, error_code, trim_scale(local_amount)::text AS local_amount, trim_scale(user_amount)::text AS user_amount, fx_quote_id, payment_notification_url FROM orders WHERE id = $1',
        [orderId],
      )
    )[0];

  it("takes an amount without a quote, priced at a quote the workflow makes and locks for the payer, and a decision whose callbacks go where the preview's did", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path } = await stack.previewQr(client.call, pixQr());
    await handle(orderId).signal(submitAmountSignal, { amount: '25.60' });
    await phase(orderId, 'AWAITING_DECISION');

    const priced = await stack.receiver.waitFor(path, (c) => c.body.order?.status === 'CREATED');
    expect(priced.body.order).toMatchObject({
      id: orderId,
      local_total_amount: 25.6,
      local_currency: 'BRL',
      user_currency: 'USD',
    });
    const order = await row(orderId);
    expect(order).toMatchObject({ status: 'CREATED', local_amount: '25.6' });
    const [quote] = await stack.api.dataSource.query(
      'SELECT id, client_id, base, target FROM fx_quotes WHERE order_id = $1',
      [orderId],
    );
    expect(quote).toEqual({ id: order.fx_quote_id, client_id: client.clientId, base: 'BRL', target: 'USD' });
    expect(Number(order.user_amount)).toBe(priced.body.order.user_total_amount);

    await handle(orderId).signal(decideSignal, { decision: 'accepted' });
    expect(await handle(orderId).result()).toBe('COMPLETED');
    expect(await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED')).toBeDefined();
    expect(await row(orderId)).toMatchObject({ status: 'COMPLETED', payment_notification_url: null });
    expect(await handle(orderId).query(refusedSignalsQuery)).toEqual([]);
  });

  it('keeps a signal the lifecycle refuses, with its reason, and applies nothing', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path } = await stack.previewQr(client.call, pixQr('12.00'));
    await handle(orderId).signal(submitAmountSignal, { amount: '10.00' });
    await handle(orderId).signal(cancelSignal);
    await until('two refused signals', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 2);

    expect(await handle(orderId).query(refusedSignalsQuery)).toEqual([
      {
        signal: 'submitAmount',
        reason: 'ALREADY_PROCESSED',
        message: `Order ${orderId} was already processed`,
        at: expect.any(String),
      },
      // Only a collection has a collector to cancel it; a payer rejects instead.
      {
        signal: 'cancel',
        reason: 'INVALID_STATUS',
        message: `Order ${orderId} is CREATED: the operation is not allowed in this status`,
        at: expect.any(String),
      },
    ]);
    expect(await handle(orderId).query(orderStatusQuery)).toBe('CREATED');
    expect(await row(orderId)).toMatchObject({ status: 'CREATED', local_amount: '12' });

    // A decision misspelt is no decision; nor is one that names where its callbacks go (issue 31):
    // a signal never moves an order's callbacks, to a URL the API would refuse or to any other.
    await handle(orderId).signal(decideSignal, { decision: 'acepted' } as never);
    await handle(orderId).signal(decideSignal, { decision: 'rejected', notificationUrl: 'ftp://example.com/hook' });
    await handle(orderId).signal(decideSignal, {
      decision: 'accepted',
      notificationUrl: stack.receiver.url(`/attacker/${randomUUID()}`),
    });
    await until('five refused signals', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 5);
    expect(
      (await handle(orderId).query(refusedSignalsQuery)).slice(2).map(({ signal, reason }) => [signal, reason]),
    ).toEqual([
      ['decide', 'INVALID_SIGNAL'],
      ['decide', 'INVALID_SIGNAL'],
      ['decide', 'INVALID_SIGNAL'],
    ]);
    expect(await handle(orderId).query(orderPhaseQuery)).toBe('AWAITING_DECISION');
    expect(await row(orderId)).toMatchObject({ status: 'CREATED', payment_notification_url: null });

    await handle(orderId).signal(decideSignal, { decision: 'rejected' });
    expect(await handle(orderId).result()).toBe('CANCELED');
    expect((await stack.receiver.waitFor(path, (c) => c.body.status === 'CANCELED')).body).toMatchObject({
      order_id: orderId,
      error_code: 'USER_REJECTED',
    });
  });

  it('keeps an amount the API would refuse, with the reason, and takes a good one after it', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId } = await stack.previewQr(client.call, pixQr());
    // One at a time: an amount sent while another is being applied is refused as already processed.
    await handle(orderId).signal(submitAmountSignal, { amount: '60000.00' });
    await until('a refused amount', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 1);
    await handle(orderId).signal(submitAmountSignal, { amount: '12.345' });
    await until('two refused amounts', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 2);
    const refused = await handle(orderId).query(refusedSignalsQuery);
    expect(refused.map(({ signal, reason }) => [signal, reason])).toEqual([
      ['submitAmount', 'INVALID_AMOUNT'],
      ['submitAmount', 'INVALID_AMOUNT'],
    ]);
    expect(refused[0]!.message).toMatch(/^amount: .*50000/);
    expect(await handle(orderId).query(orderPhaseQuery)).toBe('AWAITING_AMOUNT');
    expect(await row(orderId)).toMatchObject({ status: 'WAITING_AMOUNT', local_amount: null, fx_quote_id: null });

    await handle(orderId).signal(submitAmountSignal, { amount: '12.30' });
    await phase(orderId, 'AWAITING_DECISION');
    expect(await row(orderId)).toMatchObject({ status: 'CREATED', local_amount: '12.3' });
  });

  it("keeps an amount named with another client's quote, or with the payer's quote for another pair, and locks neither", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const stranger = await stack.newPayer({ USD: '1000.00' });
    const fx = stack.api.app.get(FxService);
    const { orderId } = await stack.previewQr(client.call, pixQr());
    const strangersQuote = await fx.quote(stranger.clientId, 'BRL', 'USD');
    const otherPair = await fx.quote(client.clientId, 'BRL', 'EUR');

    await handle(orderId).signal(submitAmountSignal, { amount: '25.60', fxQuoteId: strangersQuote.id });
    await until('a refused amount', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 1);
    await handle(orderId).signal(submitAmountSignal, { amount: '25.60', fxQuoteId: otherPair.id });
    await until('two refused amounts', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 2);
    expect(
      (await handle(orderId).query(refusedSignalsQuery)).map(({ signal, reason, message }) => [
        signal,
        reason,
        message,
      ]),
    ).toEqual([
      ['submitAmount', 'FxQuoteUnavailableError', `FX quote ${strangersQuote.id} cannot be locked: NOT_FOUND`],
      ['submitAmount', 'FxQuoteUnavailableError', `FX quote ${otherPair.id} cannot be locked: OTHER_CURRENCY_PAIR`],
    ]);
    expect(await handle(orderId).query(orderPhaseQuery)).toBe('AWAITING_AMOUNT');
    expect(await row(orderId)).toMatchObject({ status: 'WAITING_AMOUNT', local_amount: null, fx_quote_id: null });
    const locked = await stack.api.dataSource.query(
      'SELECT id FROM fx_quotes WHERE id = ANY($1) AND order_id IS NOT NULL',
      [[strangersQuote.id, otherPair.id]],
    );
    expect(locked).toEqual([]);

    const ownQuote = await fx.quote(client.clientId, 'BRL', 'USD');
    await handle(orderId).signal(submitAmountSignal, { amount: '25.60', fxQuoteId: ownQuote.id });
    await phase(orderId, 'AWAITING_DECISION');
    expect(await row(orderId)).toMatchObject({ status: 'CREATED', local_amount: '25.6', fx_quote_id: ownQuote.id });
  });

  it("keeps an acceptance without the wallet a phone key's preview asks for, and pays once one is picked", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const path = `/hooks/${randomUUID()}`;
    await client.call.post('/v2/payments/previews/dictkey', {
      dict_key: '+5511987654321',
      amount: '25.00',
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    const orderId: string = preview.body.order.id;

    await handle(orderId).signal(decideSignal, { decision: 'accepted' });
    await until('a refused acceptance', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 1);
    expect(await handle(orderId).query(refusedSignalsQuery)).toEqual([
      {
        signal: 'decide',
        reason: 'INVALID_WALLET',
        message: 'wallet_id: required: pick one of the wallets the preview listed',
        at: expect.any(String),
      },
    ]);
    expect(await handle(orderId).query(orderPhaseQuery)).toBe('AWAITING_DECISION');

    await handle(orderId).signal(decideSignal, { decision: 'accepted', walletId: preview.body.wallets[0].id });
    expect(await handle(orderId).result()).toBe('COMPLETED');
  });

  it("cancels a collector's QR, as the collector's DELETE does", async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const path = `/collector/${randomUUID()}`;
    const created = await collector.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      amount: '20.00',
    });
    const orderId: string = created.body.order_id;
    await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_CREATED');

    await handle(orderId).signal(cancelSignal);
    expect(await handle(orderId).result()).toBe('CANCELED');
    expect(await row(orderId)).toMatchObject({ status: 'CANCELED', error_code: 'CANCELED_BY_COLLECTOR' });
    expect((await stack.receiver.waitFor(path, (c) => c.body.status === 'CANCELED')).body).toMatchObject({
      order_id: orderId,
      error_code: 'CANCELED_BY_COLLECTOR',
    });
  });
});

/**
 * Issue 31: where the deployment does not allow testers (production: TESTER_SIGNALS unset), an
 * order takes no signal and no early expiry from whoever reaches Temporal; each is refused and
 * kept with its reason, and the integrator's order goes on as if nothing had come.
 */
describe('an order started where testers are not allowed', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({ TESTER_SIGNALS: 'false' });
  });
  afterAll(() => stack.close());

  const handle = (orderId: string) => stack.temporal.workflow.getHandle(orderWorkflowId(orderId));

  it("refuses a decision sent as a signal, keeps it with its reason, debits nothing, and sends no callback to the signal's URL", async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url } = await stack.previewQr(client.call, pixQr('12.00'));
    const attacker = `/attacker/${randomUUID()}`;
    await handle(orderId).signal(decideSignal, { decision: 'accepted', notificationUrl: stack.receiver.url(attacker) });
    await handle(orderId).signal(submitAmountSignal, { amount: '1.00' });
    await handle(orderId).signal(cancelSignal);
    await until('three refused signals', async () => (await handle(orderId).query(refusedSignalsQuery)).length === 3);
    expect((await handle(orderId).query(refusedSignalsQuery)).map(({ signal, reason }) => [signal, reason])).toEqual([
      ['decide', 'SIGNALS_NOT_ALLOWED'],
      ['submitAmount', 'SIGNALS_NOT_ALLOWED'],
      ['cancel', 'SIGNALS_NOT_ALLOWED'],
    ]);
    expect(await handle(orderId).query(orderStatusQuery)).toBe('CREATED');
    const usd = (await stack.ledger.balances(client.clientId)).find((balance) => balance.currency === 'USD')!;
    expect([usd.available.toFixed(2), usd.reserved.toFixed(2)]).toEqual(['1000.00', '0.00']);
    await expect(handle(orderId).executeUpdate(expireUpdate)).rejects.toMatchObject({
      cause: { type: 'NOT_ALLOWED', message: expect.stringMatching(/takes no early expiry/) },
    });

    // The integrator's own decision goes through, with its callbacks where it said.
    expect(
      (await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url })).status,
    ).toBe(200);
    expect(await handle(orderId).result()).toBe('COMPLETED');
    expect(await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED')).toBeDefined();
    expect(stack.receiver.received.filter((callback) => callback.path === attacker)).toEqual([]);
  });
});
