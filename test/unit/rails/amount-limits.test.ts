import { Decimal, LimitConfigError } from '../../../src/money';
import {
  COUNTRY_CODES,
  CountryCode,
  amountLimits,
  assertAmountWithinLimits,
  parseLimitOverrides,
} from '../../../src/rails/countries';
import { expectMoneyError } from '../money/expect-money-error';

describe('amountLimits', () => {
  it.each<[CountryCode, string, string]>([
    ['BR', 'BRL', '50000'],
    ['PE', 'PEN', '50000'],
    ['AR', 'ARS', '50000'],
    ['CO', 'COP', '200000000'],
    ['CL', 'CLP', '50000'],
    ['MX', 'MXN', '50000'],
    ['UY', 'UYU', '50000'],
  ])('defaults %s to at most %s %s', (country, currency, max) => {
    const limits = amountLimits(country);
    expect(limits.currency).toBe(currency);
    expect(limits.max.toFixed()).toBe(max);
  });

  it('takes an override for its country only', () => {
    const overrides = { BR: '100000.50' };
    expect(amountLimits('BR', overrides).max.toFixed()).toBe('100000.5');
    expect(amountLimits('PE', overrides).max.toFixed()).toBe('50000');
  });

  it.each(['0', '-1', 'abc', '1e6', '100.001'])('refuses the override %j', (max) => {
    expect(() => amountLimits('BR', { BR: max })).toThrow(LimitConfigError);
  });

  it('refuses a decimal override for a currency without minor unit', () => {
    expect(() => amountLimits('CL', { CL: '1000.5' })).toThrow(/CL/);
  });

  it('refuses an unsupported country', () => {
    expectMoneyError(() => amountLimits('US' as CountryCode), 'UNSUPPORTED_COUNTRY');
  });
});

describe('assertAmountWithinLimits', () => {
  it.each<[CountryCode, string]>([
    ['BR', '0.01'],
    ['BR', '50000.00'],
    ['CO', '200000000'],
    ['CL', '1'],
  ])('accepts %s %s', (country, amount) => {
    expect(() => assertAmountWithinLimits(new Decimal(amount), country)).not.toThrow();
  });

  it.each<[CountryCode, string]>([
    ['BR', '50000.01'],
    ['PE', '50001'],
    ['AR', '1000000'],
    ['CO', '200000000.01'],
  ])('rejects %s %s as too large', (country, amount) => {
    const error = expectMoneyError(() => assertAmountWithinLimits(new Decimal(amount), country), 'AMOUNT_TOO_LARGE');
    expect(error.message).toContain(amountLimits(country).currency);
  });

  it.each(['0', '-0.01'])('rejects %s as not positive', (amount) => {
    expectMoneyError(() => assertAmountWithinLimits(new Decimal(amount), 'BR'), 'NOT_POSITIVE');
  });

  it('applies overrides', () => {
    const overrides = { BR: '100' };
    expect(() => assertAmountWithinLimits(new Decimal('100'), 'BR', overrides)).not.toThrow();
    expectMoneyError(() => assertAmountWithinLimits(new Decimal('100.01'), 'BR', overrides), 'AMOUNT_TOO_LARGE');
  });
});

describe('parseLimitOverrides', () => {
  it.each([undefined, '', '   '])('reads %j as no overrides', (value) => {
    expect(parseLimitOverrides(value)).toEqual({});
  });

  it('reads several entries', () => {
    expect(parseLimitOverrides('BR=100000,CO=300000000')).toEqual({
      BR: '100000',
      CO: '300000000',
    });
    expect(parseLimitOverrides(' PE = 75000.50 , CL=9000000 ')).toEqual({
      PE: '75000.50',
      CL: '9000000',
    });
  });

  it('produces overrides that amountLimits uses', () => {
    const overrides = parseLimitOverrides('AR=5000000');
    for (const country of COUNTRY_CODES) {
      const expected = country === 'AR' ? '5000000' : amountLimits(country).max.toFixed();
      expect(amountLimits(country, overrides).max.toFixed()).toBe(expected);
    }
  });

  it.each([
    'BR',
    'BR=',
    '=100',
    'BR=100,',
    ',BR=100',
    'BR=100;CO=200',
    'BR=100=200',
    'BR=1 00',
    'br=100',
    'US=100',
    'BR=100,BR=200',
    'BR=abc',
    'BR=0',
    'BR=-5',
    'BR=1e6',
    'CL=10.5',
  ])('throws on %j', (value) => {
    expect(() => parseLimitOverrides(value)).toThrow(LimitConfigError);
  });
});
