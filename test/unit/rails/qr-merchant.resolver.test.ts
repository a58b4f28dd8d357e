import { resolveQrMerchant } from '../../../src/rails/simulator/qr-merchant.resolver';
import { SimulatorHttpError } from '../../../src/rails/simulator/simulator-http.error';

const tlv = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;

function qr(fields: { name: string; city?: string; country?: string; account?: string; store?: string }): string {
  return [
    tlv('00', '01'),
    tlv('26', tlv('00', 'br.gov.bcb.pix') + tlv('01', fields.account ?? 'merchant@example.com')),
    tlv('58', fields.country ?? 'BR'),
    tlv('59', fields.name),
    tlv('60', fields.city ?? 'SAO PAULO'),
    fields.store === undefined ? '' : tlv('62', tlv('03', fields.store)),
    tlv('63', 'ABCD'),
  ].join('');
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

  it('is deterministic, and another account or city means another merchant', () => {
    const base = resolveQrMerchant(qr({ name: 'PADARIA BOA' }), 's');
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA' }), 's')).toEqual(base);
    expect(resolveQrMerchant(qr({ name: 'PADARIA BOA', account: 'other@example.com' }), 's').identification_number).not.toBe(
      base.identification_number,
    );
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
    ['truncated TLV', '000201591'],
    ['no merchant name', tlv('00', '01') + tlv('58', 'BR')],
    ['not TLV at all', 'hello world'],
  ])('answers 400 to %s', (_label, payload) => {
    expect(() => resolveQrMerchant(payload, 's')).toThrow(expect.objectContaining({ status: 400 }) as SimulatorHttpError);
  });

  it('answers 404 to the magic unknown merchant', () => {
    expect(() => resolveQrMerchant(qr({ name: 'UNKNOWN MERCHANT' }), 's')).toThrow(
      expect.objectContaining({ status: 404, code: 'KEY_NOT_FOUND' }) as SimulatorHttpError,
    );
  });
});
