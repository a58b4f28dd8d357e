import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { standardWebhooksSecret, verifyCallback } from '../../../src/notifications';
import { REMEMBER_SECRETS_MS } from '../../../src/notifications/remembered-secrets';
import type { ReceivedCallback } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { http } from '../../support/test-api';
import { createHierarchy } from '../merchants/merchant-fixtures';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 29, part 4, through the HTTP API to a real receiver: an integrator rotates its webhook
 * secret; its callbacks verify with the old secret before, with either during the overlap
 * (both signatures on each), with the new one only after.
 */
describe('webhook secret rotation', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  /** Which of these secrets the callback verifies with, by the spec's header (v2) and by Standard Webhooks. */
  function verifiedBy(callback: ReceivedCallback, secrets: Record<string, string>): string[] {
    const eventId = String(callback.headers['x-event-id']);
    const headers = {
      'webhook-id': String(callback.headers['webhook-id']),
      'webhook-timestamp': String(callback.headers['webhook-timestamp']),
      'webhook-signature': String(callback.headers['webhook-signature']),
    };
    return Object.entries(secrets)
      .filter(([, secret]) => {
        const spec = verifyCallback(secret, {
          eventId,
          rawBody: callback.rawBody,
          signature: String(callback.headers.signature),
        });
        let standard = true;
        try {
          new Webhook(standardWebhooksSecret(secret)).verify(callback.rawBody, headers);
        } catch {
          standard = false;
        }
        // The two schemes always agree.
        expect([eventId, spec]).toEqual([eventId, standard]);
        return spec;
      })
      .map(([name]) => name);
  }

  it('signs with the old secret before, both during the overlap, the new one only after', async () => {
    const client = await stack.newPayer({});
    const { posUuid } = await createHierarchy(client.call);
    const path = `/rotation/${randomUUID()}`;
    const created = await client.call.post('/v2/qr', {
      pos_uuid: posUuid,
      external_reference: `qr-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      amount: '10.00',
    });
    expect(created.status).toBe(201);
    const first = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_CREATED');
    const eventId = String(first.headers['x-event-id']);
    const old = client.webhookSecret;

    /** Asks for a redelivery of the callback and answers the attempt that comes of it. */
    async function redelivered(): Promise<ReceivedCallback> {
      const seen = stack.receiver.for(path).length;
      expect((await client.call.post(`/v2/notifications/${eventId}/redeliver`, {})).status).toBe(202);
      return stack.receiver.waitFor(path, (c) => stack.receiver.for(path).indexOf(c) >= seen);
    }
    const verifyRoute = async (callback: ReceivedCallback) =>
      (
        await client.call.post('/v2/notifications/verify', {
          payload: callback.rawBody,
          signature: String(callback.headers.signature),
          event_id: eventId,
        })
      ).body;

    // Before: the old secret.
    expect(verifiedBy(first, { old })).toEqual(['old']);

    const rotation = await client.call.post('/v2/notifications/webhook-secret/rotate', { overlap_seconds: 20 });
    expect(rotation.status).toBe(200);
    expect(rotation.body).toEqual({
      webhook_secret: expect.stringMatching(/^whsec_[\w-]{43}$/),
      previous_secret_valid_until: expect.any(String),
    });
    const fresh: string = rotation.body.webhook_secret;
    expect(fresh).not.toBe(old);

    // During: a worker reads a client's secrets again within REMEMBER_SECRETS_MS; from then on, both sign.
    await sleep(REMEMBER_SECRETS_MS + 500);
    const during = await redelivered();
    expect(String(during.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(String(during.headers.signature).match(/v2=/g)).toHaveLength(2);
    expect(verifiedBy(during, { old, fresh })).toEqual(['old', 'fresh']);
    expect(await verifyRoute(during)).toEqual({ valid: true });
    // A callback signed before the rotation, with the old secret alone, still verifies during the overlap.
    expect(await verifyRoute(first)).toEqual({ valid: true });

    // After: the overlap is over, only the new secret signs.
    await sleep(Math.max(0, Date.parse(rotation.body.previous_secret_valid_until) - Date.now()) + 500);
    const after = await redelivered();
    expect(String(after.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verifiedBy(after, { old, fresh })).toEqual(['fresh']);
    expect(await verifyRoute(after)).toEqual({ valid: true });
    // The route no longer takes a signature of the old secret alone.
    expect(await verifyRoute(first)).toEqual({ valid: false });
  });

  it('stops the old secret at once with overlap_seconds 0, and refuses a bad overlap or no token', async () => {
    const client = await stack.newPayer({});
    const rotated = await client.call.post('/v2/notifications/webhook-secret/rotate', { overlap_seconds: 0 });
    expect(rotated.body).toEqual({ webhook_secret: expect.any(String), previous_secret_valid_until: null });

    const byDefault = await client.call.post('/v2/notifications/webhook-secret/rotate', {});
    const overlap = Date.parse(byDefault.body.previous_secret_valid_until) - Date.now();
    expect(Math.abs(overlap - 86_400_000)).toBeLessThan(60_000);

    for (const body of [{ overlap_seconds: -1 }, { overlap_seconds: 604_801 }, { overlap_seconds: 1.5 }, { x: 1 }]) {
      const refused = await client.call.post('/v2/notifications/webhook-secret/rotate', body);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toEqual([expect.stringMatching(/^(overlap_seconds|x|body)/)]);
    }
    expect((await http(stack.api.baseUrl, null).post('/v2/notifications/webhook-secret/rotate', {})).status).toBe(401);
  });
});
