import { decodeEmvQr } from '../../../src/emv';
import { buildTlv } from '../../../src/emv/tlv';
import { signed } from './signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

interface QrParts {
  account?: string;
  currency: string;
  country: string;
  amount?: string;
}

/** A QR with one scheme-neutral account, so that only the currency and the country vary. */
function qr({ account = buildTlv('26', '0012A00000000001'), currency, country, amount }: QrParts) {
  return signed(
    buildTlv('00', '01') +
      account +
      buildTlv('52', '5411') +
      buildTlv('53', currency) +
      (amount === undefined ? '' : buildTlv('54', amount)) +
      buildTlv('58', country) +
      buildTlv('59', 'MERCHANT') +
      buildTlv('60', 'CITY'),
  );
}

const codes = (errors: readonly { code: string }[]) => errors.map((error) => error.code);

describe('payable: what this service can pay, apart from the QR being well-formed', () => {
  it('reads a well-formed yen QR as EMVCo-valid and not payable, naming its country and currency', () => {
    const result = decodeEmvQr(qr({ currency: '392', country: 'JP', amount: '1500' }), QR_SCOPE);
    expect(result).toMatchObject({
      emvco_valid: true,
      emvco_errors: [],
      scheme_valid: true,
      payable: false,
      valid: false,
      currency: { alpha: 'JPY', numeric: '392' },
      amount: '1500',
    });
    expect(codes(result.not_payable_reasons)).toEqual(['UNSUPPORTED_COUNTRY', 'UNSUPPORTED_CURRENCY']);
    expect(result.errors).toEqual(result.not_payable_reasons);
    expect(result.not_payable_reasons[1]?.message).toBe(
      'tag 53: this service does not pay in this currency (JPY; this service pays in USD, EUR, BRL, PEN, COP, ARS, CLP, MXN, UYU)',
    );
  });

  it('judges the amount by the currency it names, even one not paid here: yen have no decimals', () => {
    const result = decodeEmvQr(qr({ currency: '392', country: 'JP', amount: '1500.5' }), QR_SCOPE);
    expect(result.emvco_valid).toBe(false);
    expect(codes(result.emvco_errors)).toEqual(['INVALID_AMOUNT']);
  });

  it.each([
    ['yuan in Mexico', '156', 'MX', ['UNSUPPORTED_CURRENCY']],
    ['bolivianos, known to the service but not quoted by its FX provider', '068', 'MX', ['UNSUPPORTED_CURRENCY']],
    ['dollars in the United States', '840', 'US', ['UNSUPPORTED_COUNTRY']],
    ['dollars in Uruguay', '840', 'UY', []],
    ['pesos in Mexico', '484', 'MX', []],
  ])('%s', (_case, currency, country, reasons) => {
    const result = decodeEmvQr(qr({ currency, country }), QR_SCOPE);
    expect(result.emvco_valid).toBe(true);
    expect(codes(result.not_payable_reasons)).toEqual(reasons);
    expect(result.payable).toBe(reasons.length === 0);
    expect(result.valid).toBe(result.payable);
  });

  it('gives no reason for a country it could not read: that is an EMVCo defect, and the QR is not payable', () => {
    const result = decodeEmvQr(qr({ currency: '484', country: 'mx' }), QR_SCOPE);
    expect(codes(result.emvco_errors)).toEqual(['INVALID_COUNTRY']);
    expect(result.not_payable_reasons).toEqual([]);
    expect(result).toMatchObject({ emvco_valid: false, payable: false, valid: false });
  });

  it('keeps each finding in its own list, and all of them in errors, in that order', () => {
    const pixAccount = buildTlv('26', `0014br.gov.bcb.pix${buildTlv('01', '+5561999999999')}`);
    const result = decodeEmvQr(qr({ account: pixAccount, currency: '392', country: 'BR', amount: '1.5' }), QR_SCOPE);
    expect(codes(result.emvco_errors)).toEqual(['INVALID_AMOUNT']);
    expect(codes(result.scheme_violations)).toEqual(['CURRENCY_COUNTRY_MISMATCH', 'PIX_MISSING_TXID']);
    expect(codes(result.not_payable_reasons)).toEqual(['UNSUPPORTED_CURRENCY']);
    expect(codes(result.errors)).toEqual([
      'INVALID_AMOUNT',
      'CURRENCY_COUNTRY_MISMATCH',
      'PIX_MISSING_TXID',
      'UNSUPPORTED_CURRENCY',
    ]);
    expect(result).toMatchObject({ emvco_valid: false, scheme_valid: false, payable: false, valid: false });
  });

  it('is not payable when the QR is broken, even in a country and currency it pays in', () => {
    const payload = qr({ currency: '484', country: 'MX' });
    const result = decodeEmvQr(`${payload.slice(0, -4)}0000`, QR_SCOPE);
    expect(result).toMatchObject({
      emvco_valid: false,
      scheme_valid: true,
      not_payable_reasons: [],
      payable: false,
      valid: false,
    });
  });

  it("judges the country and a Pix QR's key by its caller's scope, and knows no country of its own", () => {
    const japan = { countries: ['JP', 'KR'], isPixKey: () => false };
    const result = decodeEmvQr(qr({ currency: '484', country: 'MX' }), japan);
    expect(result.not_payable_reasons.map((reason) => reason.message)).toEqual([
      'tag 58: this service does not pay QR codes of this country (MX; this service pays in JP, KR)',
    ]);
    const pixAccount = buildTlv('26', `0014br.gov.bcb.pix${buildTlv('01', '52998224725')}`);
    const pix = qr({ account: pixAccount, currency: '986', country: 'BR' });
    expect(codes(decodeEmvQr(pix, QR_SCOPE).scheme_violations)).toEqual(['PIX_MISSING_TXID']);
    expect(codes(decodeEmvQr(pix, japan).scheme_violations)).toEqual(['PIX_INVALID_KEY', 'PIX_MISSING_TXID']);
  });
});
