import { OrderTransitionError } from '../../../src/orders/lifecycle';
import { OrderRepository } from '../../../src/orders/order.repository';
import { createdQrOrder } from '../../support/order-fixtures';
import { createTestClient, startTestApi, TestApi } from '../../support/test-api';

/**
 * A change that moves no money is written in one statement guarded by the last_seq it was
 * planned from, without locking the row first (OrderRepository.apply). What the lock gave, the
 * guard must give too: a step written once however many attempts race, and never a step
 * planned from a status the order has left.
 */
describe('an order change without a transaction of its own', () => {
  let api: TestApi;
  let orders: OrderRepository;
  let clientId: string;

  beforeAll(async () => {
    api = await startTestApi();
    orders = new OrderRepository(api.dataSource);
    clientId = (await createTestClient(api, 'Guarded changes')).clientId;
  });
  afterAll(() => api.close());

  // Its steps write their callbacks, as the API's orders do: a notification URL to write them to.
  const newOrder = async () => {
    const order = createdQrOrder(clientId, { notificationUrl: 'https://example.com/hook' });
    await orders.create(order);
    return order;
  };
  const written = async (orderId: string) => ({
    history: (await orders.history(orderId)).map(({ seq, status }) => ({ seq, status })),
    callbacks: (
      await api.dataSource.query<Array<{ event: string }>>(
        `SELECT event FROM notifications WHERE order_id = $1 ORDER BY event`,
        [orderId],
      )
    ).map(({ event }) => event),
  });

  it('writes a step once when its attempts race, and answers each the same callbacks', async () => {
    const order = await newOrder();
    const change = { orderId: order.id, seq: 2, event: 'EXPIRED' } as const;

    const attempts = await Promise.all(Array.from({ length: 6 }, () => orders.apply(change)));

    expect(new Set(attempts.map(({ eventIds }) => eventIds.join()))).toEqual(new Set([attempts[0]!.eventIds.join()]));
    expect(attempts[0]!.eventIds).toHaveLength(1);
    expect(await written(order.id)).toEqual({
      history: [
        { seq: 1, status: 'CREATED' },
        { seq: 2, status: 'CANCELED' },
      ],
      callbacks: ['QR_EXPIRED'],
    });
    expect(await orders.findById(order.id)).toMatchObject({ status: 'CANCELED', lastSeq: 2, errorCode: 'EXPIRED' });
  });

  it('answers a retry read before its step was written with that step, writing nothing more', async () => {
    const order = await newOrder();
    const readBefore = await orders.findById(order.id);
    const first = await orders.apply({ orderId: order.id, seq: 2, event: 'EXPIRED' });

    const retried = await orders.applyTo(readBefore, { orderId: order.id, seq: 2, event: 'EXPIRED' });

    expect(retried.eventIds).toEqual(first.eventIds);
    expect(retried.order).toMatchObject({ status: 'CANCELED', lastSeq: 2 });
    expect(await written(order.id)).toEqual({
      history: [
        { seq: 1, status: 'CREATED' },
        { seq: 2, status: 'CANCELED' },
      ],
      callbacks: ['QR_EXPIRED'],
    });
  });

  it('plans again from the order as it now stands when the read it was given is stale', async () => {
    const order = await newOrder();
    const readBefore = await orders.findById(order.id);
    await orders.apply({ orderId: order.id, seq: 2, event: 'EXPIRED' });

    // Planned from the stale read, PREPARED would fit a CREATED order; the canceled one refuses it.
    await expect(
      orders.applyTo(readBefore, { orderId: order.id, seq: 3, event: 'PREPARED', patch: { merchantName: 'Late' } }),
    ).rejects.toBeInstanceOf(OrderTransitionError);

    expect(await orders.findById(order.id)).toMatchObject({ status: 'CANCELED', lastSeq: 2, merchantName: null });
    expect(await written(order.id)).toEqual({
      history: [
        { seq: 1, status: 'CREATED' },
        { seq: 2, status: 'CANCELED' },
      ],
      callbacks: ['QR_EXPIRED'],
    });
  });

  it('refuses a step that moves money without the effect that moves it, writing nothing', async () => {
    const order = await newOrder();

    await expect(orders.apply({ orderId: order.id, seq: 2, event: 'ACCEPTED' })).rejects.toThrow(
      'needs its ledger entries: RESERVE',
    );

    expect(await orders.findById(order.id)).toMatchObject({ status: 'CREATED', lastSeq: 1 });
  });
});
