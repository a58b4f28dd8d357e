import { encodeEmvQr } from '../../../src/emv';
import { BCB_STATIC_PIX } from '../../support/qr-fixtures';
import { createTestClient, http, HttpResult, startTestApi, TestApi } from '../../support/test-api';

describe('POST /v2/qr/decode', () => {
  let api: TestApi;
  let decode: (body: unknown) => Promise<HttpResult>;

  beforeAll(async () => {
    api = await startTestApi();
    const client = await createTestClient(api, 'QR decoder');
    decode = (body) => http(api.baseUrl, client.token).post('/v2/qr/decode', body);
  });
  afterAll(() => api.close());

  it("decodes the Central Bank's static Pix example as valid, field by field", async () => {
    const response = await decode({ qr: BCB_STATIC_PIX });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      valid: true,
      errors: [],
      profile: 'BR_PIX',
      // Tag 01 is optional and this example omits it.
      point_of_initiation: null,
      amount: null,
      currency: { alpha: 'BRL', numeric: '986' },
      country: 'BR',
      merchant: { name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000' },
      merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': '123e4567-e12b-12d1-a456-426655440000' } }],
      additional_data: { reference_label: '***' },
      crc: { declared: '1D3D', computed: '1D3D' },
      pix: { key: '123e4567-e12b-12d1-a456-426655440000', url: null, description: null },
    });
  });

  it('serves the amount of a closed-amount QR as a JSON number', async () => {
    const qr = encodeEmvQr({
      point_of_initiation: 'DYNAMIC',
      merchant_accounts: [{ tag: '26', gui: 'pe.example.wallet', fields: { '01': '20123456789' } }],
      merchant: { name: 'Bodega Lima', city: 'LIMA', mcc: '5411' },
      currency_numeric: '604',
      amount: '1250.75',
      country: 'PE',
      additional_data: { bill_number: 'F001-123' },
    });
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
      merchant_accounts: [{ tag: '26', gui: 'pe.example.wallet', fields: { '01': '20123456789' } }],
      additional_data: { bill_number: 'F001-123' },
      pix: null,
    });
  });

  it('answers valid false with CRC_MISMATCH and both CRCs for a broken checksum, still reading the rest', async () => {
    const response = await decode({ qr: BCB_STATIC_PIX.replace(/1D3D$/, '0000') });
    expect(response.status).toBe(200);
    expect(response.body.valid).toBe(false);
    expect(response.body.errors).toEqual([{ code: 'CRC_MISMATCH', message: expect.any(String), tag: '63' }]);
    expect(response.body.crc).toEqual({ declared: '0000', computed: '1D3D' });
    expect(response.body.merchant).toEqual({ name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000' });
  });

  it('answers 200 valid false, with the defects listed, for text that is no QR at all', async () => {
    for (const qr of ['hello, world', '']) {
      const response = await decode({ qr });
      expect(response.status).toBe(200);
      expect(response.body.valid).toBe(false);
      expect(response.body.errors.length).toBeGreaterThan(0);
      for (const error of response.body.errors) expect(error).toEqual({ code: expect.any(String), message: expect.any(String), ...(error.tag === undefined ? {} : { tag: expect.any(String) }) });
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

  it('answers 400 naming qr when it is missing or not a string, and naming an unknown field', async () => {
    for (const body of [{}, { qr: 12345 }, { qr: null }]) {
      const response = await decode(body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ statusCode: 400, message: [expect.stringMatching(/^qr: /)] });
    }
    const unknown = await decode({ qr: BCB_STATIC_PIX, payload: 'x' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ statusCode: 400, message: ['payload: unknown field'] });
  });

  it('answers 401 without a token', async () => {
    const response = await http(api.baseUrl, null).post('/v2/qr/decode', { qr: BCB_STATIC_PIX });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statusCode: 401, message: 'Unauthorized' });
  });
});
