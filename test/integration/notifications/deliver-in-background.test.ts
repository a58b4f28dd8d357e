import { CreatedClient } from '../../../src/auth/clients.service';
import { startCallbackReceiver } from '../../support/callback-receiver';
import { openNotificationKit } from './notification-test-kit';
import { startTemporalHarness } from './temporal-harness';
import type { orderStandInWorkflow } from './background-delivery.workflows';

describe('deliverInBackground', () => {
  let kit: Awaited<ReturnType<typeof openNotificationKit>>;
  let temporal: Awaited<ReturnType<typeof startTemporalHarness>>;
  let client: CreatedClient;

  beforeAll(async () => {
    kit = await openNotificationKit();
    temporal = await startTemporalHarness(kit, require.resolve('./background-delivery.workflows'));
    client = await kit.clients.create({ name: 'Background delivery' });
  });
  afterAll(async () => {
    await temporal?.close();
    await kit?.close();
  });

  it('lets the parent finish before a slow receiver answers, and delivers each event once despite a second start', async () => {
    const receiver = await startCallbackReceiver((index) => ({ status: index === 0 ? 500 : 200 }));
    try {
      const eventIds = [await kit.enqueue(client, receiver.url()), await kit.enqueue(client, receiver.url())];
      await temporal.client.workflow.execute<typeof orderStandInWorkflow>('orderStandInWorkflow', {
        workflowId: `order-stand-in-${eventIds[0]}`,
        taskQueue: temporal.taskQueue,
        args: [eventIds],
      });
      // The parent is done while one child still waits out its 1 s back-off.
      expect((await Promise.all(eventIds.map(kit.notification))).some((n) => n.status === 'PENDING')).toBe(true);

      await Promise.all(eventIds.map((eventId) => temporal.client.workflow.getHandle(`notification-${eventId}`).result()));
      for (const eventId of eventIds) expect(await kit.notification(eventId)).toMatchObject({ status: 'DELIVERED' });
      // One 500 then two acknowledgements: three requests in all, for exactly these two events.
      expect(receiver.received).toHaveLength(3);
      expect(new Set(receiver.received.map((callback) => callback.headers['x-event-id']))).toEqual(new Set(eventIds));
    } finally {
      await receiver.close();
    }
  });
});
