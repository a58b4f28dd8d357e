import { encodeEmvQr } from '../../../src/emv';
import { resolveQrMerchant } from '../../../sim/rails/qr-merchant.resolver';
import { QR_SCOPE } from '../../../src/rails/countries';

const CURRENCY_BY_COUNTRY: Record<string, string> = {
  BR: '986',
  PE: '604',
  CO: '170',
  AR: '032',
  CL: '152',
  MX: '484',
};

function qr(fields: {
  name: string;
  city?: string;
  country?: string;
  account?: string;
  store?: string;
  taxId?: string;
}): string {
  const country = fields.country ?? 'BR';
  return encodeEmvQr(
    {
      point_of_initiation: 'STATIC',
      merchant_accounts: [
        country === 'BR'
          ? { tag: '26', gui: 'br.gov.bcb.pix', fields: { '01': fields.account ?? 'merchant@example.com' } }
          : { tag: '27', gui: 'com.example.acquirer', fields: { '01': fields.account ?? '123456' } },
      ],
      merchant: { name: fields.name, city: fields.city ?? 'SAO PAULO', mcc: '5812' },
      currency_numeric: CURRENCY_BY_COUNTRY[country] ?? '986',
      country,
      additional_data: {
        ...(country === 'BR' ? { reference_label: '***' } : {}),
        ...(fields.store === undefined ? {} : { store_label: fields.store }),
        ...(fields.taxId === undefined ? {} : { merchant_tax_id: fields.taxId }),
      },
    },
    QR_SCOPE,
  );
}

describe('resolveQrMerchant', () => {
  it('takes the name from tag 59 and the branch from the store label', () => {
    const merchant = resolveQrMerchant(qr({ name: 'PADARIA BOA', store: 'LOJA 7' }), 's');
    expect(merchant.name).toBe('PADARIA BOA');
    expect(merchant.branch_office).toBe('LOJA 7');
    expect(merchant.identification_number).toMatch(/^\d{14}$/);
  });

  it('leaves the branch empty when the QR names none', () => {
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA' }), 's').branch_office).toBe('');
  });

  it('uses the tax id the QR carries', () => {
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA', taxId: '11222333000181' }), 's').identification_number).toBe(
      '11222333000181',
    );
  });

  it('is deterministic, and another account or city means another merchant', () => {
    const base = resolveQrMerchant(qr({ name: 'PADARIA BOA' }), 's');
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA' }), 's')).toEqual(base);
    expect(
      resolveQrMerchant(qr({ name: 'PADARIA BOA', account: 'other@example.com' }), 's').identification_number,
    ).not.toBe(base.identification_number);
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA', city: 'RECIFE' }), 's').identification_number).not.toBe(
      base.identification_number,
    );
  });

  it.each([
    ['PE', /^20\d{9}$/],
    ['CO', /^9\d{8}-\d$/],
    ['AR', /^30\d{9}$/],
    ['CL', /^7\d{7}-[\dK]$/],
    ['MX', /^\d{12}$/],
  ])('issues a %s-shaped tax id', (country, shape) => {
    expect(resolveQrMerchant(qr({ name: 'TIENDA', country }), 's').identification_number).toMatch(shape);
  });

  it.each([
    ['a broken CRC', () => qr({ name: 'PADARIA BOA' }).slice(0, -4) + '0000'],
    ['truncated TLV', () => '000201591'],
    ['not TLV at all', () => 'hello world'],
  ])('answers 400 to %s', (_label, payload) => {
    expect(() => resolveQrMerchant(payload(), 's')).toThrow(
      expect.objectContaining({ status: 400, code: 'INVALID_REQUEST' }),
    );
  });

  it('answers 404 to the magic unknown merchant', () => {
    expect(() => resolveQrMerchant(qr({ name: 'UNKNOWN MERCHANT' }), 's')).toThrow(
      expect.objectContaining({ status: 404, code: 'KEY_NOT_FOUND' }),
    );
  });
});
