import { CURRENCY_CODES, currencyByAlpha, currencyByNumeric, isSupportedCurrency } from '../../../src/money';
import { expectMoneyError } from './expect-money-error';

describe('currencies', () => {
  it.each([
    ['BRL', '986', 2],
    ['PEN', '604', 2],
    ['COP', '170', 2],
    ['ARS', '032', 2],
    ['CLP', '152', 0],
    ['MXN', '484', 2],
    ['UYU', '858', 2],
    ['USD', '840', 2],
    ['EUR', '978', 2],
    ['BOB', '068', 2],
    ['PYG', '600', 0],
    ['GTQ', '320', 2],
    ['CRC', '188', 2],
  ])('%s has numeric %s and %i minor digits', (alpha, numeric, minorUnit) => {
    const byAlpha = currencyByAlpha(alpha);
    expect(byAlpha).toMatchObject({ alpha, numeric, minorUnit });
    expect(byAlpha.name).not.toBe('');
    expect(currencyByNumeric(numeric)).toBe(byAlpha);
    expect(isSupportedCurrency(alpha)).toBe(true);
  });

  it('has unique numeric codes of three digits', () => {
    const numerics = CURRENCY_CODES.map((code) => currencyByAlpha(code).numeric);
    expect(new Set(numerics).size).toBe(numerics.length);
    numerics.forEach((numeric) => expect(numeric).toMatch(/^[0-9]{3}$/));
  });

  it.each(['brl', 'XXX', '', 'BRL ', 'toString', '__proto__'])('rejects %j as an alpha code', (code) => {
    expect(isSupportedCurrency(code)).toBe(false);
    expectMoneyError(() => currencyByAlpha(code), 'UNSUPPORTED_CURRENCY');
  });

  it.each([986, null, undefined, {}])('isSupportedCurrency(%p) is false', (value) => {
    expect(isSupportedCurrency(value)).toBe(false);
  });

  it.each(['32', '999', '0986', ''])('rejects %j as a numeric code', (numeric) => {
    expectMoneyError(() => currencyByNumeric(numeric), 'UNSUPPORTED_CURRENCY');
  });
});
