import { decodeEmvQr } from '../../../src/emv';
import { buildTlv } from '../../../src/emv/tlv';
import { signed } from './signed-payload';
import { QR_SCOPE } from '../../../src/rails/countries';

interface QrParts {
  account?: string;
  currency?: string;
  country?: string;
  additional?: string;
}

/** A QR with one tag 26 account; every part can be swapped to isolate one rule. */
function qr({
  account = '0014br.gov.bcb.pix011152998224725',
  currency = '986',
  country = 'BR',
  additional = '0503***',
}: QrParts) {
  return signed(
    buildTlv('00', '01') +
      buildTlv('26', account) +
      buildTlv('52', '0000') +
      buildTlv('53', currency) +
      buildTlv('58', country) +
      buildTlv('59', 'Fulano de Tal') +
      buildTlv('60', 'BRASILIA') +
      (additional === '' ? '' : buildTlv('62', additional)),
  );
}

const errorsOf = (payload: string) => decodeEmvQr(payload, QR_SCOPE).errors.map((error) => [error.code, error.tag]);

describe('Brazil Pix profile', () => {
  it.each([
    ['CPF', '52998224725'],
    ['CNPJ', '11222333000181'],
    ['alphanumeric CNPJ', '12ABC34501DE35'],
    ['e-mail', 'fulano@example.com'],
    ['phone', '+5561999999999'],
    ['random key', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'],
  ])('accepts a static QR with a %s key', (_type, key) => {
    const result = decodeEmvQr(qr({ account: `0014br.gov.bcb.pix${buildTlv('01', key)}` }), QR_SCOPE);
    expect(result).toMatchObject({ valid: true, profile: 'BR_PIX', pix: { key, url: null, description: null } });
  });

  it("reads a merchant's alphanumeric CNPJ in 62.10 beside the key, as written", () => {
    const additional = buildTlv('05', '***') + buildTlv('10', '12ABC34501DE35');
    const result = decodeEmvQr(
      qr({ account: `0014br.gov.bcb.pix${buildTlv('01', '12ABC34501DE35')}`, additional }),
      QR_SCOPE,
    );
    expect(result).toMatchObject({
      valid: true,
      pix: { key: '12ABC34501DE35' },
      additional_data: { reference_label: '***', merchant_tax_id: '12ABC34501DE35' },
    });
  });

  it('refuses an alphanumeric CNPJ key whose check digits are wrong', () => {
    expect(errorsOf(qr({ account: `0014br.gov.bcb.pix${buildTlv('01', '12ABC34501DE36')}` }))).toEqual([
      ['PIX_INVALID_KEY', '26.01'],
    ]);
  });

  it('accepts a dynamic QR carrying a URL and reads the description', () => {
    const account = `0014br.gov.bcb.pix${buildTlv('25', 'pix.example.com/qr/v2/9d36b84f')}${buildTlv('02', 'Pedido 42')}`;
    expect(decodeEmvQr(qr({ account }), QR_SCOPE)).toMatchObject({
      valid: true,
      profile: 'BR_PIX',
      pix: { key: null, url: 'pix.example.com/qr/v2/9d36b84f', description: 'Pedido 42' },
    });
  });

  it('recognises the GUI written in upper case', () => {
    expect(decodeEmvQr(qr({ account: '0014BR.GOV.BCB.PIX011152998224725' }), QR_SCOPE)).toMatchObject({
      valid: true,
      profile: 'BR_PIX',
    });
  });

  it.each<[string, QrParts, string, string]>([
    ['neither key nor URL', { account: '0014br.gov.bcb.pix0209Pedido 42' }, 'PIX_MISSING_KEY_OR_URL', '26'],
    ['both key and URL', { account: '0014br.gov.bcb.pix0111529982247252505pix.x' }, 'PIX_KEY_AND_URL', '26'],
    [
      'a key with a wrong CPF check digit',
      { account: '0014br.gov.bcb.pix011152998224724' },
      'PIX_INVALID_KEY',
      '26.01',
    ],
    ['no reference label', { additional: '' }, 'PIX_MISSING_TXID', '62.05'],
    ['a dollar currency', { currency: '840' }, 'CURRENCY_COUNTRY_MISMATCH', '53'],
    ['a Peruvian country code', { country: 'PE' }, 'PROFILE_COUNTRY_MISMATCH', '58'],
  ])('refuses a Pix QR with %s', (_case, parts, code, tag) => {
    const result = decodeEmvQr(qr(parts), QR_SCOPE);
    expect(result.profile).toBe('BR_PIX');
    expect(errorsOf(qr(parts))).toEqual([[code, tag]]);
  });

  describe('Pix Automático (composite QR)', () => {
    const recurrence = (gui: string) =>
      buildTlv('80', `${buildTlv('00', gui)}${buildTlv('25', 'pix.example.com/rec/9f1c')}`);

    it('lets tag 26 carry the GUI alone when a Pix template in 80-99 carries the recurrence URL', () => {
      const result = decodeEmvQr(
        signed(qr({ account: '0014br.gov.bcb.pix' }).slice(0, -8) + recurrence('br.gov.bcb.pix')),
        QR_SCOPE,
      );
      expect(result).toMatchObject({
        scheme_valid: true,
        scheme_violations: [],
        profile: 'BR_PIX',
        pix: { recurrence_url: 'pix.example.com/rec/9f1c' },
      });
      expect(result.errors.map((error) => error.code)).toEqual(['NOTHING_TO_PAY']);
    });

    it('still wants a key or URL when the 80-99 template belongs to another scheme', () => {
      const payload = signed(qr({ account: '0014br.gov.bcb.pix' }).slice(0, -8) + recurrence('com.example.rec'));
      expect(errorsOf(payload)).toEqual([['PIX_MISSING_KEY_OR_URL', '26']]);
      expect(decodeEmvQr(payload, QR_SCOPE).pix).toMatchObject({ recurrence_url: null });
    });
  });

  it('gives no profile to a Brazilian QR without a Pix account, and applies no Pix rule', () => {
    const result = decodeEmvQr(qr({ account: '0012D15600000000', additional: '' }), QR_SCOPE);
    expect(result).toMatchObject({ valid: true, profile: null, pix: null });
  });
});

describe('country profiles', () => {
  it.each([
    ['PE', '604', 'PE'],
    ['CO', '170', 'CO'],
    ['AR', '032', 'AR'],
  ])('detects %s from its country and accepts its currency', (country, currency, profile) => {
    expect(decodeEmvQr(qr({ account: '0012A00000000001', country, currency }), QR_SCOPE)).toMatchObject({
      valid: true,
      profile,
    });
  });

  it('flags an Argentine QR in reais', () => {
    expect(errorsOf(qr({ account: '0012A00000000001', country: 'AR', currency: '986' }))).toEqual([
      ['CURRENCY_COUNTRY_MISMATCH', '53'],
    ]);
  });

  it('gives no profile to a country the service has no profile for', () => {
    expect(decodeEmvQr(qr({ account: '0012A00000000001', country: 'MX', currency: '484' }), QR_SCOPE)).toMatchObject({
      valid: true,
      profile: null,
    });
  });
});
