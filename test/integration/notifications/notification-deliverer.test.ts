import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { ApplicationFailure } from '@temporalio/common';
import { createNotificationActivities, deliverEach } from '../../../activities/notifications.activities';
import { CreatedClient } from '../../../src/auth/clients.service';
import { NewNotification, NotificationOutbox } from '../../../src/notifications/notification-outbox';
import { CallbackNotAcknowledgedError, NotificationDeliverer } from '../../../src/notifications/notification-deliverer';
import { verifySignature } from '../../../src/notifications';
import { serviceRegistry } from '../../../src/observability/metrics';
import { callbackEnvelope, startCallbackReceiver } from '../../support/callback-receiver';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';
import { openNotificationKit } from './notification-test-kit';

/** One attempt at a time, against a real receiver and the real database; retries are tested with Temporal. */
describe('notification delivery attempts', () => {
  let kit: Awaited<ReturnType<typeof openNotificationKit>>;
  let client: CreatedClient;
  let activities: ReturnType<typeof createNotificationActivities>;

  beforeAll(async () => {
    kit = await openNotificationKit();
    client = await kit.clients.create({ name: 'Delivery attempts' });
    activities = createNotificationActivities({ dataSource: kit.dataSource, env: kit.env });
  });
  afterAll(() => kit.close());

  it('POSTs the stored body with a valid signature, x-event-id and JSON content type, and records the acknowledgement', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 204 }));
    try {
      const eventId = await kit.enqueue(client, receiver.url(), {
        event: 'PAYMENT',
        amount: 10.5,
        message: 'Pago recibido ✓',
      });
      await activities.deliverNotification(eventId);

      expect(receiver.received).toHaveLength(1);
      const [callback] = receiver.received;
      expect(JSON.parse(callback!.rawBody)).toEqual({
        event: 'PAYMENT',
        amount: 10.5,
        message: 'Pago recibido ✓',
        version: '2',
        webhook: callbackEnvelope('PAYMENT', eventId),
      });
      expect(callback!.headers['content-type']).toBe('application/json');
      expect(callback!.headers['x-event-id']).toBe(eventId);
      expect(callback!.headers['user-agent']).toMatch(/^CrossBorderPayments-Webhooks\//);
      expect(verifySignature(client.webhookSecret, callback!.rawBody, callback!.headers.signature as string)).toBe(
        true,
      );

      const stored = await kit.notification(eventId);
      expect(stored).toMatchObject({ status: 'DELIVERED', attemptCount: 1, lastError: null });
      expect(stored.deliveredAt).toBeInstanceOf(Date);
      expect(await kit.attempts(eventId)).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 204, error: null, durationMs: expect.any(Number) }),
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('never resends a delivered notification when the activity runs again', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    try {
      const eventId = await kit.enqueue(client, receiver.url());
      await activities.deliverNotification(eventId);
      await activities.deliverNotification(eventId);
      expect(receiver.received).toHaveLength(1);
      expect((await kit.notification(eventId)).attemptCount).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('sends a delivered notification again for a redelivery, signed afresh, and records it as one more attempt', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    try {
      const eventId = await kit.enqueue(client, receiver.url());
      await activities.deliverNotification(eventId);
      await activities.deliverNotification(eventId, 1);
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received[1]!.rawBody).toBe(receiver.received[0]!.rawBody);
      expect(receiver.received[1]!.headers['x-event-id']).toBe(eventId);
      expect(
        verifySignature(
          client.webhookSecret,
          receiver.received[1]!.rawBody,
          receiver.received[1]!.headers.signature as string,
        ),
      ).toBe(true);
      expect(await kit.notification(eventId)).toMatchObject({ status: 'DELIVERED', attemptCount: 2 });
      expect((await kit.attempts(eventId)).map((attempt) => attempt.attempt)).toEqual([1, 2]);
    } finally {
      await receiver.close();
    }
  });

  it('ends a redelivery once an attempt after its request was acknowledged, and retries it until then', async () => {
    const receiver = await startCallbackReceiver((index) => ({ status: index === 1 ? 503 : 200 }));
    try {
      const eventId = await kit.enqueue(client, receiver.url());
      await activities.deliverNotification(eventId);
      await expect(activities.deliverNotification(eventId, 1)).rejects.toThrow('HTTP 503');
      await activities.deliverNotification(eventId, 1);
      // Its result lost, the activity runs again: attempt 3 was acknowledged, nothing is sent.
      await activities.deliverNotification(eventId, 1);
      expect(receiver.received).toHaveLength(3);
      expect((await kit.attempts(eventId)).map((attempt) => [attempt.attempt, attempt.statusCode])).toEqual([
        [1, 200],
        [2, 503],
        [3, 200],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('does not follow a redirect: a 302 is a recorded, retryable failure and the target is never called', async () => {
    const receiver = await startCallbackReceiver((_, request) =>
      request.path === '/moved' ? { status: 302, headers: { location: '/elsewhere' } } : { status: 200 },
    );
    try {
      const eventId = await kit.enqueue(client, receiver.url('/moved'));
      const failure = await activities.deliverNotification(eventId).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApplicationFailure);
      expect(failure).toMatchObject({ type: 'CallbackNotAcknowledged', nonRetryable: false });

      expect(receiver.received.map((request) => request.path)).toEqual(['/moved']);
      expect(await kit.attempts(eventId)).toEqual([
        expect.objectContaining({ attempt: 1, statusCode: 302, error: 'HTTP 302 redirect to /elsewhere not followed' }),
      ]);
      expect(await kit.notification(eventId)).toMatchObject({
        status: 'PENDING',
        attemptCount: 1,
        lastError: 'HTTP 302 redirect to /elsewhere not followed',
      });
    } finally {
      await receiver.close();
    }
  });

  it('records a refused connection as a retryable "connection failed", keeping the cause for our logs only', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    const url = receiver.url();
    await receiver.close();
    const eventId = await kit.enqueue(client, url);
    const failure = await activities.deliverNotification(eventId).catch((error: unknown) => error);
    expect(failure).toMatchObject({ type: 'CallbackNotAcknowledged', nonRetryable: false });
    // The activity's failure is what the worker logs and Temporal's history keep.
    expect((failure as Error).message).toContain('ECONNREFUSED');
    expect(await kit.attempts(eventId)).toEqual([
      expect.objectContaining({ statusCode: null, error: 'connection failed' }),
    ]);
    expect(await kit.notification(eventId)).toMatchObject({ lastError: 'connection failed' });
  });

  it("sends a closing step's callbacks it has just written as written, and reads back only those it did not write", async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    try {
      const written: NewNotification = {
        eventId: randomUUID(),
        clientId: client.clientId,
        orderId: randomUUID(),
        event: 'PAYMENT',
        url: receiver.url(),
        payload: { event: 'PAYMENT', status: 'COMPLETED', message: 'Pago recibido ✓' },
        createdAt: new Date(),
      };
      await NotificationOutbox.enqueue(kit.dataSource.manager, written);
      // A retried step's callback, acknowledged by its first run: read back, found delivered, not sent again.
      const earlier = await kit.enqueue(client, receiver.url());
      await activities.deliverNotification(earlier);
      const reads: unknown[] = [];
      const watched = new Proxy(kit.dataSource, {
        get: (target, property) =>
          property === 'query'
            ? (sql: string, parameters?: unknown[]) => {
                if (sql.startsWith('SELECT')) reads.push(parameters?.[0]);
                return target.query(sql, parameters);
              }
            : Reflect.get(target, property),
      });
      const deliver = deliverEach(new NotificationDeliverer(watched, kit.clients, { allowInsecure: true }));

      expect(await deliver([written.eventId, earlier], [written])).toEqual([]);
      expect(reads).toEqual([earlier]);

      expect(receiver.received.map((callback) => callback.headers['x-event-id'])).toEqual([earlier, written.eventId]);
      const sent = receiver.received[1]!;
      const stored = await kit.dataSource.query('SELECT body FROM notifications WHERE id = $1', [written.eventId]);
      expect(sent.rawBody).toBe(stored[0].body);
      expect(verifySignature(client.webhookSecret, sent.rawBody, sent.headers.signature as string)).toBe(true);
      expect(await kit.notification(written.eventId)).toMatchObject({ status: 'DELIVERED', attemptCount: 1 });
      expect(await kit.notification(earlier)).toMatchObject({ status: 'DELIVERED', attemptCount: 1 });
    } finally {
      await receiver.close();
    }
  });

  it('gives up on a receiver that does not answer within the timeout', async () => {
    const receiver = await startCallbackReceiver(() => 'hang');
    try {
      const deliverer = new NotificationDeliverer(kit.dataSource, kit.clients, { allowInsecure: true, timeoutMs: 300 });
      const eventId = await kit.enqueue(client, receiver.url());
      await expect(deliverer.attempt(eventId)).rejects.toBeInstanceOf(CallbackNotAcknowledgedError);
      const [attempt] = await kit.attempts(eventId);
      expect(attempt).toMatchObject({ statusCode: null, error: 'timeout' });
      expect(attempt!.durationMs).toBeGreaterThanOrEqual(250);
    } finally {
      await receiver.close();
    }
  });

  describe("the start of the receiver's answer (response_excerpt)", () => {
    const page = `<html>\u0000${'ü'.repeat(200)}</html>`;

    it('keeps its first 256 bytes as text, a NUL and a cut character replaced, when the answer came from a quoted address', async () => {
      const receiver = await startCallbackReceiver(() => ({ status: 500, body: page }));
      try {
        // Loopback stands for a public receiver here: which addresses are quoted is the deliverer's option.
        const deliverer = new NotificationDeliverer(kit.dataSource, kit.clients, {
          allowInsecure: true,
          quotesAnswersFrom: () => true,
        });
        const eventId = await kit.enqueue(client, receiver.url());
        await expect(deliverer.attempt(eventId)).rejects.toThrow('HTTP 500');
        const [attempt] = await kit.attempts(eventId);
        const expected = Buffer.from(page).subarray(0, 256).toString('utf8').replace('\u0000', '\uFFFD');
        expect(attempt).toMatchObject({ statusCode: 500, error: 'HTTP 500', responseExcerpt: expected });
        expect(attempt!.responseExcerpt!.length).toBeLessThanOrEqual(256);
        expect(attempt!.responseExcerpt!.endsWith('\uFFFD')).toBe(true);
      } finally {
        await receiver.close();
      }
    });

    it('quotes no answer from an address that is not public, the default: a callback URL must not read internal hosts', async () => {
      const receiver = await startCallbackReceiver(() => ({ status: 200, body: 'internal secret' }));
      try {
        const eventId = await kit.enqueue(client, receiver.url());
        await activities.deliverNotification(eventId);
        expect(await kit.attempts(eventId)).toEqual([
          expect.objectContaining({ statusCode: 200, error: null, responseExcerpt: null }),
        ]);
      } finally {
        await receiver.close();
      }
    });
  });

  describe('in production (ALLOW_INSECURE_CALLBACKS=false), checking the address connected to', () => {
    /** Resolves every name to the receiver's loopback address: an integrator's DNS pointing inside our network. */
    const toLoopback: LookupFunction = (_hostname, options, callback) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);

    it('refuses, before connecting, a host name that resolves to an internal address', async () => {
      const receiver = await startCallbackReceiver(() => ({ status: 200 }));
      try {
        const strict = new NotificationDeliverer(kit.dataSource, kit.clients, {
          allowInsecure: false,
          resolve: toLoopback,
        });
        const port = new URL(receiver.url()).port;
        const eventId = await kit.enqueue(client, `https://hooks.integrator.example:${port}/callbacks`);
        const failure = await strict.attempt(eventId).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(CallbackNotAcknowledgedError);
        expect((failure as Error).message).toContain(
          'hooks.integrator.example resolves to 127.0.0.1, which is not a public address',
        );
        expect(receiver.connections).toBe(0);
        expect(await kit.attempts(eventId)).toEqual([
          expect.objectContaining({ statusCode: null, error: 'connection failed' }),
        ]);
      } finally {
        await receiver.close();
      }
    });

    it.each(['localhost.', '[::ffff:127.0.0.1]', '[64:ff9b::7f00:1]', '[::127.0.0.1]'])(
      'refuses https://%s without retry and without connecting',
      async (host) => {
        const receiver = await startCallbackReceiver(() => ({ status: 200 }));
        try {
          const strict = createNotificationActivities({
            dataSource: kit.dataSource,
            env: { ...kit.env, ALLOW_INSECURE_CALLBACKS: false },
          });
          const eventId = await kit.enqueue(client, `https://${host}:${new URL(receiver.url()).port}/callbacks`);
          await expect(strict.deliverNotification(eventId)).rejects.toMatchObject({
            type: 'CallbackUndeliverable',
            nonRetryable: true,
          });
          expect(receiver.connections).toBe(0);
          expect(await kit.attempts(eventId)).toEqual([
            expect.objectContaining({
              error: 'notification_url must not point to a loopback, private or other non-public address',
            }),
          ]);
        } finally {
          await receiver.close();
        }
      },
    );
  });

  it('fails without retry when the notification does not exist', async () => {
    await expect(activities.deliverNotification(randomUUID())).rejects.toMatchObject({
      type: 'CallbackUndeliverable',
      nonRetryable: true,
    });
  });

  it('fails without retry, and records why, when the URL is refused by the production policy at delivery time', async () => {
    const strict = createNotificationActivities({
      dataSource: kit.dataSource,
      env: { ...kit.env, ALLOW_INSECURE_CALLBACKS: false },
    });
    const eventId = await kit.enqueue(client, 'http://127.0.0.1:9/callbacks');
    await expect(strict.deliverNotification(eventId)).rejects.toMatchObject({
      type: 'CallbackUndeliverable',
      nonRetryable: true,
    });
    expect(await kit.attempts(eventId)).toEqual([
      expect.objectContaining({ statusCode: null, error: 'notification_url must be an https URL' }),
    ]);
  });

  it('fails without retry when the signing client no longer exists', async () => {
    const eventId = await kit.enqueue(client, 'http://127.0.0.1:9/callbacks');
    const withoutClient = createNotificationActivities({
      dataSource: kit.dataSource,
      env: kit.env,
      // The real lookup of an id with no client row, as if the client had been deleted.
      clients: { webhookSecrets: () => kit.clients.webhookSecrets(randomUUID()) },
    });
    await expect(withoutClient.deliverNotification(eventId)).rejects.toMatchObject({
      type: 'CallbackUndeliverable',
      nonRetryable: true,
    });
  });

  it('counts each attempt by event and outcome: delivered, failed (retried) or undeliverable; a resend that is skipped is no attempt', async () => {
    const counted = async (outcome: string) =>
      valueOf(parseExposition(await serviceRegistry.metrics()), 'cbp_callback_deliveries_total', {
        event: 'PAYMENT',
        outcome,
      });
    const outcomes = ['delivered', 'failed', 'undeliverable'];
    const before = await Promise.all(outcomes.map(counted));
    const receiver = await startCallbackReceiver((_, request) => ({ status: request.path === '/down' ? 500 : 200 }));
    try {
      const delivered = await kit.enqueue(client, receiver.url('/up'));
      await activities.deliverNotification(delivered);
      await activities.deliverNotification(delivered);
      await expect(
        activities.deliverNotification(await kit.enqueue(client, receiver.url('/down'))),
      ).rejects.toMatchObject({ nonRetryable: false });
      const strict = createNotificationActivities({
        dataSource: kit.dataSource,
        env: { ...kit.env, ALLOW_INSECURE_CALLBACKS: false },
      });
      await expect(strict.deliverNotification(await kit.enqueue(client, receiver.url('/up')))).rejects.toMatchObject({
        nonRetryable: true,
      });
    } finally {
      await receiver.close();
    }
    expect(await Promise.all(outcomes.map(counted))).toEqual(before.map((count) => count + 1));
  });

  it('keeps the first body when the same event is enqueued again (a retried transition)', async () => {
    const eventId = randomUUID();
    const notification = {
      eventId,
      clientId: client.clientId,
      orderId: randomUUID(),
      event: 'PAYMENT' as const,
      url: 'https://example.com/cb',
      createdAt: new Date('2026-11-27T18:00:00.000Z'),
    };
    const inserted = await kit.dataSource.transaction((tx) =>
      NotificationOutbox.enqueue(tx, { ...notification, payload: { status: 'PROCESSING' } }),
    );
    const again = await kit.dataSource.transaction((tx) =>
      NotificationOutbox.enqueue(tx, { ...notification, payload: { status: 'CHANGED' } }),
    );
    expect([inserted, again]).toEqual([true, false]);
    expect(JSON.parse((await kit.notification(eventId)).body)).toMatchObject({ status: 'PROCESSING' });
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const eventId = randomUUID();
    await expect(
      kit.dataSource.transaction(async (tx) => {
        await NotificationOutbox.enqueue(tx, {
          eventId,
          clientId: client.clientId,
          orderId: randomUUID(),
          event: 'REFUND',
          url: 'https://example.com/cb',
          payload: {},
          createdAt: new Date(),
        });
        throw new Error('transition failed');
      }),
    ).rejects.toThrow('transition failed');
    await expect(kit.notification(eventId)).rejects.toThrow();
  });
});
