import { randomUUID } from 'node:crypto';
import { ClientsService } from '../../../src/auth/clients.service';
import { NotificationDeliverer } from '../../../src/notifications/notification-deliverer';
import { NotificationOutbox } from '../../../src/notifications/notification-outbox';
import { signPayload } from '../../../src/notifications';
import { callbackEnvelope, startCallbackReceiver } from '../../support/callback-receiver';
import { createTestClient, http, startTestApi, TestApi, TestClient } from '../../support/test-api';

describe('notifications API', () => {
  let api: TestApi;
  let owner: TestClient;
  let other: TestClient;

  beforeAll(async () => {
    api = await startTestApi();
    owner = await createTestClient(api, 'Notified');
    other = await createTestClient(api, 'Someone else');
  });
  afterAll(() => api.close());

  const enqueue = (client: TestClient, orderId: string, url: string, payload: object) =>
    NotificationOutbox.enqueue(api.dataSource.manager, {
      eventId: randomUUID(),
      clientId: client.clientId,
      orderId,
      event: 'PAYMENT',
      url,
      payload,
      createdAt: new Date(),
    }).then(() => undefined);

  describe('GET /v2/notifications', () => {
    it("lists the caller's callbacks for an order with the parsed payload and every attempt", async () => {
      const receiver = await startCallbackReceiver((index) => ({ status: index === 0 ? 500 : 200 }));
      try {
        const orderId = randomUUID();
        await enqueue(owner, orderId, receiver.url(), {
          event: 'PAYMENT',
          order_id: orderId,
          status: 'COMPLETED',
          version: '2',
        });
        const [{ id: eventId }] = await api.dataSource.query('SELECT id FROM notifications WHERE order_id = $1', [
          orderId,
        ]);
        const deliverer = new NotificationDeliverer(api.dataSource, api.app.get(ClientsService), {
          allowInsecure: true,
        });
        await expect(deliverer.attempt(eventId)).rejects.toThrow('HTTP 500');
        await deliverer.attempt(eventId);

        const response = await http(api.baseUrl, owner.token).get(`/v2/notifications?order_id=${orderId}`);
        expect(response.status).toBe(200);
        expect(response.body).toEqual([
          {
            event_id: eventId,
            event: 'PAYMENT',
            url: receiver.url(),
            status: 'DELIVERED',
            attempt_count: 2,
            created_at: expect.any(String),
            delivered_at: expect.any(String),
            last_error: null,
            payload: {
              event: 'PAYMENT',
              order_id: orderId,
              status: 'COMPLETED',
              version: '2',
              webhook: callbackEnvelope('PAYMENT', eventId),
            },
            attempts: [
              {
                attempt: 1,
                started_at: expect.any(String),
                duration_ms: expect.any(Number),
                status_code: 500,
                error: 'HTTP 500',
                response_excerpt: null,
              },
              {
                attempt: 2,
                started_at: expect.any(String),
                duration_ms: expect.any(Number),
                status_code: 200,
                error: null,
                response_excerpt: null,
              },
            ],
          },
        ]);
      } finally {
        await receiver.close();
      }
    });

    it('shows a generic reason for a failed connection, never the network error that would map our ports', async () => {
      const closed = await startCallbackReceiver();
      const url = closed.url();
      await closed.close();
      const orderId = randomUUID();
      await enqueue(owner, orderId, url, { event: 'PAYMENT', order_id: orderId });
      const [{ id: eventId }] = await api.dataSource.query('SELECT id FROM notifications WHERE order_id = $1', [
        orderId,
      ]);
      const deliverer = new NotificationDeliverer(api.dataSource, api.app.get(ClientsService), { allowInsecure: true });
      await expect(deliverer.attempt(eventId)).rejects.toThrow('ECONNREFUSED');

      const [listed] = (await http(api.baseUrl, owner.token).get(`/v2/notifications?order_id=${orderId}`)).body;
      expect(listed).toMatchObject({
        status: 'PENDING',
        last_error: 'connection failed',
        attempts: [{ attempt: 1, status_code: null, error: 'connection failed' }],
      });
      expect(JSON.stringify(listed)).not.toMatch(/ECONN|127\.0\.0\.1:\d+ /);
    });

    it("does not return another client's notifications: their order reads as one without any", async () => {
      const orderId = randomUUID();
      await enqueue(other, orderId, 'https://example.com/cb', { event: 'PAYMENT' });
      const response = await http(api.baseUrl, owner.token).get(`/v2/notifications?order_id=${orderId}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual([]);
      expect((await http(api.baseUrl, other.token).get(`/v2/notifications?order_id=${orderId}`)).body).toHaveLength(1);
    });

    it.each([
      ['missing', ''],
      ['not a uuid', '?order_id=123'],
      ['with an unknown parameter', `?order_id=${randomUUID()}&status=DELIVERED`],
    ])('answers 400 naming the field when order_id is %s', async (_, query) => {
      const response = await http(api.baseUrl, owner.token).get(`/v2/notifications${query}`);
      expect(response.status).toBe(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toEqual([expect.stringMatching(/^(order_id|status)/)]);
    });

    it('answers 401 without a token', async () => {
      const response = await http(api.baseUrl, null).get(`/v2/notifications?order_id=${randomUUID()}`);
      expect(response.status).toBe(401);
      expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
    });
  });

  describe('POST /v2/notifications/verify', () => {
    const body = '{"event":"PAYMENT","amount":10.50,"status":"COMPLETED"}';
    const now = () => Math.floor(Date.now() / 1000);

    it("answers valid: true for a raw body signed with the caller's webhook secret", async () => {
      const response = await http(api.baseUrl, owner.token).post('/v2/notifications/verify', {
        payload: body,
        signature: signPayload(owner.webhookSecret, body, now()),
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ valid: true });
    });

    it('accepts an object payload, which only matches when re-serialising gives back the signed bytes', async () => {
      const payload = { event: 'PAYMENT', status: 'COMPLETED' };
      const exact = signPayload(owner.webhookSecret, JSON.stringify(payload), now());
      expect(
        (await http(api.baseUrl, owner.token).post('/v2/notifications/verify', { payload, signature: exact })).body,
      ).toEqual({ valid: true });
      // 10.50 comes back from JSON.parse as 10.5: the raw string is the reliable form.
      const lossy = signPayload(owner.webhookSecret, body, now());
      expect(
        (
          await http(api.baseUrl, owner.token).post('/v2/notifications/verify', {
            payload: JSON.parse(body),
            signature: lossy,
          })
        ).body,
      ).toEqual({ valid: false });
    });

    it('answers valid: false for a tampered body, another client’s secret, a stale signature or a malformed header', async () => {
      const cases = [
        { payload: body.replace('10.50', '1.50'), signature: signPayload(owner.webhookSecret, body, now()) },
        { payload: body, signature: signPayload(other.webhookSecret, body, now()) },
        { payload: body, signature: signPayload(owner.webhookSecret, body, now() - 3600) },
        { payload: body, signature: 'garbage' },
      ];
      for (const request of cases) {
        const response = await http(api.baseUrl, owner.token).post('/v2/notifications/verify', request);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ valid: false });
      }
    });

    it('answers 400 for a missing signature or an unknown field', async () => {
      for (const request of [{ payload: body }, { payload: body, signature: 't=1,v1=ab', extra: true }]) {
        const response = await http(api.baseUrl, owner.token).post('/v2/notifications/verify', request);
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual([expect.stringMatching(/^(signature|extra)/)]);
      }
    });

    it('answers 401 without a token', async () => {
      const response = await http(api.baseUrl, null).post('/v2/notifications/verify', {
        payload: body,
        signature: 'x',
      });
      expect(response.status).toBe(401);
    });
  });
});
