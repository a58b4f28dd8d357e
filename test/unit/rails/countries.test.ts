import { PAYMENT_CURRENCIES } from '../../../src/money';
import {
  COUNTRIES,
  COUNTRY_CODES,
  countryCurrency,
  isKeyCountry,
  isMaskedHolderCountry,
  isSupportedCountry,
  KEY_COUNTRIES,
  KEY_CURRENCIES,
  QR_SCOPE,
} from '../../../src/rails/countries';
import { expectMoneyError } from '../money/expect-money-error';

describe('the countries served (src/rails/countries.ts)', () => {
  it.each([
    ['BR', 'BRL'],
    ['PE', 'PEN'],
    ['CO', 'COP'],
    ['AR', 'ARS'],
    ['CL', 'CLP'],
    ['MX', 'MXN'],
    ['UY', 'UYU'],
  ])('%s pays in %s', (country, currency) => {
    expect(isSupportedCountry(country)).toBe(true);
    expect(countryCurrency(country)).toBe(currency);
  });

  it.each(['US', 'br', 'BRA', '', 'hasOwnProperty', 'toString'])('rejects %j', (country) => {
    expect(isSupportedCountry(country)).toBe(false);
    expectMoneyError(() => countryCurrency(country), 'UNSUPPORTED_COUNTRY');
  });

  it("pays in every served country's currency", () => {
    for (const country of COUNTRY_CODES) expect(PAYMENT_CURRENCIES).toContain(countryCurrency(country));
  });

  it('lists the countries in ISO order and the key countries in the order the API names them', () => {
    expect(COUNTRY_CODES).toEqual(['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'UY']);
    expect(KEY_COUNTRIES).toEqual(['BR', 'PE', 'CO']);
    expect(KEY_CURRENCIES).toEqual(['BRL', 'PEN', 'COP']);
    expect(COUNTRY_CODES.filter(isKeyCountry)).toEqual(['BR', 'CO', 'PE']);
  });

  it('names each key rail as its metrics always did', () => {
    expect(COUNTRIES.keyRailNames()).toEqual(['brazil', 'peru', 'colombia']);
  });

  it('masks the holders Brazil and Colombia answer, not Peru’s accounts', () => {
    expect(COUNTRY_CODES.filter(isMaskedHolderCountry)).toEqual(['BR', 'CO']);
    expect(COUNTRIES.holderDocumentTypes()).toEqual(['CPF', 'CNPJ', 'CC', 'NIT']);
  });

  it('judges QRs by the countries served, and Pix keys by Brazil’s rules', () => {
    expect(QR_SCOPE.countries).toEqual(COUNTRY_CODES);
    expect(QR_SCOPE.isPixKey('52998224725')).toBe(true);
    expect(QR_SCOPE.isPixKey('529.982.247-25')).toBe(false);
  });
});
