import { randomUUID } from 'node:crypto';
import { ordersResolve } from '../../../src/cli/orders-resolve.command';
import { loadEnv } from '../../../src/config/env';
import { verifySignature } from '../../../src/notifications';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import {
  CLIENT_ID,
  EXTERNAL_REFERENCE,
  ORDER_FLOW,
  PAYOUT_UNCONFIRMED,
} from '../../../src/temporal/search-attribute-keys';
import { orderPhaseQuery } from '../../../src/orders/order-messages';
import { createHierarchy } from '../merchants/merchant-fixtures';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http, startTestApi, TestApi } from '../../support/test-api';
import { until } from '../../support/until';

/**
 * The integrators' test helpers over HTTP, on the real stack: the sandbox's early expiry and
 * forced payout answers drive the real workflow and the real rail (the simulator), and a
 * redelivered callback reaches a real receiver through the worker's delivery workflow.
 */
describe('integrator test helpers', () => {
  let stack: PaymentStack;

  // A short retry window, so that an unknown payout is flagged for an operator within seconds.
  beforeAll(async () => {
    stack = await startPaymentStack({ PAYOUT_RETRY_WINDOW: '2s', RAILS_TIMEOUT_MS: '800' });
  });
  afterAll(async () => {
    await stack.close();
  });

  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

  /** Previews `qr` for `client` and waits for the preview callback, which names the order. */
  async function preview(client: Payer, qr: string) {
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    const ack = await client.call.post('/v2/payments/previews', {
      qr,
      external_reference: `ref-${randomUUID()}`,
      notification_url: url,
      user: payer,
    });
    expect(ack.status).toBe(200);
    const callback = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    return { orderId: callback.body.order.id as string, path, url, callback };
  }

  const usd = async (client: Payer) =>
    (
      (await client.call.get('/v2/accounts')).body as Array<{ currency: string; available: number; reserved: number }>
    ).find((a) => a.currency === 'USD')!;
  const statuses = async (client: Payer, orderId: string) =>
    ((await client.call.get(`/v2/payments/${orderId}/status`)).body.statuses as Array<{ status: string }>).map(
      (entry) => entry.status,
    );

  describe('POST /v2/sandbox/orders/{id}/expire', () => {
    it('expires an open-amount QR order now: CANCELED with EXPIRED, and the signed QR expiration notification', async () => {
      const client = await stack.newPayer();
      const { orderId, path } = await preview(client, pixQr());

      const expired = await client.call.post(`/v2/sandbox/orders/${orderId}/expire`);
      expect(expired.status).toBe(200);
      expect(expired.body).toMatchObject({
        id: orderId,
        status: 'CANCELED',
        statuses: [{ status: 'WAITING_AMOUNT' }, { status: 'CANCELED' }],
      });

      const notification = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
      expect(notification.body).toMatchObject({
        event: 'QR_EXPIRED',
        order_id: orderId,
        status: 'CANCELED',
        error_code: 'EXPIRED',
        version: '2',
      });
      expect(verifySignature(client.webhookSecret, notification.rawBody, String(notification.headers.signature))).toBe(
        true,
      );
      expect(await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).result()).toBe('CANCELED');
    });

    it('answers 409 INVALID_STATUS once the order no longer waits: expired already, or paid', async () => {
      const client = await stack.newPayer();
      const open = await preview(client, pixQr());
      expect((await client.call.post(`/v2/sandbox/orders/${open.orderId}/expire`)).status).toBe(200);
      const again = await client.call.post(`/v2/sandbox/orders/${open.orderId}/expire`);
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining(open.orderId),
        error_code: 'INVALID_STATUS',
      });

      const paid = await preview(client, pixQr('10.00'));
      await client.call.post('/v2/payments', {
        order_id: paid.orderId,
        status: 'accepted',
        notification_url: paid.url,
      });
      await stack.receiver.waitFor(paid.path, (c) => c.body.status === 'COMPLETED');
      expect((await client.call.post(`/v2/sandbox/orders/${paid.orderId}/expire`)).body).toMatchObject({
        statusCode: 409,
        error_code: 'INVALID_STATUS',
      });
      expect(await statuses(client, paid.orderId)).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
    });

    it("expires a collector's QR nobody paid yet: named by the collector's own reference, the expiration at its URL; no payout answer to set", async () => {
      const collector = await stack.newPayer({});
      const { posUuid } = await createHierarchy(collector.call);
      const path = `/collector/${randomUUID()}`;
      const reference = `qr-${randomUUID()}`;
      const created = await collector.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: reference,
        notification_url: stack.receiver.url(path),
        amount: '10.00',
      });
      expect(created.status).toBe(201);
      const orderId = created.body.order_id as string;
      // Operators find it under the collector's reference in the Temporal UI.
      const attributes = (await stack.temporal.workflow.getHandle(orderWorkflowId(orderId)).describe())
        .typedSearchAttributes;
      expect([attributes.get(ORDER_FLOW), attributes.get(CLIENT_ID), attributes.get(EXTERNAL_REFERENCE)]).toEqual([
        'COLLECTION',
        collector.clientId,
        reference,
      ]);

      const forced = await collector.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'rejected' });
      expect(forced.body).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('collection'),
        error_code: 'INVALID_STATUS',
      });

      const expired = await collector.call.post(`/v2/sandbox/orders/${orderId}/expire`);
      expect(expired.status).toBe(200);
      expect(expired.body).toMatchObject({
        id: orderId,
        status: 'CANCELED',
        external_reference: reference,
        statuses: [{ status: 'CREATED' }, { status: 'CANCELED' }],
      });
      const notification = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
      expect(notification.body).toMatchObject({
        order_id: orderId,
        status: 'CANCELED',
        error_code: 'EXPIRED',
        external_reference: reference,
      });
    });

    it("answers 404 for another client's order, as for one that does not exist, and leaves it waiting", async () => {
      const owner = await stack.newPayer();
      const stranger = await stack.newPayer();
      const { orderId } = await preview(owner, pixQr('10.00'));
      for (const id of [orderId, randomUUID(), 'not-a-uuid']) {
        const response = await stranger.call.post(`/v2/sandbox/orders/${id}/expire`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: 'Order not found' });
      }
      expect((await stranger.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'rejected' })).status).toBe(
        404,
      );
      expect(await statuses(owner, orderId)).toEqual(['CREATED']);
      expect((await http(stack.api.baseUrl, null).post(`/v2/sandbox/orders/${orderId}/expire`)).status).toBe(401);
    });
  });

  describe('POST /v2/sandbox/orders/{id}/payout', () => {
    it('makes the rail reject the payout: the order ends REJECTED and the reserved funds are released', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const { orderId, path, url } = await preview(client, pixQr('100.00'));
      const forced = await client.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'rejected' });
      expect(forced.status).toBe(200);
      expect(forced.body).toEqual({ order_id: orderId, outcome: 'rejected', status: 'CREATED' });

      const pay = await client.call.post('/v2/payments', {
        order_id: orderId,
        status: 'accepted',
        notification_url: url,
      });
      expect(pay.body).toMatchObject({ status: 'PROCESSING' });
      const rejected = await stack.receiver.waitFor(path, (c) => c.body.status === 'REJECTED');
      expect(rejected.body).toMatchObject({ order_id: orderId, error_code: 'DESTINATION_REJECTED' });
      expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
      expect(await statuses(client, orderId)).toEqual(['CREATED', 'PROCESSING', 'REJECTED']);

      const late = await client.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'completed' });
      expect(late.status).toBe(409);
      expect(late.body).toMatchObject({
        statusCode: 409,
        message: expect.stringContaining('REJECTED'),
        error_code: 'INVALID_STATUS',
      });
    });

    it('makes the rail pay an amount that would otherwise be rejected (1313.13)', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const { orderId, path, url } = await preview(client, pixQr('1313.13'));
      expect((await client.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'completed' })).status).toBe(
        200,
      );
      await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
      await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    });

    it('leaves the payout unknown: the order stays PROCESSING with its funds reserved and is flagged PayoutUnconfirmed for an operator', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const { orderId, path, url, callback } = await preview(client, pixQr('100.00'));
      expect((await client.call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'unknown' })).status).toBe(200);
      await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });

      const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
      await until(
        `order ${orderId} to be flagged`,
        async () => (await handle.query(orderPhaseQuery)) === 'PAYOUT_UNCONFIRMED',
      );
      expect((await handle.describe()).typedSearchAttributes.get(PAYOUT_UNCONFIRMED)).toBe(true);
      // The README's query for the orders waiting for an operator finds it.
      const flagged = async () => {
        const found: string[] = [];
        for await (const workflow of stack.temporal.workflow.list({
          query: `PayoutUnconfirmed = true AND ClientId = '${client.clientId}'`,
        }))
          found.push(workflow.workflowId);
        return found;
      };
      await until(`order ${orderId} to be listed as unconfirmed`, async () =>
        (await flagged()).includes(handle.workflowId),
      );
      expect(await statuses(client, orderId)).toEqual(['CREATED', 'PROCESSING']);
      expect(await usd(client)).toMatchObject({ reserved: callback.body.order.user_total_amount });

      // An operator who knows it was never paid settles it; the funds come back.
      const env = loadEnv({ ...process.env, TEMPORAL_TASK_QUEUE: stack.taskQueue });
      await ordersResolve.run({
        dataSource: stack.api.dataSource,
        env,
        args: ['--order', orderId, '--outcome', 'not-paid', '--reason', 'sandbox test'],
        out: () => undefined,
      });
      await stack.receiver.waitFor(path, (c) => c.body.status === 'FAILED');
      expect(await usd(client)).toEqual({ currency: 'USD', available: 1000, reserved: 0 });
    });

    it('refuses an outcome it does not know, or anything beside it, with 400 naming the field', async () => {
      const client = await stack.newPayer();
      const { orderId } = await preview(client, pixQr('10.00'));
      for (const [body, field] of [
        [{ outcome: 'maybe' }, 'outcome: '],
        [{}, 'outcome: '],
        [{ outcome: 'completed', delay_ms: 5 }, 'delay_ms: unknown field'],
      ] as const) {
        const response = await client.call.post(`/v2/sandbox/orders/${orderId}/payout`, body);
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({ statusCode: 400, message: [expect.stringContaining(field)] });
      }
      expect(await statuses(client, orderId)).toEqual(['CREATED']);
    });
  });

  describe('POST /v2/notifications/{event_id}/redeliver', () => {
    it('sends a delivered callback again: the same body, freshly signed, recorded as a second attempt', async () => {
      const client = await stack.newPayer();
      const { orderId, path, callback } = await preview(client, pixQr('10.00'));
      const eventId = String(callback.headers['x-event-id']);
      /** The callback as the delivery log lists it, once it has `attempts` attempts recorded. */
      const listed = async (attempts: number) => {
        const deadline = Date.now() + 10_000;
        for (;;) {
          const found = (
            (await client.call.get(`/v2/notifications?order_id=${orderId}`)).body as Array<{
              event_id: string;
              attempt_count: number;
            }>
          ).find((n) => n.event_id === eventId);
          if ((found?.attempt_count ?? 0) >= attempts || Date.now() > deadline) return found;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      };
      expect(await listed(1)).toMatchObject({ status: 'DELIVERED', attempt_count: 1 });

      const redelivery = await client.call.post(`/v2/notifications/${eventId}/redeliver`);
      expect(redelivery.status).toBe(202);
      expect(redelivery.body).toMatchObject({
        event_id: eventId,
        event: 'PREVIEW',
        status: 'DELIVERED',
        attempt_count: 1,
        attempts: [{ attempt: 1, status_code: 200 }],
      });

      await stack.receiver.waitFor(
        path,
        () => stack.receiver.for(path, (c) => c.headers['x-event-id'] === eventId).length >= 2,
      );
      const [first, second] = stack.receiver.for(path, (c) => c.headers['x-event-id'] === eventId);
      expect(second!.rawBody).toBe(first!.rawBody);
      expect(verifySignature(client.webhookSecret, second!.rawBody, String(second!.headers.signature))).toBe(true);
      expect(await listed(2)).toMatchObject({
        attempt_count: 2,
        attempts: [{ attempt: 1 }, { attempt: 2, status_code: 200, error: null }],
      });
    });

    it("answers 404 for another client's callback, as for one that does not exist", async () => {
      const owner = await stack.newPayer();
      const stranger = await stack.newPayer();
      const { callback } = await preview(owner, pixQr('10.00'));
      for (const id of [String(callback.headers['x-event-id']), randomUUID(), 'not-a-uuid']) {
        const response = await stranger.call.post(`/v2/notifications/${id}/redeliver`);
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: 'Notification not found' });
      }
    });
  });

  describe('with NODE_ENV=production', () => {
    let production: TestApi;

    beforeAll(async () => {
      production = await startTestApi({
        NODE_ENV: 'production',
        ALLOW_INSECURE_CALLBACKS: 'false',
        RAILS_URL: stack.railsUrl,
        TEMPORAL_TASK_QUEUE: stack.taskQueue,
      });
    });
    afterAll(() => production.close());

    it("has no sandbox routes: the caller's own waiting order answers 404 and keeps waiting", async () => {
      const client = await stack.newPayer();
      const { orderId } = await preview(client, pixQr('10.00'));
      const call = http(production.baseUrl, client.token);
      for (const response of [
        await call.post(`/v2/sandbox/orders/${orderId}/expire`),
        await call.post(`/v2/sandbox/orders/${orderId}/payout`, { outcome: 'rejected' }),
      ]) {
        expect(response.status).toBe(404);
        expect(response.body).toMatchObject({ statusCode: 404, message: expect.any(String) });
      }
      expect(await statuses(client, orderId)).toEqual(['CREATED']);
    });

    it('leaves them out of the OpenAPI document, which lists them in the sandbox', async () => {
      const paths = async (baseUrl: string) => Object.keys((await http(baseUrl, null).get('/docs-json')).body.paths);
      const helpers = [
        '/v2/sandbox/orders/{order_id}/expire',
        '/v2/sandbox/orders/{order_id}/payout',
        '/v2/notifications/{event_id}/redeliver',
      ];
      expect(await paths(stack.api.baseUrl)).toEqual(expect.arrayContaining(helpers));
      const documented = await paths(production.baseUrl);
      expect(documented.filter((path) => path.startsWith('/v2/sandbox'))).toEqual([]);
      expect(documented).toContain('/v2/notifications/{event_id}/redeliver');
    });

    it('still redelivers callbacks', async () => {
      const client = await stack.newPayer();
      const { callback } = await preview(client, pixQr('10.00'));
      const response = await http(production.baseUrl, client.token).post(
        `/v2/notifications/${String(callback.headers['x-event-id'])}/redeliver`,
      );
      expect(response.status).toBe(202);
    });
  });
});
