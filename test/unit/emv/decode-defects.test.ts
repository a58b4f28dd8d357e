import { decodeEmvQr, type EmvErrorCode } from '../../../src/emv';
import { PERU_BODY, signed } from './signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

const codes = (payload: string) => decodeEmvQr(payload, QR_SCOPE).errors.map((error) => [error.code, error.tag]);

describe('decodeEmvQr defects', () => {
  it('accepts the valid Peruvian baseline the other cases alter', () => {
    expect(decodeEmvQr(signed(PERU_BODY), QR_SCOPE)).toMatchObject({
      valid: true,
      errors: [],
      profile: 'PE',
      point_of_initiation: 'STATIC',
    });
  });

  it.each<[string, string, EmvErrorCode, string | undefined]>([
    ['wrong format indicator', PERU_BODY.replace('000201', '000202'), 'INVALID_PAYLOAD_FORMAT_INDICATOR', '00'],
    [
      'format indicator not first',
      PERU_BODY.replace('000201010211', '010211000201'),
      'PAYLOAD_FORMAT_INDICATOR_NOT_FIRST',
      '00',
    ],
    ['unknown point of initiation', PERU_BODY.replace('010211', '010213'), 'INVALID_POINT_OF_INITIATION', '01'],
    ['MCC with a letter', PERU_BODY.replace('52045812', '5204581A'), 'INVALID_MCC', '52'],
    ['currency that is no ISO 4217 code', PERU_BODY.replace('5303604', '5303000'), 'INVALID_CURRENCY', '53'],
    ['currency that is not three digits', PERU_BODY.replace('5303604', '5303PEN'), 'INVALID_CURRENCY', '53'],
    ['lower-case country', PERU_BODY.replace('5802PE', '5802pe'), 'INVALID_COUNTRY', '58'],
    [
      '26-character merchant name',
      PERU_BODY.replace('5908BODEGA 1', `5926${'N'.repeat(26)}`),
      'MERCHANT_NAME_TOO_LONG',
      '59',
    ],
    ['16-character city', PERU_BODY.replace('6004LIMA', `6016${'C'.repeat(16)}`), 'MERCHANT_CITY_TOO_LONG', '60'],
    ['11-character postal code', `${PERU_BODY}611115001000000`, 'POSTAL_CODE_TOO_LONG', '61'],
    ['no merchant account', PERU_BODY.replace('26180014pe.example.gui', ''), 'NO_MERCHANT_ACCOUNT', undefined],
    [
      'account template without GUI',
      PERU_BODY.replace('26180014pe.example.gui', '26180114pe.example.gui'),
      'MISSING_GUI',
      '26',
    ],
    ['repeated tag', `${PERU_BODY}5802PE`, 'DUPLICATE_TAG', '58'],
    ['repeated sub-tag', `${PERU_BODY}6212050212050234`, 'DUPLICATE_TAG', '62.05'],
    ['broken sub-tag length', `${PERU_BODY}62060599ab`, 'LENGTH_OVERRUN', '62.05'],
    ['missing city', PERU_BODY.replace('6004LIMA', ''), 'MISSING_TAG', '60'],
    ['dollar QR in Peru', PERU_BODY.replace('5303604', '5303840'), 'CURRENCY_COUNTRY_MISMATCH', '53'],
  ])('%s', (_case, body, code, tag) => {
    expect(codes(signed(body))).toEqual([[code, tag]]);
  });

  it.each([
    ['negative', '-10.00'],
    ['comma as separator', '10,00'],
    ['two separators', '1.000.00'],
    ['trailing separator', '10.'],
    ['leading separator', '.50'],
    ['zero', '0.00'],
    ['14 characters', '12345678901.00'],
    ['more decimals than PEN has', '10.005'],
    ['exponent', '1e3'],
  ])('rejects an amount that is %s', (_case, amount) => {
    const result = decodeEmvQr(signed(`${PERU_BODY}54${String(amount.length).padStart(2, '0')}${amount}`), QR_SCOPE);
    expect(result.errors.map((error) => [error.code, error.tag])).toEqual([['INVALID_AMOUNT', '54']]);
    expect(result.amount).toBeNull();
  });

  it.each(['1', '10.5', '0.01', '1234567890.12', '0000000000001'])('accepts the closed amount %s', (amount) => {
    const result = decodeEmvQr(signed(`${PERU_BODY}54${String(amount.length).padStart(2, '0')}${amount}`), QR_SCOPE);
    expect(result).toMatchObject({ valid: true, amount });
  });

  describe('lengths count characters, as EMVCo does, not bytes or UTF-16 units', () => {
    it.each([
      ['accented letters (2 bytes each in UTF-8)', 'Ç'],
      ['emoji outside the BMP (2 UTF-16 units each)', '😀'],
    ])('accepts a 25-character merchant name of %s and refuses 26', (_case, character) => {
      const withName = (length: number) =>
        signed(PERU_BODY.replace('5908BODEGA 1', `59${length}${character.repeat(length)}`));
      expect(decodeEmvQr(withName(25), QR_SCOPE)).toMatchObject({
        emvco_valid: true,
        merchant: { name: character.repeat(25) },
      });
      expect(codes(withName(26))).toEqual([['MERCHANT_NAME_TOO_LONG', '59']]);
    });

    it('reads a declared length as characters: a byte count would run past the value', () => {
      const result = decodeEmvQr(signed(PERU_BODY.replace('6004LIMA', '6006CUSCO€')), QR_SCOPE);
      expect(result).toMatchObject({ emvco_valid: true, merchant: { city: 'CUSCO€' } });
    });
  });

  it('refuses decimals for a currency without minor units', () => {
    const chileBody = PERU_BODY.replace('5303604', '5303152').replace('5802PE', '5802CL');
    expect(decodeEmvQr(signed(`${chileBody}54041500`), QR_SCOPE)).toMatchObject({
      valid: true,
      amount: '1500',
      profile: null,
    });
    expect(codes(signed(`${chileBody}54061500.5`))).toEqual([['INVALID_AMOUNT', '54']]);
  });

  describe('CRC', () => {
    it('reports a CRC that does not match, with both values', () => {
      const payload = `${PERU_BODY}63040000`;
      const result = decodeEmvQr(payload, QR_SCOPE);
      expect(codes(payload)).toEqual([['CRC_MISMATCH', '63']]);
      expect(result.crc).toEqual({ declared: '0000', computed: signed(PERU_BODY).slice(-4) });
    });

    it('reports a missing CRC', () => {
      expect(codes(PERU_BODY)).toEqual([['CRC_MISSING', '63']]);
      expect(decodeEmvQr(PERU_BODY, QR_SCOPE).crc).toEqual({ declared: null, computed: null });
    });

    it('reports a CRC followed by another tag', () => {
      const payload = `${signed(PERU_BODY)}6104LIMA`;
      expect(codes(payload)).toEqual([['CRC_NOT_LAST', '63']]);
    });

    it('reports a CRC followed by unreadable data', () => {
      expect(codes(`${signed(PERU_BODY)}\n`)).toEqual([
        ['TRUNCATED_TLV', undefined],
        ['CRC_NOT_LAST', '63'],
      ]);
    });

    it('reports a CRC that is not 4 hex characters', () => {
      expect(codes(`${PERU_BODY}6304XYZW`)).toEqual([['INVALID_CRC_FORMAT', '63']]);
      expect(codes(`${PERU_BODY}630212`)).toEqual([['INVALID_CRC_FORMAT', '63']]);
    });

    it('detects a single changed character of a signed payload', () => {
      const payload = signed(PERU_BODY).replace('BODEGA 1', 'BODEGA 2');
      expect(codes(payload)).toEqual([['CRC_MISMATCH', '63']]);
    });
  });

  it('reports a payload over 512 characters and still reads it', () => {
    // Six templates of the maximum 99 characters each: GUI (14) and one sub-tag (4 + 81).
    const longAccounts = [27, 28, 29, 30, 31, 32]
      .map((tag) => `${tag}990010${'x'.repeat(10)}0181${'k'.repeat(81)}`)
      .join('');
    const result = decodeEmvQr(signed(PERU_BODY + longAccounts), QR_SCOPE);
    expect(result.errors.map((error) => error.code)).toEqual(['PAYLOAD_TOO_LONG']);
    expect(result.merchant_accounts).toHaveLength(7);
  });

  it('keeps what it read before a broken field', () => {
    const result = decodeEmvQr('0002010102125802BR5999cut', QR_SCOPE);
    expect(result).toMatchObject({ point_of_initiation: 'DYNAMIC', country: 'BR', valid: false });
    expect(result.errors[0]).toMatchObject({ code: 'LENGTH_OVERRUN', tag: '59' });
  });

  it('gives every error an English message naming its tag', () => {
    const [error] = decodeEmvQr(signed(PERU_BODY.replace('52045812', '5204581A')), QR_SCOPE).errors;
    expect(error?.message).toBe('tag 52: the merchant category code must be 4 digits ("581A")');
  });

  it('reads a non-string from an untyped caller as an empty payload', () => {
    expect(decodeEmvQr(null as unknown as string, QR_SCOPE)).toMatchObject({
      valid: false,
      errors: expect.arrayContaining([expect.objectContaining({ code: 'CRC_MISSING' })]),
    });
  });
});
