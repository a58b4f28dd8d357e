import { randomUUID } from 'node:crypto';
import { createPaymentsClient, verifySignature, type PaymentsClient } from '../../../clients/typescript/src';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { pixQr } from '../../support/qr-fixtures';

/**
 * The QR flow as an integrator writes it with the client package: types generated from the
 * served document (a unit test keeps them equal), openapi-fetch over real HTTP, and the
 * package's own verifier on the callbacks. A route answering something its document does not
 * declare fails to type-check here or fails these assertions.
 */
describe('the typed client (clients/typescript) through a QR payment', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack();
  });
  afterAll(() => stack.close());

  async function signedIn(): Promise<{ client: PaymentsClient; webhookSecret: string }> {
    const payer = await stack.newPayer({ USD: '1000.00' });
    const anonymous = createPaymentsClient({ baseUrl: stack.api.baseUrl });
    const token = await anonymous.GET('/auth/token', { params: { header: { 'x-api-key': payer.apiKey } } });
    expect(token.response.status).toBe(200);
    return {
      client: createPaymentsClient({ baseUrl: stack.api.baseUrl, accessToken: token.data!.accessToken }),
      webhookSecret: payer.webhookSecret,
    };
  }

  it('previews, pays and reads a closed-amount QR, every callback verified by the package', async () => {
    const { client, webhookSecret } = await signedIn();
    const path = `/hooks/${randomUUID()}`;
    const reference = `typed-${randomUUID()}`;
    const user = { full_name: 'Ana Souza', currency: 'USD', account_number: 'ACC-123456', tax_id: '12345678' } as const;

    const ack = await client.POST('/v2/payments/previews', {
      body: { qr: pixQr('100.00'), external_reference: reference, notification_url: stack.receiver.url(path), user },
    });
    expect(ack.data).toMatchObject({ status: 'success', external_reference: reference, local_currency: 'BRL' });

    const preview = await stack.receiver.waitFor(path, (callback) => callback.body.order !== undefined);
    expect(verifySignature(webhookSecret, preview.rawBody, String(preview.headers.signature))).toBe(true);
    const orderId = preview.body.order.id as string;

    const paid = await client.POST('/v2/payments', {
      body: { order_id: orderId, status: 'accepted', notification_url: stack.receiver.url(path) },
    });
    expect(paid.data).toMatchObject({ order_id: orderId, status: 'PROCESSING', error_code: null });

    const completed = await stack.receiver.waitFor(path, (callback) => callback.body.status === 'COMPLETED');
    expect(verifySignature(webhookSecret, completed.rawBody, String(completed.headers.signature))).toBe(true);

    const history = await client.GET('/v2/payments/{order_id}/status', { params: { path: { order_id: orderId } } });
    expect(history.data?.statuses.map(({ status }) => status)).toEqual(['CREATED', 'PROCESSING', 'COMPLETED']);
    expect(history.data).toMatchObject({
      id: orderId,
      local_amount: '100.00',
      local_currency: 'BRL',
      external_reference: reference,
    });

    // The ack names the order; the search finds it by the reference alone, typed.
    expect(ack.data?.order_id).toBe(orderId);
    const found = await client.GET('/v2/payments', { params: { query: { external_reference: reference, limit: 5 } } });
    expect(found.data?.data.map((order) => [order.order_id, order.status])).toEqual([[orderId, 'COMPLETED']]);
    expect(found.data).toMatchObject({ has_more: false, next_cursor: null });
  });

  it('gives the documented error bodies, typed per status', async () => {
    const { client } = await signedIn();

    const unknown = await client.GET('/v2/payments/{order_id}/status', {
      params: { path: { order_id: randomUUID() } },
    });
    expect(unknown.response.status).toBe(404);
    expect(unknown.error).toMatchObject({ errors: [{ code: 2105 }] });

    const refused = await client.POST('/v2/payments', {
      body: { order_id: randomUUID(), status: 'accepted', notification_url: 'ftp://example.com/hook' },
    });
    expect(refused.response.status).toBe(400);
    expect(refused.error).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^notification_url: /)] });

    const anonymous = await createPaymentsClient({ baseUrl: stack.api.baseUrl }).GET('/v2/accounts');
    expect(anonymous.response.status).toBe(401);
    expect(anonymous.error).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});
