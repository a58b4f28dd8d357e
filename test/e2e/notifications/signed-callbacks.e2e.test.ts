import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { CallbackVerificationError, parseCallback } from '../../../clients/typescript/src';
import { standardWebhooksSecret, verifyCallback, verifySignature } from '../../../src/notifications';
import type { ReceivedCallback } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';
import { createHierarchy } from '../merchants/merchant-fixtures';

/**
 * Issue 29, part 3: every kind of callback, through the HTTP API to a real receiver, says what it
 * is (its `webhook` envelope) and is signed over its event id as well as its body: the
 * `signature` header's v2 and the Standard Webhooks headers both refuse a changed id.
 */
describe('signed callbacks', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  const headerOf = (callback: ReceivedCallback, name: string) => String(callback.headers[name]);

  /** What every attempt of every kind must carry, checked with the integrator's tools. */
  async function expectSignedWhole(callback: ReceivedCallback, secret: string, type: string, token: string) {
    const eventId = headerOf(callback, 'x-event-id');
    const rawBody = callback.rawBody;
    const signature = headerOf(callback, 'signature');
    expect(callback.headers['webhook-id']).toBe(eventId);
    expect(Number(headerOf(callback, 'webhook-timestamp'))).toBe(Number(/t=(\d+)/.exec(signature)![1]));
    expect(callback.body).toMatchObject({
      version: '2',
      webhook: { id: eventId, type, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), version: '2' },
    });

    // The spec's header: v2 covers the id, v1 (still in its window) the body alone.
    expect(verifyCallback(secret, { eventId, rawBody, signature })).toBe(true);
    expect(verifyCallback(secret, { eventId: randomUUID(), rawBody, signature })).toBe(false);
    expect(verifySignature(secret, rawBody, signature)).toBe(true);

    // Standard Webhooks, checked by its own library.
    const standard = new Webhook(standardWebhooksSecret(secret));
    const headers = {
      'webhook-id': eventId,
      'webhook-timestamp': headerOf(callback, 'webhook-timestamp'),
      'webhook-signature': headerOf(callback, 'webhook-signature'),
    };
    expect(standard.verify(rawBody, headers)).toEqual(callback.body);
    expect(() => standard.verify(rawBody, { ...headers, 'webhook-id': randomUUID() })).toThrow();

    // The typed client parses it, typed by its kind; a changed id is refused.
    expect(parseCallback(secret, { eventId, rawBody, signature }).webhook.type).toBe(type);
    expect(() => parseCallback(secret, { eventId: randomUUID(), rawBody, signature })).toThrow(
      CallbackVerificationError,
    );

    // And the verification route: with the event id it checks v2.
    const verify = (event_id: string) =>
      http(stack.api.baseUrl, token).post('/v2/notifications/verify', { payload: rawBody, signature, event_id });
    expect((await verify(eventId)).body).toEqual({ valid: true });
    expect((await verify(randomUUID())).body).toEqual({ valid: false });
  }

  it('sends every kind with its envelope and signatures covering the id; the refund callback names its refund', async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const collectorPath = `/collector/${randomUUID()}`;
    const created = (
      await collector.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(collectorPath),
        amount: '100.00',
      })
    ).body;
    const qrCreated = await stack.receiver.waitFor(collectorPath, (c) => c.body.event === 'QR_CREATED');
    // The Collections API's own `event` string stays where it was.
    expect(qrCreated.body.event).toBe('QR_CREATED');
    await expectSignedWhole(qrCreated, collector.webhookSecret, 'QR_CREATED', collector.token);

    const client = await stack.newPayer({ USD: '1000.00' });
    const path = `/payer/${randomUUID()}`;
    await client.call.post('/v2/payments/previews', {
      qr: created.qr,
      external_reference: `pay-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    await expectSignedWhole(preview, client.webhookSecret, 'PREVIEW', client.token);

    await client.call.post('/v2/payments', {
      order_id: created.order_id,
      status: 'accepted',
      notification_url: stack.receiver.url(path),
    });
    const payment = await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    await expectSignedWhole(payment, client.webhookSecret, 'PAYMENT', client.token);
    const collectorPayment = await stack.receiver.waitFor(collectorPath, (c) => c.body.status === 'COMPLETED');
    await expectSignedWhole(collectorPayment, collector.webhookSecret, 'PAYMENT', collector.token);

    const refund = await collector.call.post('/v2/qr/refund', { order_id: created.order_id, amount: '40.00' });
    expect(refund.status).toBe(201);
    const refunded = await stack.receiver.waitFor(path, (c) => c.body.status === 'PARTIALLY_REFUNDED');
    expect(refunded.body).toMatchObject({ order_id: created.order_id, amount: 40, refund_id: refund.body.refund_id });
    await expectSignedWhole(refunded, client.webhookSecret, 'REFUND', client.token);
    const rest = await collector.call.post('/v2/qr/refund', { order_id: created.order_id });
    const collectorRefund = await stack.receiver.waitFor(collectorPath, (c) => c.body.status === 'REFUNDED');
    expect(collectorRefund.body.refund_id).toBe(rest.body.refund_id);
    expect(rest.body.refund_id).not.toBe(refund.body.refund_id);
    await expectSignedWhole(collectorRefund, collector.webhookSecret, 'REFUND', collector.token);

    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '2' });
    const expiring = (
      await http(shortLived.baseUrl, collector.token).post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(collectorPath),
        amount: '10.00',
      })
    ).body;
    const expired = await stack.receiver.waitFor(collectorPath, (c) => c.body.event === 'QR_EXPIRED');
    expect(expired.body.order_id).toBe(expiring.order_id);
    await expectSignedWhole(expired, collector.webhookSecret, 'QR_EXPIRED', collector.token);
  });

  it('lists the envelope in the delivery log, as sent', async () => {
    const collector = await stack.newPayer({});
    const { posUuid } = await createHierarchy(collector.call);
    const collectorPath = `/collector/${randomUUID()}`;
    const created = (
      await collector.call.post('/v2/qr', {
        pos_uuid: posUuid,
        external_reference: `qr-${randomUUID()}`,
        notification_url: stack.receiver.url(collectorPath),
        amount: '12.00',
      })
    ).body;
    const sent = await stack.receiver.waitFor(collectorPath, (c) => c.body.event === 'QR_CREATED');
    const [listed] = (await collector.call.get(`/v2/notifications?order_id=${created.order_id}`)).body;
    expect(listed.event_id).toBe(sent.headers['x-event-id']);
    expect(listed.payload).toEqual(sent.body);
    expect(listed.created_at).toBe(sent.body.webhook.created_at);
  });
});
