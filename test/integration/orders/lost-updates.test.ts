import { createOrderActivities } from '../../../activities/order.activities';
import { loadEnv } from '../../../src/config/env';
import { FxService } from '../../../src/fx/fx.service';
import { OrderRepository } from '../../../src/orders/order.repository';
import { createRails } from '../../../src/rails/rails.factory';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { orderPhaseQuery } from '../../../workflows/order.definitions';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

/**
 * A decision whose local activity committed while Temporal lost the update's acceptance with its
 * workflow task (found by `npm run chaos` across a Temporal restart): the database says
 * PROCESSING with the payer's funds held, the workflow still awaits the decision. Each test
 * makes that state by running the decision's activity itself at the seq the workflow would
 * give it, then checks the order still ends paid once, whether the integrator sends the
 * decision again or never does.
 */

type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

describe('a decision recorded while its update was lost', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(async () => {
    await stack?.close();
  });

  /** A closed-amount order awaiting its decision, and that decision committed behind the workflow's back. */
  async function lostDecision(client: Payer, amount: string) {
    const { orderId, path, url, preview } = await stack.previewQr(client.call, pixQr(amount));
    const handle = stack.temporal.workflow.getHandle(orderWorkflowId(orderId));
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_DECISION');

    const env = loadEnv({ ...process.env, RAILS_URL: stack.railsUrl });
    const orders = new OrderRepository(stack.api.dataSource);
    const rails = createRails(env.RAILS_URL, env.RAILS_TIMEOUT_MS);
    const activities = createOrderActivities({ env, orders, rails, fx: new FxService(stack.api.dataSource, rails.fx), ledger: stack.ledger });
    const { facts } = await activities.orderFacts({ orderId });
    // Seq 1 started the workflow and seq 2 prepared the order: the decision is the third step.
    const accepted = await activities.acceptOrder({ orderId, seq: 3, notificationUrl: url, facts });
    expect(accepted.status).toBe('PROCESSING');
    expect(await handle.query(orderPhaseQuery)).toBe('AWAITING_DECISION');
    return { orderId, path, url, handle, userAmount: preview.body.order.user_total_amount as number };
  }

  const usd = async (client: Payer) =>
    ((await client.call.get('/v2/accounts')).body as Array<{ currency: string; available: number; reserved: number }>).find((a) => a.currency === 'USD')!;
  const executions = async (orderId: string) => ((await (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json()) as { executions: number }).executions;

  it('the decision sent again is answered PROCESSING from the record and pays once', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, path, url, handle, userAmount } = await lostDecision(client, '150.00');

    const again = await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
    expect(await handle.result()).toBe('COMPLETED');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({ currency: 'USD', available: Number((1000 - userAmount).toFixed(2)), reserved: 0 });

    // Once paid, the same decision is what any other late one is: already processed.
    const late = await client.call.post('/v2/payments', { order_id: orderId, status: 'accepted', notification_url: url });
    expect(late.status).toBe(409);
  });

  it('a rejection sent after the lost acceptance does not cancel a held payment: the payment goes through', async () => {
    const client = await stack.newPayer({ USD: '1000.00' });
    const { orderId, url, handle, userAmount } = await lostDecision(client, '90.00');

    const rejected = await client.call.post('/v2/payments', { order_id: orderId, status: 'rejected', notification_url: url });
    // The rejection replays the step recorded at its seq: the acceptance.
    expect(rejected.body).toMatchObject({ order_id: orderId, status: 'PROCESSING' });
    expect(await handle.result()).toBe('COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({ currency: 'USD', available: Number((1000 - userAmount).toFixed(2)), reserved: 0 });
  });

  it('without the decision sent again, the expiry finds it recorded and pays instead of leaving the funds held', async () => {
    const shortLived = await stack.extraApi({ QR_EXPIRY_SECONDS: '3' });
    const client = await stack.newPayer({ USD: '1000.00' });
    const shortLivedClient = { ...client, call: http(shortLived.baseUrl, client.token) };
    const { orderId, path, handle, userAmount } = await lostDecision(shortLivedClient, '120.00');

    expect(await handle.result()).toBe('COMPLETED');
    await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED');
    expect(await executions(orderId)).toBe(1);
    expect(await usd(client)).toEqual({ currency: 'USD', available: Number((1000 - userAmount).toFixed(2)), reserved: 0 });
    const statuses = ((await client.call.get(`/v2/payments/${orderId}/status`)).body.statuses as Array<{ status: string }>).map((entry) => entry.status);
    expect(statuses).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
  });
});
