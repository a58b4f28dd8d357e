import { startCallbackReceiver } from '../../support/callback-receiver';
import { useNotificationHarness } from './temporal-harness';
import type { orderStandInWorkflow } from './background-delivery.workflows';

describe('deliverInBackground', () => {
  const suite = useNotificationHarness(require.resolve('./background-delivery.workflows'), 'Background delivery');

  it('lets the parent finish before a slow receiver answers, and delivers each event once despite a second start', async () => {
    const receiver = await startCallbackReceiver((index) => ({ status: index === 0 ? 500 : 200 }));
    try {
      const eventIds = [
        await suite.kit.enqueue(suite.client, receiver.url()),
        await suite.kit.enqueue(suite.client, receiver.url()),
      ];
      await suite.temporal.client.workflow.execute<typeof orderStandInWorkflow>('orderStandInWorkflow', {
        workflowId: `order-stand-in-${eventIds[0]}`,
        taskQueue: suite.temporal.taskQueue,
        args: [eventIds],
      });
      // The parent is done while one child still waits out its 1 s back-off.
      expect((await Promise.all(eventIds.map(suite.kit.notification))).some((n) => n.status === 'PENDING')).toBe(true);

      await Promise.all(
        eventIds.map((eventId) => suite.temporal.client.workflow.getHandle(`notification-${eventId}`).result()),
      );
      for (const eventId of eventIds)
        expect(await suite.kit.notification(eventId)).toMatchObject({ status: 'DELIVERED' });
      // One 500 then two acknowledgements: three requests in all, for exactly these two events.
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((callback) => callback.headers['x-event-id']))).toEqual(new Set(eventIds));
    } finally {
      await receiver.close();
    }
  });
});
