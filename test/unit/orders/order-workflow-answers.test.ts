import { bodyFrom } from '../../../src/orders/order-workflow.client';
import type { OrderOutcome } from '../../../src/orders/order-steps';

describe("the API's answer to an update", () => {
  const outcome: OrderOutcome = {
    status: 'PROCESSING',
    errorCode: null,
    localAmount: '10.00',
    userAmount: '1.86',
    paymentDate: null,
    updatedAt: '2026-11-25T10:00:00.000Z',
  };

  it("is built from the workflow's outcome", () => {
    expect(bodyFrom(outcome, (given) => ({ built: given.status }))).toEqual({ built: 'PROCESSING' });
  });

  it('is the body itself when a worker of the release before answered with one, during a rolling deploy', () => {
    const body = { order_id: 'o1', status: 'PROCESSING', date: '2026-11-25T10:00:00Z' };
    expect(bodyFrom<typeof body>(body, () => ({ order_id: 'built', status: 'X', date: '' }))).toBe(body);
  });
});
