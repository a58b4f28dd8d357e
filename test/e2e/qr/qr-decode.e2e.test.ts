import { encodeEmvQr } from '../../../src/emv';
import { buildTlv } from '../../../src/emv/tlv';
import { BCB_STATIC_PIX, payer } from '../../support/qr-fixtures';
import { createTestClient, http, HttpResult, startTestApi, TestApi } from '../../support/test-api';
import { BCB_PIX_AUTOMATICO_RECURRENCE_ONLY, BCB_STATIC_PIX_ACCOUNT } from '../../unit/emv/published-payloads';
import { NO_FINDINGS, signed, wellFormedButNotPayable } from '../../unit/emv/signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

/** A well-formed Japanese QR for 1500 yen, under a made-up scheme GUI. */
const yenQr = signed(
  buildTlv('00', '01') +
    buildTlv('01', '12') +
    buildTlv('26', buildTlv('00', 'jp.example.qr')) +
    buildTlv('52', '5812') +
    buildTlv('53', '392') +
    buildTlv('54', '1500') +
    buildTlv('58', 'JP') +
    buildTlv('59', 'RAMEN ICHI') +
    buildTlv('60', 'TOKYO'),
);

describe('POST /v2/qr/decode', () => {
  let api: TestApi;
  let decode: (body: unknown) => Promise<HttpResult>;
  let payerHttp: ReturnType<typeof http>;

  beforeAll(async () => {
    api = await startTestApi();
    const client = await createTestClient(api, 'QR decoder');
    payerHttp = http(api.baseUrl, client.token);
    decode = (body) => payerHttp.post('/v2/qr/decode', body);
  });
  afterAll(() => api.close());

  it("decodes the Central Bank's static Pix example as valid, field by field", async () => {
    const response = await decode({ qr: BCB_STATIC_PIX });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...NO_FINDINGS,
      profile: 'BR_PIX',
      // Tag 01 is optional and this example omits it.
      point_of_initiation: null,
      amount: null,
      currency: { alpha: 'BRL', numeric: '986' },
      country: 'BR',
      merchant: { name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000' },
      merchant_accounts: [BCB_STATIC_PIX_ACCOUNT],
      additional_data: { reference_label: '***' },
      crc: { declared: '1D3D', computed: '1D3D' },
      pix: { key: '123e4567-e12b-12d1-a456-426655440000', url: null, description: null, recurrence_url: null },
    });
  });

  it('serves the amount of a closed-amount QR as a JSON number', async () => {
    const qr = encodeEmvQr(
      {
        point_of_initiation: 'DYNAMIC',
        merchant_accounts: [{ tag: '26', gui: 'pe.example.wallet', fields: { '01': '20123456789' } }],
        merchant: { name: 'Bodega Lima', city: 'LIMA', mcc: '5411' },
        currency_numeric: '604',
        amount: '1250.75',
        country: 'PE',
        additional_data: { bill_number: 'F001-123' },
      },
      QR_SCOPE,
    );
    const response = await decode({ qr });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      valid: true,
      errors: [],
      profile: 'PE',
      point_of_initiation: 'DYNAMIC',
      amount: 1250.75,
      currency: { alpha: 'PEN', numeric: '604' },
      country: 'PE',
      merchant: { name: 'Bodega Lima', city: 'LIMA', mcc: '5411' },
      merchant_accounts: [
        {
          tag: '26',
          format: 'template',
          gui: 'pe.example.wallet',
          fields: { '01': '20123456789' },
          value: expect.any(String),
        },
      ],
      additional_data: { bill_number: 'F001-123' },
      pix: null,
    });
  });

  it('answers valid false with CRC_MISMATCH and both CRCs for a broken checksum, still reading the rest', async () => {
    const response = await decode({ qr: BCB_STATIC_PIX.replace(/1D3D$/, '0000') });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      valid: false,
      emvco_valid: false,
      scheme_valid: true,
      payable: false,
      not_payable_reasons: [],
    });
    expect(response.body.errors).toEqual([{ code: 'CRC_MISMATCH', message: expect.any(String), tag: '63' }]);
    expect(response.body.emvco_errors).toEqual(response.body.errors);
    expect(response.body.crc).toEqual({ declared: '0000', computed: '1D3D' });
    expect(response.body.merchant).toEqual({ name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000' });
  });

  it('answers a well-formed yen QR as EMVCo-valid and within its scheme, but not payable, with the reasons', async () => {
    const response = await decode({ qr: yenQr });
    expect(response.status).toBe(200);
    const reasons = [
      { code: 'UNSUPPORTED_COUNTRY', tag: '58', message: expect.stringContaining('JP') },
      { code: 'UNSUPPORTED_CURRENCY', tag: '53', message: expect.stringContaining('JPY') },
    ];
    expect(response.body).toMatchObject({
      ...wellFormedButNotPayable(reasons),
      currency: { alpha: 'JPY', numeric: '392' },
      amount: 1500,
    });
  });

  it("answers the central bank's Pix Automático example, whose tag 26 holds the GUI alone, as well-formed Pix with nothing to pay", async () => {
    const response = await decode({ qr: BCB_PIX_AUTOMATICO_RECURRENCE_ONLY });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      valid: false,
      emvco_valid: true,
      scheme_valid: true,
      scheme_violations: [],
      payable: false,
      not_payable_reasons: [{ code: 'NOTHING_TO_PAY', tag: '26', message: expect.any(String) }],
      profile: 'BR_PIX',
      pix: {
        key: null,
        url: null,
        description: null,
        recurrence_url: 'pix.example.com/rec/2353c790eefb11eaadc10242ac120002',
      },
    });
  });

  it('shows primitive card-network accounts and opaque templates with their raw values, as no defect', async () => {
    const qr = signed(
      buildTlv('00', '01') +
        buildTlv('02', '4111111111111111') +
        buildTlv('30', 'MERCHANT-1') +
        buildTlv('52', '5411') +
        buildTlv('53', '484') +
        buildTlv('58', 'MX') +
        buildTlv('59', 'TIENDA') +
        buildTlv('60', 'CDMX'),
    );
    const response = await decode({ qr });
    expect(response.body).toMatchObject({ valid: true, emvco_valid: true, payable: true });
    expect(response.body.merchant_accounts).toEqual([
      { tag: '02', format: 'primitive', gui: null, fields: {}, value: '4111111111111111' },
      { tag: '30', format: 'opaque', gui: null, fields: {}, value: 'MERCHANT-1' },
    ]);
  });

  it('is what the payment preview goes by: a QR it says cannot be paid is refused there with the same messages', async () => {
    const decoded = await decode({ qr: yenQr });
    const preview = await payerHttp.post('/v2/payments/previews', {
      qr: yenQr,
      external_reference: `yen-${Date.now()}`,
      notification_url: 'https://merchant.example/hooks/qr',
      user: payer,
    });
    expect(preview.status).toBe(400);
    expect(preview.body).toMatchObject({
      statusCode: 400,
      message: decoded.body.errors.map((error: { message: string }) => `qr: ${error.message}`),
    });
  });

  it('answers 200 valid false, with the defects listed, for text that is no QR at all', async () => {
    for (const qr of ['hello, world', '']) {
      const response = await decode({ qr });
      expect(response.status).toBe(200);
      expect(response.body.valid).toBe(false);
      expect(response.body.errors.length).toBeGreaterThan(0);
      for (const error of response.body.errors)
        expect(error).toEqual({
          code: expect.any(String),
          message: expect.any(String),
          ...(error.tag === undefined ? {} : { tag: expect.any(String) }),
        });
      expect(response.body.merchant_accounts).toEqual([]);
    }
  });

  it('lists PAYLOAD_TOO_LONG with a 200 beyond 512 characters, and refuses a body qr beyond 1024 with 400', async () => {
    const long = await decode({ qr: BCB_STATIC_PIX.padEnd(600, '9') });
    expect(long.status).toBe(200);
    expect(long.body.errors).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'PAYLOAD_TOO_LONG' })]));

    const tooLong = await decode({ qr: 'x'.repeat(1025) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toEqual([expect.stringMatching(/^qr: /)]);
  });

  it('counts the 1024-character ceiling in characters: 1024 emoji pass, though JavaScript counts 2048 units', async () => {
    const response = await decode({ qr: '😀'.repeat(1024) });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'PAYLOAD_TOO_LONG', message: expect.stringContaining('1024 characters') }),
      ]),
    );
    expect((await decode({ qr: '😀'.repeat(1025) })).status).toBe(400);
  });

  it('answers 400 naming qr when it is missing or not a string, and naming an unknown field', async () => {
    for (const body of [{}, { qr: 12345 }, { qr: null }]) {
      const response = await decode(body);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, message: [expect.stringMatching(/^qr: /)] });
    }
    const unknown = await decode({ qr: BCB_STATIC_PIX, payload: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ statusCode: 400, message: ['payload: unknown field'] });
  });

  it('answers 401 without a token', async () => {
    const response = await http(api.baseUrl, null).post('/v2/qr/decode', { qr: BCB_STATIC_PIX });
    expect(response.status).toBe(401);
    expect(response.body).toMatchObject({ statusCode: 401, message: 'Unauthorized' });
  });
});
