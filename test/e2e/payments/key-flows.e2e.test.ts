import { randomUUID } from 'node:crypto';
import { verifySignature } from '../../../src/notifications';
import { callbackEnvelope } from '../../support/callback-receiver';
import { startPaymentStack, PaymentStack } from '../../support/payment-stack';
import { payer } from '../../support/qr-fixtures';

/**
 * The key flows end to end (spec: "Payments: key flows"): validation against each country's
 * directory, Peru's wallet step, the key preview and its callback, and the payment through the
 * same pay route, workflow, ledger and callbacks as the QR flow, paid out on the country's rail.
 */
describe('payment-key flows', () => {
  let stack: PaymentStack;

  beforeAll(async () => {
    stack = await startPaymentStack({ RAILS_TIMEOUT_MS: '800' });
  });
  afterAll(() => stack.close());

  type Payer = Awaited<ReturnType<PaymentStack['newPayer']>>;

  function scenario() {
    const path = `/hooks/${randomUUID()}`;
    return { path, url: stack.receiver.url(path), reference: `ref-${randomUUID()}` };
  }

  const payoutCount = async (orderId: string) =>
    (await (await fetch(`${stack.railsUrl}/__admin/payouts/${orderId}`)).json()) as {
      executions: number;
      status: string | null;
    };

  /** Previews a key payment and waits for its preview callback. */
  async function preview(client: Payer, body: Record<string, unknown>, route = '/v2/payments/previews/dictkey') {
    const { path, url, reference } = scenario();
    const ack = await client.call.post(route, {
      external_reference: reference,
      notification_url: url,
      user: payer,
      ...body,
    });
    expect(ack.status).toBe(200);
    const callback = await stack.receiver.waitFor(path, (c) => c.body.order !== undefined);
    expect(verifySignature(client.webhookSecret, callback.rawBody, String(callback.headers.signature))).toBe(true);
    return { path, url, reference, ack: ack.body, callback: callback.body, orderId: callback.body.order.id as string };
  }

  async function payAndSettle(
    client: Payer,
    flow: { path: string; url: string; orderId: string },
    extra: Record<string, unknown> = {},
  ) {
    const pay = await client.call.post('/v2/payments', {
      order_id: flow.orderId,
      status: 'accepted',
      notification_url: flow.url,
      ...extra,
    });
    expect(pay.status).toBe(200);
    expect(pay.body).toMatchObject({ order_id: flow.orderId, status: 'PROCESSING' });
    const final = await stack.receiver.waitFor(
      flow.path,
      (c) => ['COMPLETED', 'REJECTED', 'FAILED'].includes(c.body.status),
      60_000,
    );
    return final.body;
  }

  describe('Brazil (Pix DICT keys)', () => {
    it.each([
      ['CPF', '52998224725', 'CPF'],
      ['CNPJ', '11222333000181', 'CNPJ'],
      ['e-mail', 'ana.souza@example.com', 'CPF|CNPJ'],
      ['random key', '3f1c2a4e-9b7d-4c1e-8a2b-5d6e7f809a1b', 'CPF|CNPJ'],
    ])('a %s key: validated, previewed in BRL, paid over SPI once', async (_type, key, identificationType) => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const validation = await client.call.post('/v2/payments/validations/dictkey', { dict_key: key });
      expect(validation.status).toBe(200);
      expect(validation.body).toEqual({
        name: expect.any(String),
        accountNumber: expect.any(String),
        identificationNumber: expect.any(String),
        identificationType: expect.stringMatching(new RegExp(`^(${identificationType})$`)),
        branchOffice: expect.any(String),
        category: expect.stringMatching(/^(CHECKING|SAVINGS|PAYMENT)$/),
        bank: expect.any(String),
        bankCode: expect.stringMatching(/^\d{8}$/),
        keyType: _type === 'CPF' ? 'CPF' : _type === 'CNPJ' ? 'CNPJ' : expect.any(String),
      });

      const flow = await preview(client, { dict_key: key, amount: '120.50' });
      expect(flow.ack).toEqual({
        status: 'success',
        external_reference: flow.reference,
        message: expect.any(String),
        local_currency: 'BRL',
        order_id: flow.orderId,
      });
      expect(flow.callback).toEqual({
        payment_type: 'DICT_KEY',
        external_reference: flow.reference,
        collector: {
          name: validation.body.name,
          identification_number: validation.body.identificationNumber,
          branch_office: validation.body.branchOffice,
        },
        order: {
          id: flow.orderId,
          local_total_amount: 120.5,
          local_currency: 'BRL',
          user_total_amount: expect.any(Number),
          user_currency: 'USD',
        },
        version: '2',
        webhook: callbackEnvelope('PREVIEW'),
      });

      const completed = await payAndSettle(client, flow);
      expect(completed).toMatchObject({
        order_id: flow.orderId,
        status: 'COMPLETED',
        error_code: null,
        merchant_name: validation.body.name,
      });
      // Key flows also send the PROCESSING payment notification.
      expect(stack.receiver.for(flow.path, (c) => c.body.status === 'PROCESSING')).toHaveLength(1);
      expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
      const history = (await client.call.get(`/v2/payments/${flow.orderId}/status`)).body;
      expect(history.statuses.map((entry: { status: string }) => entry.status)).toEqual([
        'CREATED',
        'PROCESSING',
        'COMPLETED',
      ]);
    });

    it('an alphanumeric CNPJ key (a company registered since July 2026): validated and previewed to that company, in either case, paid over SPI', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const validation = await client.call.post('/v2/payments/validations/dictkey', { dict_key: '12ABC34501DE35' });
      expect(validation.status).toBe(200);
      expect(validation.body).toMatchObject({
        identificationNumber: '**.ABC.345/****-**',
        identificationType: 'CNPJ',
        keyType: 'CNPJ',
        bankCode: expect.stringMatching(/^\d{8}$/),
      });
      // Lower case names the same CNPJ, hence the same DICT entry.
      expect((await client.call.post('/v2/payments/validations/dictkey', { dict_key: '12abc34501de35' })).body).toEqual(
        validation.body,
      );

      const flow = await preview(client, { dict_key: '12abc34501de35', amount: '75.00' });
      expect(flow.callback.collector).toEqual({
        name: validation.body.name,
        identification_number: '**.ABC.345/****-**',
        branch_office: validation.body.branchOffice,
      });
      // The order keeps the key in its one spelling, and the payout's beneficiary whole.
      expect(
        await stack.api.dataSource.query(
          'SELECT payment_key, payment_key_type, merchant_identification_number FROM orders WHERE id = $1',
          [flow.orderId],
        ),
      ).toEqual([
        { payment_key: '12ABC34501DE35', payment_key_type: 'CNPJ', merchant_identification_number: '12ABC34501DE35' },
      ]);
      const completed = await payAndSettle(client, flow);
      expect(completed).toMatchObject({
        order_id: flow.orderId,
        status: 'COMPLETED',
        merchant_identification_number: '**.ABC.345/****-**',
      });
      expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
    });

    it('refuses an alphanumeric CNPJ with wrong check digits or written with its punctuation, saying so', async () => {
      const client = await stack.newPayer();
      for (const [key, reason] of [
        ['12ABC34501DE36', 'dict_key: not a valid CNPJ: its check digits do not match'],
        [
          '12.ABC.345/01DE-35',
          'dict_key: a CNPJ must be its 14 letters and digits without dots, slashes, dashes or spaces',
        ],
      ]) {
        const response = await client.call.post('/v2/payments/validations/dictkey', { dict_key: key });
        expect(response.body).toMatchObject({
          statusCode: 400,
          message: [reason, expect.stringMatching(/CNPJ \(14 letters or digits\)/)],
          error_code: 'INVALID_DICT_KEY',
        });
      }
    });

    it('refuses a formatted CPF saying so, and lists the accepted key types', async () => {
      const client = await stack.newPayer();
      const preview = { amount: '10.00', external_reference: 'r', notification_url: stack.receiver.url(), user: payer };
      for (const [route, extra] of [
        ['/v2/payments/validations/dictkey', {}],
        ['/v2/payments/previews/dictkey', preview],
      ] as const) {
        const response = await client.call.post(route, { dict_key: '529.982.247-25', ...extra });
        expect(response.status).toBe(400);
        expect(response.body).toMatchObject({
          statusCode: 400,
          message: [
            expect.stringMatching(/^dict_key: a CPF must be 11 digits without dots/),
            expect.stringMatching(/^dict_key must be one of: .*CPF.*CNPJ/),
          ],
          error_code: 'INVALID_DICT_KEY',
        });
      }
    });

    it('answers INVALID_DICT_KEY for a key the directory does not know, at validation and at preview, creating nothing', async () => {
      const client = await stack.newPayer();
      const reference = `ref-${randomUUID()}`;
      for (const key of ['notfound@sandbox.test', '00000000191']) {
        const validation = await client.call.post('/v2/payments/validations/dictkey', {
          dict_key: key,
          local_country: 'BR',
        });
        expect(validation.body).toMatchObject({
          statusCode: 400,
          message: ['INVALID_DICT_KEY'],
          error_code: 'INVALID_DICT_KEY',
        });
        const previewed = await client.call.post('/v2/payments/previews/dictkey', {
          dict_key: key,
          amount: '10.00',
          external_reference: reference,
          notification_url: stack.receiver.url(),
          user: payer,
        });
        expect(previewed.status).toBe(400);
        expect(previewed.body.message).toEqual(['INVALID_DICT_KEY']);
      }
      expect(
        await stack.api.dataSource.query('SELECT id FROM orders WHERE external_reference = $1', [reference]),
      ).toEqual([]);
    });

    it('ends REJECTED with DESTINATION_REJECTED when the destination account is closed, releasing the funds', async () => {
      const client = await stack.newPayer({ USD: '500.00' });
      const flow = await preview(client, { dict_key: 'rejected@sandbox.test', amount: '10.00' });
      const rejected = await payAndSettle(client, flow);
      expect(rejected).toMatchObject({ status: 'REJECTED', error_code: 'DESTINATION_REJECTED', payment_date: null });
      const accounts = (await client.call.get('/v2/accounts')).body;
      expect(accounts).toEqual([{ currency: 'USD', available: 500, reserved: 0 }]);
    });

    it('completes a key payout whose answer was lost, once the rail confirms it, paid once (the safety net)', async () => {
      const client = await stack.newPayer({ USD: '5000.00' });
      const flow = await preview(client, { dict_key: '+5511987654321', amount: '6060.60' });
      expect(await payAndSettle(client, flow, { wallet_id: flow.callback.wallets[0].id })).toMatchObject({
        status: 'COMPLETED',
      });
      expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1 });
    });

    it('refuses a second preview with the same external_reference (409) and a wallet_id on a non-phone key (400)', async () => {
      const client = await stack.newPayer();
      const flow = await preview(client, { dict_key: '52998224725', amount: '10.00' });
      const again = await client.call.post('/v2/payments/previews/dictkey', {
        dict_key: '52998224725',
        amount: '10.00',
        external_reference: flow.reference,
        notification_url: flow.url,
        user: payer,
      });
      expect(again.status).toBe(409);
      expect(again.body.error_code).toBe('ALREADY_PROCESSED');
      const pay = await client.call.post('/v2/payments', {
        order_id: flow.orderId,
        status: 'accepted',
        notification_url: flow.url,
        wallet_id: randomUUID(),
      });
      expect(pay.status).toBe(400);
      expect(pay.body.message).toEqual(['wallet_id: this order takes no wallet: its preview listed none']);
    });

    it('replays a key preview sent twice with one idempotency key', async () => {
      const client = await stack.newPayer();
      const { url, reference } = scenario();
      const body = {
        dict_key: '52998224725',
        amount: '10.00',
        external_reference: reference,
        notification_url: url,
        user: payer,
      };
      const headers = { 'idempotency-key': `key-${randomUUID()}` };
      const first = await client.call.post('/v2/payments/previews/dictkey', body, headers);
      const second = await client.call.post('/v2/payments/previews/dictkey', body, headers);
      expect(second.status).toBe(200);
      expect(second.body).toEqual(first.body);
      expect(second.headers.get('idempotency-replay')).toBe('true');
    });
  });

  describe('phone keys in Brazil and Colombia: the one account the number names is its one wallet', () => {
    it.each([
      ['BR', '+5511987654321', '120.50', 'BRL', 'DICT'],
      ['CO', '+573001234567', '150000.00', 'COP', 'BREB'],
    ])(
      'a %s phone: the preview lists its wallet, and the payment must pick it',
      async (country, phone, amount, currency, directory) => {
        const client = await stack.newPayer({ USD: '1000.00' });
        const validation = await client.call.post('/v2/payments/validations/dictkey', {
          dict_key: phone,
          local_country: country,
        });
        expect(validation.status).toBe(200);
        expect(validation.body).toMatchObject({ keyType: 'PHONE' });

        const flow = await preview(client, { dict_key: phone, amount, local_country: country });
        expect(flow.callback).toEqual({
          payment_type: 'DICT_KEY',
          external_reference: flow.reference,
          collector: {
            name: validation.body.name,
            identification_number: validation.body.identificationNumber,
            branch_office: validation.body.branchOffice,
          },
          order: {
            id: flow.orderId,
            local_total_amount: Number(amount),
            local_currency: currency,
            user_total_amount: expect.any(Number),
            user_currency: 'USD',
          },
          // The spec's wallet entry; no top-level walletId, which is Peru's.
          wallets: [
            {
              id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
              brand: validation.body.bank,
              mobile: phone,
              present: true,
              directory,
              participant_code: validation.body.bankCode,
            },
          ],
          version: '2',
          webhook: callbackEnvelope('PREVIEW'),
        });
        const [wallet] = flow.callback.wallets as Array<{ id: string }>;

        const missing = await client.call.post('/v2/payments', {
          order_id: flow.orderId,
          status: 'accepted',
          notification_url: flow.url,
        });
        expect(missing.status).toBe(400);
        expect(missing.body.message).toEqual(['wallet_id: required: pick one of the wallets the preview listed']);
        const wrong = await client.call.post('/v2/payments', {
          order_id: flow.orderId,
          status: 'accepted',
          notification_url: flow.url,
          wallet_id: randomUUID(),
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.message).toEqual(['wallet_id: not one of the wallets the preview listed']);

        expect(await payAndSettle(client, flow, { wallet_id: wallet!.id })).toMatchObject({
          status: 'COMPLETED',
          merchant_name: validation.body.name,
        });
        expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
        const [order] = await stack.api.dataSource.query('SELECT wallet_id FROM orders WHERE id = $1', [flow.orderId]);
        expect(order.wallet_id).toBe(wallet!.id);
      },
    );

    it('pays an order previewed before phone keys listed their wallet as it was previewed: without wallet_id', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const flow = await preview(client, { dict_key: '+5511987654321', amount: '10.00' });
      // What the row of an order previewed by the previous release holds: no wallets.
      await stack.api.dataSource.query('UPDATE orders SET wallets = NULL WHERE id = $1', [flow.orderId]);
      const named = await client.call.post('/v2/payments', {
        order_id: flow.orderId,
        status: 'accepted',
        notification_url: flow.url,
        wallet_id: flow.callback.wallets[0].id,
      });
      expect(named.status).toBe(400);
      expect(named.body.message).toEqual(['wallet_id: this order takes no wallet: its preview listed none']);
      expect(await payAndSettle(client, flow)).toMatchObject({ status: 'COMPLETED' });
      expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1, status: 'COMPLETED' });
    });
  });

  describe('Peru (CCI and phone wallets)', () => {
    it('a CCI: validated with the spec fields, previewed in PEN with the collector in the ack, paid', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const cci = '00219300123456789013';
      const validation = await client.call.post('/v2/payments/validations/dictkey', {
        dict_key: cci,
        local_country: 'PE',
      });
      expect(validation.status).toBe(200);
      expect(Object.keys(validation.body).sort()).toEqual([
        'accountNumber',
        'bank',
        'branchOffice',
        'category',
        'identificationNumber',
        'mcc',
        'name',
        'postalCode',
        'terminal',
      ]);

      const flow = await preview(client, { dict_key: cci, amount: '75.00', local_country: 'PE' });
      expect(flow.ack).toEqual({
        status: 'success',
        external_reference: flow.reference,
        message: expect.any(String),
        local_currency: 'PEN',
        order_id: flow.orderId,
        collector: {
          name: validation.body.name,
          identification_number: validation.body.identificationNumber,
          identification_type: expect.stringMatching(/^(DNI|RUC)$/),
          branch_office: '193',
          account_id: '001234567890',
          account_type: validation.body.category,
          mcc: validation.body.mcc,
        },
      });
      expect(flow.callback).toMatchObject({
        payment_type: 'DICT_KEY',
        order: { local_currency: 'PEN', local_total_amount: 75 },
      });
      expect(flow.callback.wallets).toBeUndefined();
      expect(await payAndSettle(client, flow)).toMatchObject({ status: 'COMPLETED' });
    });

    it('a phone: wallets, the wallet step, a preview listing the wallets, and a payment that must pick one', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const phone = '+51987654321';
      const validation = await client.call.post('/v2/payments/validations/dictkey', {
        dict_key: phone,
        local_country: 'PE',
      });
      expect(validation.status).toBe(200);
      const { walletId, wallets } = validation.body as {
        walletId: string;
        wallets: Array<{ id: string; bankName: string; contactNumber: string }>;
      };
      expect(wallets.length).toBeGreaterThanOrEqual(1);
      for (const wallet of wallets)
        expect(Object.keys(wallet).sort()).toEqual(['bankName', 'contactNumber', 'directoryCode', 'entityCode', 'id']);
      const picked = wallets.at(-1)!;

      const account = await client.call.post('/v2/validations/wallet', {
        wallet_record_id: walletId,
        selected_wallet_id: picked.id,
        local_country: 'PE',
      });
      expect(account.status).toBe(200);
      expect(account.body).toMatchObject({ name: validation.body.name, wallet_name: picked.bankName });
      const stranger = await client.call.post('/v2/validations/wallet', {
        wallet_record_id: walletId,
        selected_wallet_id: randomUUID(),
        local_country: 'PE',
      });
      expect(stranger.status).toBe(400);
      // Longer than any record the directory issues: refused as a bad field, not passed on to the rail (a 500 once).
      const overlong = await client.call.post('/v2/validations/wallet', {
        wallet_record_id: 'x'.repeat(101),
        selected_wallet_id: picked.id,
        local_country: 'PE',
      });
      expect(overlong.status).toBe(400);
      expect(overlong.body.message).toEqual([expect.stringMatching(/^wallet_record_id: /)]);

      const flow = await preview(client, { dict_key: phone, amount: '30.00', local_country: 'PE' });
      expect(flow.callback.walletId).toBe(walletId);
      expect(flow.callback.wallets).toEqual(
        wallets.map((wallet) => ({
          id: wallet.id,
          brand: wallet.bankName,
          mobile: phone,
          present: expect.any(Boolean),
          directory: expect.any(String),
          participant_code: expect.any(String),
        })),
      );

      const missing = await client.call.post('/v2/payments', {
        order_id: flow.orderId,
        status: 'accepted',
        notification_url: flow.url,
      });
      expect(missing.status).toBe(400);
      expect(missing.body.message).toEqual(['wallet_id: required: pick one of the wallets the preview listed']);
      const wrong = await client.call.post('/v2/payments', {
        order_id: flow.orderId,
        status: 'accepted',
        notification_url: flow.url,
        wallet_id: randomUUID(),
      });
      expect(wrong.body.message).toEqual(['wallet_id: not one of the wallets the preview listed']);

      expect(await payAndSettle(client, flow, { wallet_id: picked.id })).toMatchObject({ status: 'COMPLETED' });
      const [order] = await stack.api.dataSource.query('SELECT wallet_id FROM orders WHERE id = $1', [flow.orderId]);
      expect(order.wallet_id).toBe(picked.id);
    });

    it('the older Peru route: tax_id_type required, an ack without collector, the same payment', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const { url } = scenario();
      const withoutType = await client.call.post('/v2/payments/previews/dictkey/peru', {
        dict_key: '00219300123456789013',
        amount: '10.00',
        external_reference: 'r',
        notification_url: url,
        user: payer,
      });
      expect(withoutType.status).toBe(400);
      expect(withoutType.body.message).toEqual([expect.stringMatching(/^user\.tax_id_type/)]);
      const withLocalCountry = await client.call.post('/v2/payments/previews/dictkey/peru', {
        dict_key: '00219300123456789013',
        amount: '10.00',
        external_reference: 'r',
        notification_url: url,
        local_country: 'PE',
        user: { ...payer, tax_id_type: 'DNI' },
      });
      expect(withLocalCountry.status).toBe(400);

      const flow = await preview(
        client,
        { dict_key: '00219300123456789013', amount: '10.00', user: { ...payer, tax_id_type: 'DNI' } },
        '/v2/payments/previews/dictkey/peru',
      );
      expect(flow.ack).toEqual({
        status: 'success',
        external_reference: flow.reference,
        message: expect.any(String),
        local_currency: 'PEN',
        order_id: flow.orderId,
      });
      expect(await payAndSettle(client, flow)).toMatchObject({ status: 'COMPLETED' });
    });

    it('answers INVALID_DICT_KEY for a phone the wallet directory does not know, and a closed CCI ends REJECTED', async () => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const unknown = await client.call.post('/v2/payments/validations/dictkey', {
        dict_key: '+51900000000',
        local_country: 'PE',
      });
      expect(unknown.body).toMatchObject({
        statusCode: 400,
        message: ['INVALID_DICT_KEY'],
        error_code: 'INVALID_DICT_KEY',
      });
      const flow = await preview(client, { dict_key: '00219399999999000018', amount: '10.00', local_country: 'PE' });
      expect(await payAndSettle(client, flow)).toMatchObject({
        status: 'REJECTED',
        error_code: 'DESTINATION_REJECTED',
      });
    });
  });

  describe('Colombia (Bre-B)', () => {
    it.each([
      ['RANDOM', 'ABCDE12345'],
      ['ID', '12345678901234567'],
      ['NAME', '@ANASOUZA123456789012'],
      ['OPEN_INPUT', 'ABCDEFGHIJKLMNOPQRSTU'],
    ])('a %s key: validated, previewed in COP, paid over Bre-B', async (keyType, key) => {
      const client = await stack.newPayer({ USD: '1000.00' });
      const validation = await client.call.post('/v2/payments/validations/dictkey', {
        dict_key: key,
        local_country: 'CO',
      });
      expect(validation.status).toBe(200);
      expect(validation.body).toMatchObject({ identificationType: expect.stringMatching(/^(CC|NIT)$/), keyType });
      const flow = await preview(client, { dict_key: key, amount: '150000.00', local_country: 'CO' });
      expect(flow.ack.local_currency).toBe('COP');
      expect(await payAndSettle(client, flow)).toMatchObject({ status: 'COMPLETED' });
      expect(await payoutCount(flow.orderId)).toMatchObject({ executions: 1 });
    });

    it('refuses a key that is none of the Bre-B types, listing them', async () => {
      const client = await stack.newPayer();
      const response = await client.call.post('/v2/payments/validations/dictkey', {
        dict_key: 'ABC',
        local_country: 'CO',
      });
      expect(response.status).toBe(400);
      expect(response.body.message.at(-1)).toMatch(/^dict_key must be one of: .*RANDOM/);
    });
  });
});
