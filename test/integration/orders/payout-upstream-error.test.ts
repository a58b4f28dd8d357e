import { randomUUID } from 'node:crypto';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';

/**
 * Its own file because it waits out the payout's bounded retries (about half a minute), which
 * then runs beside the other suites instead of after them.
 */
describe('a payout the rail never answers', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  it('ends FAILED with UPSTREAM_ERROR after its retries, and releases the reservation', async () => {
    const client = await stack.newPayer({ USD: '100.00' });
    const path = `/hooks/${randomUUID()}`;
    const url = stack.receiver.url(path);
    // Sandbox magic value: cents .50 make every payout answer 500.
    await client.call.post('/v2/payments/previews', { qr: pixQr('20.50'), external_reference: `ref-${randomUUID()}`, notification_url: url, user: payer });
    const orderId = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body.order.id;
    const pay = await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    expect(pay.body.status).toBe('PROCESSING');

    const failed = await stack.receiver.waitFor(path, (c) => c.body.status === 'FAILED', 90_000);
    expect(failed.body).toMatchObject({ order_id: orderId, error_code: 'UPSTREAM_ERROR', payment_date: null });
    const accounts = (await client.call.get('/v2/accounts')).body;
    expect(accounts).toEqual([{ currency: 'USD', available: 100, reserved: 0 }]);
    const history = (await client.call.get(`/v2/payments/${orderId}/status`)).body;
    expect(history.statuses.map((entry: { status: string }) => entry.status)).toEqual(['CREATED', 'PROCESSING', 'FAILED']);
  });
});
