import { decodeEmvQr, encodeEmvQr, EmvEncodeError, type EmvEncodeInput } from '../../../src/emv';
import { parseTlv } from '../../../src/emv/tlv';
import { QR_SCOPE } from '../../../src/rails/countries';

const pixStatic: EmvEncodeInput = {
  point_of_initiation: 'STATIC',
  merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': '123e4567-e12b-12d1-a456-426655440000' } }],
  merchant: { name: 'Fulano de Tal', city: 'BRASILIA', mcc: '0000' },
  currency_numeric: '986',
  country: 'BR',
  additional_data: { reference_label: '***' },
};

describe('encodeEmvQr', () => {
  it('reproduces the Central Bank static example, plus the point of initiation it omits', () => {
    // The encoder always writes tag 01, as the contract needs 11 or 12. The CRC was computed
    // independently (Python) over the same bytes.
    expect(encodeEmvQr(pixStatic, QR_SCOPE)).toBe(
      '000201010211' +
        '26580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR' +
        '5913Fulano de Tal6008BRASILIA62070503***630448CD',
    );
  });

  it('makes a static open-amount QR: point of initiation 11 and no tag 54', () => {
    const payload = encodeEmvQr(
      {
        point_of_initiation: 'STATIC',
        merchant_accounts: [{ tag: '26', gui: 'pe.example.gui', fields: { '01': 'POS-7' } }],
        merchant: { name: 'BODEGA SAN JUAN', city: 'LIMA', mcc: '5411' },
        currency_numeric: '604',
        country: 'PE',
      },
      QR_SCOPE,
    );
    expect(parseTlv(payload).fields.map((field) => field.id)).toEqual([
      '00',
      '01',
      '26',
      '52',
      '53',
      '58',
      '59',
      '60',
      '63',
    ]);
    expect(payload.slice(0, 12)).toBe('000201010211');
    expect(decodeEmvQr(payload, QR_SCOPE)).toMatchObject({
      valid: true,
      point_of_initiation: 'STATIC',
      amount: null,
      profile: 'PE',
    });
  });

  it('makes a dynamic closed-amount QR: point of initiation 12 with tag 54', () => {
    const payload = encodeEmvQr(
      {
        point_of_initiation: 'DYNAMIC',
        merchant_accounts: [{ tag: '26', gui: 'co.example.breb', fields: { '01': 'order-1' } }],
        merchant: { name: 'TIENDA LA ESQUINA', city: 'BOGOTA', mcc: '5411', postal_code: '110111' },
        currency_numeric: '170',
        amount: '125000.50',
        country: 'CO',
        additional_data: { bill_number: 'F-100', terminal_label: 'CAJA1', '50': 'scheme data' },
      },
      QR_SCOPE,
    );
    expect(
      parseTlv(payload)
        .fields.filter((field) => ['01', '54'].includes(field.id))
        .map((field) => field.value),
    ).toEqual(['12', '125000.50']);
    expect(decodeEmvQr(payload, QR_SCOPE)).toMatchObject({
      valid: true,
      point_of_initiation: 'DYNAMIC',
      amount: '125000.50',
      currency: { alpha: 'COP', numeric: '170' },
      merchant: { postal_code: '110111' },
      additional_data: { bill_number: 'F-100', terminal_label: 'CAJA1', '50': 'scheme data' },
    });
  });

  it('counts non-ASCII characters once in lengths', () => {
    const payload = encodeEmvQr(
      { ...pixStatic, merchant: { ...pixStatic.merchant, name: 'José Conceição' } },
      QR_SCOPE,
    );
    expect(payload).toContain('5914José Conceição');
    expect(decodeEmvQr(payload, QR_SCOPE).valid).toBe(true);
  });

  it.each<[string, Partial<EmvEncodeInput>, string]>([
    [
      'a name over 25 characters',
      { merchant: { ...pixStatic.merchant, name: 'N'.repeat(26) } },
      'MERCHANT_NAME_TOO_LONG',
    ],
    ['a code that is no ISO 4217 currency', { currency_numeric: '000' }, 'INVALID_CURRENCY'],
    ['a currency this service does not pay in', { currency_numeric: '156' }, 'UNSUPPORTED_CURRENCY'],
    ['a country this service does not pay in', { country: 'US' }, 'UNSUPPORTED_COUNTRY'],
    ['an invalid amount', { amount: '-1' }, 'INVALID_AMOUNT'],
    ['no merchant account', { merchant_accounts: [] }, 'NO_MERCHANT_ACCOUNT'],
    [
      'a Pix account without key',
      { merchant_accounts: [{ tag: '26', gui: 'br.gov.bcb.pix' }] },
      'PIX_MISSING_KEY_OR_URL',
    ],
    ['a value over 99 characters', { merchant: { ...pixStatic.merchant, city: 'C'.repeat(100) } }, 'INVALID_LENGTH'],
    ['an empty value', { merchant: { ...pixStatic.merchant, city: '' } }, 'INVALID_LENGTH'],
    [
      'an unknown additional-data name',
      { additional_data: { reference_label: '***', nickname: 'x' } },
      'INVALID_TAG_ID',
    ],
  ])('refuses %s with the error code', (_case, change, code) => {
    const attempt = () => encodeEmvQr({ ...pixStatic, ...change }, QR_SCOPE);
    expect(attempt).toThrow(EmvEncodeError);
    try {
      attempt();
    } catch (error) {
      expect((error as EmvEncodeError).errors.map((e) => e.code)).toContain(code);
    }
  });
});
