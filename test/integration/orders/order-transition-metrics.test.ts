import { randomUUID } from 'node:crypto';
import { serviceRegistry } from '../../../src/observability/metrics';
import { OrderRepository } from '../../../src/orders/order.repository';
import { OrderTransitionError } from '../../../src/orders/lifecycle';
import { parseExposition, valueOf } from '../../../scripts/shared/prometheus-text';
import { createdQrOrder } from '../../support/order-fixtures';
import { createTestClient, startTestApi, TestApi } from '../../support/test-api';

/** cbp_order_transitions_total counts what the database committed, once, and nothing else. */
describe('order transition metrics', () => {
  let api: TestApi;
  let orders: OrderRepository;
  let clientId: string;

  beforeAll(async () => {
    api = await startTestApi();
    orders = new OrderRepository(api.dataSource);
    clientId = (await createTestClient(api, 'Transition metrics')).clientId;
  });
  afterAll(() => api.close());

  const transitions = async (from: string, to: string) =>
    valueOf(parseExposition(await serviceRegistry.metrics()), 'cbp_order_transitions_total', {
      flow: 'QR',
      country: 'BR',
      from,
      to,
    });

  // Its steps write their callbacks, as the API's orders do: a notification URL to write them to.
  const newOrder = () =>
    createdQrOrder(clientId, { creationFingerprint: 'f'.repeat(64), notificationUrl: 'https://example.com/hook' });

  it('counts a created order once, not the retry that resumes it', async () => {
    const before = await transitions('NEW', 'CREATED');
    const order = newOrder();
    await orders.create(order);
    expect((await orders.create({ ...order, id: randomUUID() })).resumed).toBe(true);
    expect(await transitions('NEW', 'CREATED')).toBe(before + 1);
  });

  it('counts a committed change once, however often its step is retried', async () => {
    const order = newOrder();
    await orders.create(order);
    const before = await transitions('CREATED', 'CANCELED');
    const change = { orderId: order.id, seq: 2, event: 'EXPIRED' } as const;
    await orders.apply(change);
    await orders.apply(change);
    expect(await transitions('CREATED', 'CANCELED')).toBe(before + 1);
  });

  it('counts nothing for a refused transition or a change whose transaction rolled back', async () => {
    const order = newOrder();
    await orders.create(order);
    const before = [await transitions('CREATED', 'COMPLETED'), await transitions('CREATED', 'PROCESSING')];

    await expect(orders.apply({ orderId: order.id, seq: 2, event: 'PAID' })).rejects.toBeInstanceOf(
      OrderTransitionError,
    );
    const failing = async () => {
      throw new Error('the ledger refused the reservation');
    };
    await expect(orders.apply({ orderId: order.id, seq: 2, event: 'ACCEPTED' }, failing)).rejects.toThrow(
      'ledger refused',
    );

    expect((await orders.findById(order.id)).status).toBe('CREATED');
    expect([await transitions('CREATED', 'COMPLETED'), await transitions('CREATED', 'PROCESSING')]).toEqual(before);
  });
});
