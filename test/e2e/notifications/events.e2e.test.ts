import { randomUUID } from 'node:crypto';
import { createPaymentsClient, verifySignature, type PaymentsClient } from '../../../clients/typescript/src';
import { ClientsService } from '../../../src/auth/clients.service';
import { NotificationDeliverer } from '../../../src/notifications/notification-deliverer';
import type { NotificationEvent } from '../../../src/notifications/notification.entity';
import { NotificationOutbox } from '../../../src/notifications/notification-outbox';
import { startCallbackReceiver, type CallbackReceiver } from '../../support/callback-receiver';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { createTestClient, http, startTestApi, type TestApi, type TestClient } from '../../support/test-api';
import { until } from '../../support/until';

/**
 * Issue 29, part 2: an integrator lists every callback it was sent or is owed across orders,
 * replays the failed ones at once after an outage of its endpoint, and sends itself a signed
 * test ping. Through the HTTP API, with the worker's delivery workflow and real receivers.
 */
describe('the event log, bulk redelivery and the test ping', () => {
  let stack: PaymentStack;
  let deliverer: NotificationDeliverer;

  beforeAll(async () => {
    stack = await startPaymentStack();
    deliverer = new NotificationDeliverer(stack.api.dataSource, stack.api.app.get(ClientsService), {
      allowInsecure: true,
    });
  });
  afterAll(() => stack.close());

  type Client = TestClient & { call: ReturnType<typeof http> };
  const newClient = async (): Promise<Client> => {
    const client = await createTestClient(stack.api, `Events ${randomUUID().slice(0, 8)}`);
    return { ...client, call: http(stack.api.baseUrl, client.token) };
  };
  const typed = (client: Client): PaymentsClient =>
    createPaymentsClient({ baseUrl: stack.api.baseUrl, accessToken: client.token });

  /** A callback in the outbox, as an order's change writes it; answers its x-event-id. */
  /**
   * The log orders by creation time (then by id, which is random): callbacks made one after the
   * other get times apart, as they would be, even within one millisecond here.
   */
  let lastCreatedAt = 0;
  const nextCreatedAt = async () => {
    while (Date.now() <= lastCreatedAt) await new Promise((resolve) => setTimeout(resolve, 1));
    lastCreatedAt = Date.now();
    return new Date(lastCreatedAt);
  };

  async function callback(
    client: TestClient,
    url: string,
    event: NotificationEvent = 'PAYMENT',
    orderId = randomUUID(),
  ): Promise<string> {
    const eventId = randomUUID();
    await NotificationOutbox.enqueue(stack.api.dataSource.manager, {
      eventId,
      clientId: client.clientId,
      orderId,
      event,
      url,
      payload: { event, order_id: orderId, marker: eventId },
      createdAt: await nextCreatedAt(),
    });
    return eventId;
  }

  /** A callback whose delivery was tried and given up, as the delivery workflow does once its retry window is spent. */
  async function failedCallback(client: TestClient, url: string, event?: NotificationEvent): Promise<string> {
    const eventId = await callback(client, url, event);
    await expect(deliverer.attempt(eventId)).rejects.toThrow();
    await deliverer.giveUp(eventId, 'retry window exhausted');
    return eventId;
  }

  const ids = (body: { data: { event_id: string }[] }) => body.data.map((event) => event.event_id);

  /** A receiver that refuses every callback (503) until `up` is called, then acknowledges. */
  async function flakyReceiver(): Promise<CallbackReceiver & { up(): void }> {
    let up = false;
    const receiver = await startCallbackReceiver(() => ({ status: up ? 200 : 503 }));
    return Object.assign(receiver, { up: () => void (up = true) });
  }

  describe('GET /v2/events', () => {
    it("lists only the caller's callbacks, across orders, newest first, each with its order and attempts", async () => {
      const owner = await newClient();
      const stranger = await newClient();
      const receiver = await startCallbackReceiver((index) => ({ status: index === 0 ? 500 : 200 }));
      try {
        const first = await callback(owner, receiver.url('/a'), 'PREVIEW');
        await expect(deliverer.attempt(first)).rejects.toThrow('HTTP 500');
        await deliverer.attempt(first);
        const second = await callback(owner, receiver.url('/b'), 'PAYMENT');
        await callback(stranger, receiver.url('/c'), 'PAYMENT');

        const response = await typed(owner).GET('/v2/events');
        expect(response.response.status).toBe(200);
        expect(response.data).toEqual({
          data: [
            expect.objectContaining({ event_id: second, event: 'PAYMENT', status: 'PENDING', attempts: [] }),
            expect.objectContaining({
              event_id: first,
              order_id: expect.any(String),
              event: 'PREVIEW',
              status: 'DELIVERED',
              attempt_count: 2,
              payload: expect.objectContaining({ marker: first }),
              attempts: [
                expect.objectContaining({ attempt: 1, status_code: 500, error: 'HTTP 500', response_excerpt: null }),
                expect.objectContaining({ attempt: 2, status_code: 200, error: null }),
              ],
            }),
          ],
          has_more: false,
          next_cursor: null,
        });
        expect((await stranger.call.get('/v2/events')).body.data).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });

    it('filters by type, delivery status and creation time', async () => {
      const owner = await newClient();
      const receiver = await startCallbackReceiver();
      const closed = await startCallbackReceiver();
      const down = closed.url();
      await closed.close();
      try {
        const oldFailed = await failedCallback(owner, down, 'PAYMENT');
        const since = (await nextCreatedAt()).toISOString();
        const refund = await callback(owner, receiver.url(), 'REFUND');
        await deliverer.attempt(refund);
        const failed = await failedCallback(owner, down, 'PAYMENT');
        const pending = await callback(owner, down, 'PREVIEW');
        const before = (await nextCreatedAt()).toISOString();
        const later = await callback(owner, down, 'PREVIEW');

        const listed = async (query: string) => ids((await owner.call.get(`/v2/events?${query}`)).body);
        expect(await listed('status=FAILED')).toEqual([failed, oldFailed]);
        expect(await listed(`status=FAILED&created_after=${since}`)).toEqual([failed]);
        expect(await listed('status=DELIVERED')).toEqual([refund]);
        expect(await listed('status=PENDING')).toEqual([later, pending]);
        expect(await listed('type=PREVIEW')).toEqual([later, pending]);
        expect(await listed('type=PAYMENT&status=FAILED')).toEqual([failed, oldFailed]);
        expect(await listed(`created_after=${since}&created_before=${before}`)).toEqual([pending, failed, refund]);
        expect(await listed('type=QR_CREATED')).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('pages newest first by an opaque cursor: every event once, has_more until the last page', async () => {
      const owner = await newClient();
      const created: string[] = [];
      for (let index = 0; index < 5; index += 1) created.unshift(await callback(owner, 'https://example.com/cb'));

      const pages = [];
      let startingAfter: string | null | undefined;
      do {
        const query = `limit=2${startingAfter ? `&starting_after=${startingAfter}` : ''}`;
        const page = (await owner.call.get(`/v2/events?${query}`)).body;
        pages.push(page);
        startingAfter = page.next_cursor;
      } while (startingAfter);
      expect(pages.map(ids)).toEqual([created.slice(0, 2), created.slice(2, 4), created.slice(4)]);
      expect(pages.map((page) => page.has_more)).toEqual([true, true, false]);
      // The default page holds 20.
      expect(ids((await owner.call.get('/v2/events')).body)).toEqual(created);
    });

    it.each([
      ['limit=0', /^limit/],
      ['limit=101', /^limit/],
      ['status=LOST', /^status/],
      ['type=PING', /^type/],
      ['created_after=yesterday', /^created_after/],
      ['order_id=1', /^order_id|Unrecognized/],
      [`starting_after=${Buffer.from('["2026-01-01", "x"]').toString('base64url')}`, /^starting_after/],
      ['starting_after=%3Cnot%20a%20cursor%3E', /^starting_after/],
    ])('answers 400 naming the field for %s', async (query, field) => {
      const owner = await newClient();
      const response = await owner.call.get(`/v2/events?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.statusCode).toBe(400);
      expect(response.body.message).toEqual([expect.stringMatching(field)]);
    });

    it('answers 401 without a token', async () => {
      expect((await http(stack.api.baseUrl, null).get('/v2/events')).status).toBe(401);
      expect((await http(stack.api.baseUrl, null).post('/v2/events/redeliver', {})).status).toBe(401);
      expect(
        (await http(stack.api.baseUrl, null).post('/v2/webhooks/test', { url: 'https://example.com' })).status,
      ).toBe(401);
    });
  });

  describe('POST /v2/events/redeliver', () => {
    it('after an outage of the endpoint, replays every callback that failed since then, and only those, once per key', async () => {
      const owner = await newClient();
      const stranger = await newClient();
      const receiver = await flakyReceiver();
      try {
        const before = await failedCallback(owner, receiver.url('/before'));
        const since = (await nextCreatedAt()).toISOString();
        const failed = [
          await failedCallback(owner, receiver.url('/outage')),
          await failedCallback(owner, receiver.url('/outage'), 'REFUND'),
          await failedCallback(owner, receiver.url('/outage'), 'PREVIEW'),
        ];
        const strangers = await failedCallback(stranger, receiver.url('/stranger'));
        receiver.up();

        const request = { status: 'FAILED', created_after: since };
        const key = { 'idempotency-key': `replay-${randomUUID()}` };
        const replay = await owner.call.post('/v2/events/redeliver', request, key);
        expect(replay.status).toBe(202);
        expect(replay.body).toEqual({ queued: 3, has_more: false, next_cursor: null });

        const delivered = (eventId: string) =>
          receiver.waitFor('/outage', (c) => c.headers['x-event-id'] === eventId && c.body?.marker === eventId);
        for (const eventId of failed) {
          const received = await delivered(eventId);
          expect(verifySignature(owner.webhookSecret, received.rawBody, String(received.headers.signature))).toBe(true);
        }
        const listed = await until('the replayed callbacks listed as DELIVERED', async () => {
          const page = (await owner.call.get(`/v2/events?created_after=${since}&status=DELIVERED`)).body;
          return page.data.length === 3 && page;
        });
        expect(new Set(ids(listed))).toEqual(new Set(failed));
        // Two failed attempts, then the acknowledged redelivery.
        expect(listed.data.map((event: { attempts: unknown[] }) => event.attempts.length)).toEqual([2, 2, 2]);

        // The same key again: the first answer, nothing queued again.
        const again = await owner.call.post('/v2/events/redeliver', request, key);
        expect(again.status).toBe(202);
        expect(again.headers.get('idempotency-replay')).toBe('true');
        expect(again.body).toEqual(replay.body);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        expect(receiver.for('/outage')).toHaveLength(6);
        expect(receiver.for('/before')).toHaveLength(1);
        expect(receiver.for('/stranger')).toHaveLength(1);
        const untouched = (await owner.call.get('/v2/events?status=FAILED')).body;
        expect(ids(untouched)).toEqual([before]);
        expect((await stranger.call.get('/v2/events')).body.data).toEqual([
          expect.objectContaining({ event_id: strangers, status: 'FAILED' }),
        ]);
      } finally {
        await receiver.close();
      }
    });

    it('queues at most limit, newest first, and goes on from next_cursor', async () => {
      const owner = await newClient();
      const receiver = await startCallbackReceiver();
      try {
        const created: string[] = [];
        for (let index = 0; index < 3; index += 1) created.unshift(await callback(owner, receiver.url('/paged')));
        const first = await typed(owner).POST('/v2/events/redeliver', { body: { limit: 2 } });
        expect(first.data).toEqual({ queued: 2, has_more: true, next_cursor: expect.any(String) });
        const rest = await typed(owner).POST('/v2/events/redeliver', {
          body: { limit: 2, starting_after: first.data!.next_cursor! },
        });
        expect(rest.data).toEqual({ queued: 1, has_more: false, next_cursor: null });
        for (const eventId of created) await receiver.waitFor('/paged', (c) => c.headers['x-event-id'] === eventId);
      } finally {
        await receiver.close();
      }
    });

    it('counts each callback queued against the redeliveries quota: never more than it holds, then 429', async () => {
      const owner = await newClient();
      const receiver = await startCallbackReceiver();
      try {
        // The default redeliveries budget is 20 in 4 s: 25 matching callbacks are more than it holds.
        for (let index = 0; index < 25; index += 1) await callback(owner, receiver.url('/quota'));
        const replay = await owner.call.post('/v2/events/redeliver', { status: 'PENDING' });
        expect(replay.status).toBe(202);
        expect(replay.body).toEqual({ queued: 20, has_more: true, next_cursor: expect.any(String) });
        const refused = await owner.call.post('/v2/events/redeliver', {
          status: 'PENDING',
          starting_after: replay.body.next_cursor,
        });
        expect(refused.status).toBe(429);
        expect(refused.body.error_code).toBe('RATE_LIMITED');
        await until('20 redeliveries', () => receiver.for('/quota').length === 20);
      } finally {
        await receiver.close();
      }
    });

    it('answers 400 naming the field for a bad filter or limit', async () => {
      const owner = await newClient();
      for (const [body, field] of [
        [{ status: 'LOST' }, /^status/],
        [{ limit: 0 }, /^limit/],
        [{ limit: 101 }, /^limit/],
        [{ starting_after: 'nope' }, /^starting_after/],
        [{ order_id: randomUUID() }, /order_id|Unrecognized/],
      ] as const) {
        const response = await owner.call.post('/v2/events/redeliver', body);
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual([expect.stringMatching(field)]);
      }
    });
  });

  describe('POST /v2/webhooks/test', () => {
    it("sends a PING signed with the caller's secret, verifiable with the typed client's verifier", async () => {
      const owner = await newClient();
      const receiver = await startCallbackReceiver();
      try {
        const response = await typed(owner).POST('/v2/webhooks/test', { body: { url: receiver.url('/ping') } });
        expect(response.response.status).toBe(200);
        expect(response.data).toEqual({
          event_id: expect.any(String),
          delivered: true,
          status_code: 200,
          error: null,
          // A loopback receiver: the sandbox quotes no answer from an address that is not public.
          response_excerpt: null,
          duration_ms: expect.any(Number),
        });
        const [ping] = receiver.for('/ping');
        expect(ping!.headers['x-event-id']).toBe(response.data!.event_id);
        expect(ping!.body).toEqual({
          event: 'PING',
          event_id: response.data!.event_id,
          created_at: expect.any(String),
        });
        expect(verifySignature(owner.webhookSecret, ping!.rawBody, String(ping!.headers.signature))).toBe(true);
        expect(verifySignature(owner.webhookSecret, `${ping!.rawBody} `, String(ping!.headers.signature))).toBe(false);
        // Nothing is stored: the ping is not an event of the log.
        expect((await owner.call.get('/v2/events')).body.data).toEqual([]);
      } finally {
        await receiver.close();
      }
    });

    it('answers what the receiver did when it does not acknowledge', async () => {
      const owner = await newClient();
      const receiver = await startCallbackReceiver(() => ({ status: 500 }));
      const closed = await startCallbackReceiver();
      const down = closed.url('/gone');
      await closed.close();
      try {
        expect((await owner.call.post('/v2/webhooks/test', { url: receiver.url('/ping') })).body).toMatchObject({
          delivered: false,
          status_code: 500,
          error: 'HTTP 500',
        });
        expect((await owner.call.post('/v2/webhooks/test', { url: down })).body).toMatchObject({
          delivered: false,
          status_code: null,
          error: 'connection failed',
        });
      } finally {
        await receiver.close();
      }
    });

    it('answers 400 naming url for what no notification_url may be', async () => {
      const owner = await newClient();
      for (const url of ['not a url', 'ftp://example.com/x', 'https://user:pass@example.com/x']) {
        const response = await owner.call.post('/v2/webhooks/test', { url });
        expect(response.status).toBe(400);
        expect(response.body.message).toEqual([expect.stringMatching(/^url/)]);
      }
    });

    describe('in production (ALLOW_INSECURE_CALLBACKS=false)', () => {
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

      it('refuses plain http, loopback, private and metadata addresses as notification_url is refused, sending nothing', async () => {
        const owner = await createTestClient(production, 'Production pinger');
        const call = http(production.baseUrl, owner.token);
        const receiver = await startCallbackReceiver();
        try {
          const port = new URL(receiver.url()).port;
          for (const [url, problem] of [
            [receiver.url('/ping'), 'url: must be an https URL'],
            [
              `https://127.0.0.1:${port}/ping`,
              'url: must not point to a loopback, private or other non-public address',
            ],
            [
              `https://localhost:${port}/ping`,
              'url: must not point to a loopback, private or other non-public address',
            ],
            ['https://10.0.0.1/ping', 'url: must not point to a loopback, private or other non-public address'],
            [
              'https://169.254.169.254/latest',
              'url: must not point to a loopback, private or other non-public address',
            ],
            ['https://[::ffff:7f00:1]/ping', 'url: must not point to a loopback, private or other non-public address'],
          ]) {
            const response = await call.post('/v2/webhooks/test', { url });
            expect(response.status).toBe(400);
            expect(response.body).toMatchObject({
              statusCode: 400,
              message: [problem],
              errors: [{ field: 'url', code: 'INVALID' }],
            });
          }
          expect(receiver.connections).toBe(0);
        } finally {
          await receiver.close();
        }
      });
    });
  });
});
