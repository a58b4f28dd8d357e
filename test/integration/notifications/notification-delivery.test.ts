import { randomUUID } from 'node:crypto';
import { WorkflowFailedError } from '@temporalio/client';
import { verifySignature } from '../../../src/notifications';
import { notificationDeliveryWorkflow } from '../../../workflows/notification-delivery.workflow';
import { startCallbackReceiver } from '../../support/callback-receiver';
import { useNotificationHarness } from './temporal-harness';

const signedAt = (header: string) => Number(/t=(\d+)/.exec(header)![1]);

describe('notification delivery workflow', () => {
  const suite = useNotificationHarness(require.resolve('../../../workflows'), 'Delivery workflow');

  const deliver = (eventId: string, args: Parameters<typeof notificationDeliveryWorkflow> = [eventId]) =>
    suite.temporal.client.workflow.execute(notificationDeliveryWorkflow, {
      workflowId: `notification-${eventId}`,
      taskQueue: suite.temporal.taskQueue,
      args,
    });

  it('retries a receiver that answers 500 twice, with the same event id and body and a fresh valid signature each time', async () => {
    const receiver = await startCallbackReceiver((index) => ({ status: index < 2 ? 500 : 200 }));
    try {
      const eventId = await suite.kit.enqueue(suite.client, receiver.url(), {
        event: 'PAYMENT',
        status: 'COMPLETED',
        amount: 99.9,
      });
      await deliver(eventId);

      expect(receiver.received).toHaveLength(3);
      const [first] = receiver.received;
      for (const callback of receiver.received) {
        expect(callback.headers['x-event-id']).toBe(eventId);
        expect(callback.rawBody).toBe(first!.rawBody);
        expect(
          verifySignature(suite.client.webhookSecret, callback.rawBody, callback.headers.signature as string),
        ).toBe(true);
      }
      // Back-off is at least 1 s, so every attempt is signed at a later second than the one before.
      const timestamps = receiver.received.map((callback) => signedAt(callback.headers.signature as string));
      expect(timestamps[1]).toBeGreaterThan(timestamps[0]!);
      expect(timestamps[2]).toBeGreaterThan(timestamps[1]!);

      expect(await suite.kit.notification(eventId)).toMatchObject({
        status: 'DELIVERED',
        attemptCount: 3,
        lastError: null,
      });
      expect(
        (await suite.kit.attempts(eventId)).map(({ attempt, statusCode, error }) => ({ attempt, statusCode, error })),
      ).toEqual([
        { attempt: 1, statusCode: 500, error: 'HTTP 500' },
        { attempt: 2, statusCode: 500, error: 'HTTP 500' },
        { attempt: 3, statusCode: 200, error: null },
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('does not resend a delivered notification when delivery is run again', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 200 }));
    try {
      const eventId = await suite.kit.enqueue(suite.client, receiver.url());
      await deliver(eventId);
      await suite.temporal.client.workflow.execute(notificationDeliveryWorkflow, {
        workflowId: `redeliver-${eventId}`,
        taskQueue: suite.temporal.taskQueue,
        args: [eventId],
      });
      expect(receiver.received).toHaveLength(1);
      expect((await suite.kit.attempts(eventId)).length).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it('marks the notification FAILED once the retry window is spent, keeping every attempt', async () => {
    const receiver = await startCallbackReceiver(() => ({ status: 503 }));
    try {
      const eventId = await suite.kit.enqueue(suite.client, receiver.url());
      await expect(deliver(eventId, [eventId, { retryWindow: '4s' }])).rejects.toBeInstanceOf(WorkflowFailedError);

      const attempts = await suite.kit.attempts(eventId);
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      expect(attempts.every((attempt) => attempt.statusCode === 503)).toBe(true);
      expect(await suite.kit.notification(eventId)).toMatchObject({
        status: 'FAILED',
        attemptCount: attempts.length,
        lastError: 'retry window exhausted (last attempt: HTTP 503)',
        deliveredAt: null,
      });
    } finally {
      await receiver.close();
    }
  });

  it('stops at once, without retrying, when the notification cannot exist', async () => {
    const started = Date.now();
    await expect(deliver(randomUUID())).rejects.toBeInstanceOf(WorkflowFailedError);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
