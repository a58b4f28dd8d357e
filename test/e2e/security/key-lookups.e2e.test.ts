import { randomUUID } from 'node:crypto';
import { maskAccountNumber, maskName } from '../../../src/keys';
import { maskDocument, type MaskedHolderCountry } from '../../../src/rails/countries';
import { serviceRegistry } from '../../../src/observability/metrics';
import { createRails } from '../../../src/rails/rails.factory';
import type { AccountHolder, Rails } from '../../../src/rails/rails.port';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer } from '../../support/qr-fixtures';

/**
 * Payment-key look-ups must not hand out personal data (docs/security.md, "Payment-key
 * look-ups"): in Brazil and Colombia, where the spec leaves the answer open, a key's holder is
 * shown as Pix apps show it, in the validation and in every answer and callback about the order
 * paid to it; Peru keeps the spec's fields. Every look-up is counted by operation, country and
 * outcome, so that enumeration shows on the operators' alerts.
 */
describe('payment-key look-ups', () => {
  let stack: PaymentStack;
  let directory: Rails;

  beforeAll(async () => {
    stack = await startPaymentStack();
    directory = createRails(stack.railsUrl, 5000);
  });
  afterAll(() => stack.close());

  /** What the directory itself answers for a key: the whole holder, as only the engine sees it. */
  async function holderOf(country: MaskedHolderCountry, key: string): Promise<AccountHolder> {
    const found = await directory.keys.lookupKey({ country, key });
    if (found.kind !== 'ACCOUNT_HOLDER') throw new Error(`${key} has no account holder`);
    return found.holder;
  }

  describe("show a Brazilian or Colombian key's holder masked, everywhere the payer sees it", () => {
    it.each([
      ['BR', 'a CPF', '52998224725'],
      ['BR', 'a phone', '+5511987654321'],
      ['BR', 'an e-mail', 'ana.souza@example.com'],
      ['CO', 'a random', 'ABCDE12345'],
      ['CO', 'a phone', '+573001234567'],
    ] as const)(
      '%s, %s key',
      async (country, _kind, key) => {
        const holder = await holderOf(country, key);
        const shown = { name: maskName(holder.name), document: maskDocument(country, holder.identificationNumber) };
        const client = await stack.newPayer({ USD: '5000.00' });

        const validation = await client.call.post('/v2/payments/validations/dictkey', {
          dict_key: key,
          local_country: country,
        });
        expect(validation.status).toBe(200);
        expect(validation.body).toMatchObject({
          name: shown.name,
          identificationNumber: shown.document,
          identificationType: holder.identificationType,
          accountNumber: maskAccountNumber(holder.accountNumber),
          branchOffice: holder.branch,
          bank: holder.participantName,
        });

        const path = `/hooks/${randomUUID()}`;
        const url = stack.receiver.url(path);
        const amount = country === 'BR' ? '80.00' : '150000.00';
        const ack = await client.call.post('/v2/payments/previews/dictkey', {
          dict_key: key,
          amount,
          local_country: country,
          external_reference: `ref-${randomUUID()}`,
          notification_url: url,
          user: payer,
        });
        expect(ack.status).toBe(200);
        const preview = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body;
        expect(preview.collector).toEqual({
          name: shown.name,
          identification_number: shown.document,
          branch_office: holder.branch,
        });
        const orderId = preview.order.id as string;

        const wallet = preview.wallets ? { wallet_id: preview.wallets[0].id } : {};
        const paid = await client.call.post('/v2/payments', {
          order_id: orderId,
          status: 'accepted',
          notification_url: url,
          ...wallet,
        });
        expect(paid.body).toMatchObject({
          status: 'PROCESSING',
          merchant_name: shown.name,
          merchant_identification_number: shown.document,
        });
        const completed = (await stack.receiver.waitFor(path, (c) => c.body.status === 'COMPLETED')).body;
        expect(completed).toMatchObject({ merchant_name: shown.name, merchant_identification_number: shown.document });
        const refund = await client.call.post(
          '/v2/qr/refund',
          { order_id: orderId, amount: country === 'BR' ? '10.00' : '10000.00' },
          { 'idempotency-key': randomUUID() },
        );
        expect(refund.status).toBe(201);
        const refunded = (await stack.receiver.waitFor(path, (c) => c.body.merchart_name !== undefined)).body;
        expect(refunded).toMatchObject({ merchart_name: shown.name, merchant_identification_number: shown.document });

        const status = await client.call.get(`/v2/payments/${orderId}/status`);
        expect(status.body).toMatchObject({
          merchant_name: shown.name,
          merchant_identification_number: shown.document,
        });
        const quick = await client.call.get(`/payins/orders/${orderId}`);
        expect(quick.body).toMatchObject({ destination_wallet: shown.document });
        const notifications = await client.call.get(`/v2/notifications?order_id=${orderId}`);
        expect(notifications.status).toBe(200);

        // Nothing the payer got carries the holder's name, document or account in full.
        const everything = JSON.stringify([
          validation.body,
          ack.body,
          stack.receiver.for(path).map((c) => c.body),
          paid.body,
          refund.body,
          status.body,
          quick.body,
          notifications.body,
        ]);
        for (const secret of [
          holder.name,
          holder.identificationNumber,
          holder.accountNumber,
          holder.accountNumber.replace(/\D/g, ''),
        ])
          expect(everything).not.toContain(secret);
        // The order keeps its payout's beneficiary whole, for operators.
        const [row] = await stack.api.dataSource.query(
          'SELECT merchant_name, merchant_identification_number FROM orders WHERE id = $1',
          [orderId],
        );
        expect(row).toEqual({
          merchant_name: holder.name,
          merchant_identification_number: holder.identificationNumber,
        });
      },
      60_000,
    );
  });

  it("keeps Peru's validation and preview ack as the spec shows them: the account holder in full", async () => {
    const cci = '00219300123456789013';
    const truth = await directory.keys.lookupKey({ country: 'PE', key: cci });
    if (truth.kind !== 'PERU_ACCOUNT') throw new Error('a CCI names a Peruvian account');
    const client = await stack.newPayer();
    const validation = await client.call.post('/v2/payments/validations/dictkey', {
      dict_key: cci,
      local_country: 'PE',
    });
    expect(validation.body).toEqual(truth.account);
    const path = `/hooks/${randomUUID()}`;
    const body = {
      dict_key: cci,
      amount: '10.00',
      local_country: 'PE',
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(path),
      user: payer,
    };
    const ack = await client.call.post('/v2/payments/previews/dictkey', body);
    expect(ack.body.collector).toMatchObject({
      name: truth.account.name,
      identification_number: truth.account.identificationNumber,
      account_id: truth.account.accountNumber,
    });
    const preview = (await stack.receiver.waitFor(path, (c) => c.body.order !== undefined)).body;
    expect(preview.collector).toEqual({
      name: truth.account.name,
      identification_number: truth.account.identificationNumber,
      branch_office: truth.account.branchOffice,
    });
  });

  it('counts every look-up by operation, country and outcome, and names neither the client nor the key', async () => {
    const lookups = async () => {
      const metric = await serviceRegistry.getSingleMetric('cbp_key_lookups_total')!.get();
      return new Map(
        metric.values.map(({ labels, value }) => [`${labels.operation} ${labels.country} ${labels.outcome}`, value]),
      );
    };
    const before = await lookups();
    // Every series is there from the start, at 0 until counted.
    expect([...before.keys()]).toEqual(
      expect.arrayContaining([
        'validation BR found',
        'validation CO not_found',
        'preview PE invalid',
        'wallet PE found',
        'wallet PE not_found',
      ]),
    );
    const client = await stack.newPayer();
    const validate = (dict_key: string, local_country = 'BR') =>
      client.call.post('/v2/payments/validations/dictkey', { dict_key, local_country });
    expect((await validate('52998224725')).status).toBe(200);
    expect((await validate('+5511987654321')).status).toBe(200);
    expect((await validate('notfound@sandbox.test')).body.message).toEqual(['INVALID_DICT_KEY']);
    expect((await validate('529.982.247-25')).status).toBe(400);
    expect((await validate('ABC', 'CO')).status).toBe(400);
    const preview = {
      amount: '10.00',
      external_reference: `ref-${randomUUID()}`,
      notification_url: stack.receiver.url(),
      user: payer,
    };
    expect(
      (
        await client.call.post('/v2/payments/previews/dictkey', {
          dict_key: 'ABCDE12345',
          local_country: 'CO',
          ...preview,
          amount: '15000.00',
        })
      ).status,
    ).toBe(200);
    const phone = await validate('+51987654321', 'PE');
    const wallet = { wallet_record_id: phone.body.walletId, local_country: 'PE' };
    expect(
      (await client.call.post('/v2/validations/wallet', { ...wallet, selected_wallet_id: phone.body.wallets[0].id }))
        .status,
    ).toBe(200);
    expect(
      (await client.call.post('/v2/validations/wallet', { ...wallet, selected_wallet_id: randomUUID() })).status,
    ).toBe(400);
    // A replayed answer asks no directory and counts nothing.
    const headers = { 'idempotency-key': randomUUID() };
    await client.call.post('/v2/payments/validations/dictkey', { dict_key: '11222333000181' }, headers);
    await client.call.post('/v2/payments/validations/dictkey', { dict_key: '11222333000181' }, headers);

    const after = await lookups();
    const counted = [...after]
      .filter(([series, value]) => value !== (before.get(series) ?? 0))
      .map(([series, value]) => [series, value - (before.get(series) ?? 0)]);
    expect(Object.fromEntries(counted)).toEqual({
      'validation BR found': 3,
      'validation BR not_found': 1,
      'validation BR invalid': 1,
      'validation CO invalid': 1,
      'preview CO found': 1,
      'validation PE found': 1,
      'wallet PE found': 1,
      'wallet PE not_found': 1,
    });
    const exposition = await serviceRegistry.metrics();
    for (const named of [client.clientId, '52998224725', 'notfound@sandbox.test', phone.body.walletId])
      expect(exposition).not.toContain(named);
  });
});
