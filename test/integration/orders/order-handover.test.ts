import { randomUUID } from 'node:crypto';
import { freePort } from '../../../src/infra/free-port';
import { OrderRepository } from '../../../src/orders/order.repository';
import { orderWorkflowId } from '../../../src/orders/order-workflow-start';
import { createdQrOrder } from '../../support/order-fixtures';
import { PaymentStack, startPaymentStack } from '../../support/payment-stack';
import { payer, pixQr } from '../../support/qr-fixtures';
import { http } from '../../support/test-api';

/**
 * An order row and its workflow are created in two steps (PostgreSQL, then Temporal). Whatever
 * happens between them, no order is left without a workflow: a retried preview resumes it, and
 * the reconciler starts the workflow of any order nobody resumes.
 */
describe('handing an order over to its workflow', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(async () => {
    await stack.close();
  });

  it('answers 503 with Retry-After while Temporal is unreachable, and the same request with the same key resumes the order', async () => {
    const orphaning = await stack.extraApi({ TEMPORAL_ADDRESS: `127.0.0.1:${await freePort()}` });
    const client = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const body = {
      qr: pixQr('12.00'),
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    };
    const key = { 'idempotency-key': `key-${randomUUID()}` };

    const refused = await http(orphaning.baseUrl, client.token).post('/v2/payments/previews', body, key);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toMatchObject({
      statusCode: 503,
      message: expect.any(String),
      error_code: 'SERVICE_UNAVAILABLE',
    });
    const [orphan] = await stack.api.dataSource.query('SELECT id, last_seq FROM orders WHERE external_reference = $1', [
      body.external_reference,
    ]);
    expect(orphan.last_seq).toBe(1);

    const resumed = await client.call.post('/v2/payments/previews', body, key);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'success', external_reference: body.external_reference });
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(preview.body.order.id).toBe(orphan.id);

    const otherKey = await client.call.post('/v2/payments/previews', body, {
      'idempotency-key': `key-${randomUUID()}`,
    });
    expect(otherKey.status).toBe(409);
    expect(otherKey.body.error_code).toBe('ALREADY_PROCESSED');
  });

  /** An order as the API writes it, left behind by a process that died before starting its workflow. */
  async function orphanOrder(expiresInMs: number) {
    const client = await stack.newPayer();
    const path = `/hooks/${randomUUID()}`;
    const order = createdQrOrder(client.clientId, {
      notificationUrl: stack.receiver.url(path),
      expiresAt: new Date(Date.now() + expiresInMs),
    });
    await new OrderRepository(stack.api.dataSource).create(order);
    return { order, path };
  }

  /** Other suites share the database: a run for every client would take their orders still being handed over. */
  const reconcile = (clientId: string) =>
    stack.temporal.workflow.execute('orderReconcilerWorkflow', {
      taskQueue: stack.taskQueue,
      workflowId: `reconcile-${randomUUID()}`,
      args: [{ graceMs: 0, clientId }],
    });

  it('starts the workflow of an order left without one; the order then proceeds as usual', async () => {
    const { order, path } = await orphanOrder(600_000);
    expect(await reconcile(order.payerClientId!)).toBe(1);
    const preview = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(preview.body.order).toMatchObject({ id: order.id, status: 'CREATED' });
    expect((await stack.temporal.workflow.getHandle(orderWorkflowId(order.id)).describe()).status.name).toBe('RUNNING');

    // Started once: a second pass leaves it alone.
    expect(await reconcile(order.payerClientId!)).toBe(0);
    const [{ count }] = await stack.api.dataSource.query(
      `SELECT count(*)::int AS count FROM notifications WHERE order_id = $1 AND event = 'PREVIEW'`,
      [order.id],
    );
    expect(count).toBe(1);
  });

  it("reconciles only the given client's orders when asked to", async () => {
    const mine = await orphanOrder(600_000);
    const theirs = await orphanOrder(600_000);
    expect(await reconcile(mine.order.payerClientId!)).toBe(1);
    await stack.receiver.waitFor(mine.path, (c) => c.body.order !== undefined);
    const [untouched] = await stack.api.dataSource.query('SELECT last_seq FROM orders WHERE id = $1', [
      theirs.order.id,
    ]);
    expect(untouched.last_seq).toBe(1);
    expect(await reconcile(theirs.order.payerClientId!)).toBe(1);
  });

  it('cancels an orphan whose expiry has passed as EXPIRED, with the QR expiration notification', async () => {
    const { order, path } = await orphanOrder(-1000);
    await reconcile(order.payerClientId!);
    const expired = await stack.receiver.waitFor(path, (c) => c.body.event === 'QR_EXPIRED');
    expect(expired.body).toMatchObject({ order_id: order.id, status: 'CANCELED', error_code: 'EXPIRED' });
    expect(await stack.temporal.workflow.getHandle(orderWorkflowId(order.id)).result()).toBe('CANCELED');
  });
});
