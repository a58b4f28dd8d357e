import { Decimal as DecimalJs } from 'decimal.js';
import fc from 'fast-check';
import {
  CURRENCY_CODES,
  CurrencyCode,
  Decimal,
  MoneyError,
  POSITIVE_AMOUNT_TEXT,
  amountToJsonNumber,
  currencyByAlpha,
  formatAmount,
  fromMinorUnits,
  parseAmount,
  roundToMinor,
  toMinorUnits,
} from '../../../src/money';
import { expectMoneyError } from './expect-money-error';

const currencyArb = fc.constantFrom(...CURRENCY_CODES);
/** Any valid amount: a currency and a positive whole number of its minor units below 1e13. */
const amountArb = currencyArb.chain((currency) =>
  fc
    .bigInt({ min: 1n, max: 10n ** BigInt(13 + currencyByAlpha(currency).minorUnit) - 1n })
    .map((minor) => ({ currency, minor })),
);

describe('parseAmount', () => {
  it.each<[unknown, CurrencyCode, string]>([
    ['12.50', 'BRL', '12.5'],
    ['12.5', 'BRL', '12.5'],
    ['0.01', 'BRL', '0.01'],
    ['1500', 'CLP', '1500'],
    ['200000000', 'COP', '200000000'],
    ['9999999999999.99', 'USD', '9999999999999.99'],
    ['12.500', 'BRL', '12.5'],
    ['1500.00', 'CLP', '1500'],
    [12.5, 'BRL', '12.5'],
    [1500, 'CLP', '1500'],
    [0.07, 'PEN', '0.07'],
    [1e12, 'USD', '1000000000000'],
  ])('parses %j %s as %s', (input, currency, expected) => {
    expect(parseAmount(input, currency).toFixed()).toBe(expected);
  });

  it('reads a JSON number through its shortest form, not its binary value', () => {
    // 0.07 is 0.07000000000000000666... as a double; arithmetic would expose that.
    expect(parseAmount(0.07, 'BRL').eq(new Decimal('0.07'))).toBe(true);
    expect(parseAmount(JSON.parse('{"a":1234567.89}').a, 'BRL').toFixed()).toBe('1234567.89');
  });

  it('returns a Decimal of the money configuration', () => {
    expect(parseAmount('1', 'BRL').dividedBy(3).toFixed()).toBe(new Decimal(1).dividedBy(3).toFixed());
  });

  it.each<[unknown]>([
    [''],
    [' 12.50'],
    ['12.50 '],
    ['+12.50'],
    ['1e3'],
    ['1E3'],
    ['1,000.00'],
    ['1 000'],
    ['12,50'],
    ['.5'],
    ['5.'],
    ['007'],
    ['0x10'],
    ['Infinity'],
    ['NaN'],
    ['--1'],
    ['１２'],
    ['1'.repeat(33)],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [null],
    [undefined],
    [true],
    [12n],
    [{ value: '12.50' }],
    [['12.50']],
  ])('rejects %p as INVALID_AMOUNT', (input) => {
    expectMoneyError(() => parseAmount(input, 'BRL'), 'INVALID_AMOUNT');
  });

  it.each<[unknown, CurrencyCode]>([
    ['12.345', 'BRL'],
    ['0.001', 'USD'],
    ['1500.5', 'CLP'],
    [12.345, 'BRL'],
    [0.1 + 0.2, 'BRL'],
    [1e-7, 'BRL'],
    [1.5, 'PYG'],
  ])('rejects %p %s as TOO_MANY_DECIMALS instead of rounding', (input, currency) => {
    const error = expectMoneyError(() => parseAmount(input, currency), 'TOO_MANY_DECIMALS');
    expect(error.message).toContain(currency);
  });

  it.each<[unknown]>([['0'], ['0.00'], ['-0'], ['-12.50'], [0], [-0], [-5]])('rejects %p as NOT_POSITIVE', (input) => {
    expectMoneyError(() => parseAmount(input, 'BRL'), 'NOT_POSITIVE');
  });

  it.each<[unknown]>([['10000000000000'], ['10000000000000.00'], [1e13], [1e21], [1e300]])(
    'rejects %p as AMOUNT_TOO_LARGE',
    (input) => {
      expectMoneyError(() => parseAmount(input, 'USD'), 'AMOUNT_TOO_LARGE');
    },
  );

  it('rejects an unsupported currency even when the type system was bypassed', () => {
    expectMoneyError(() => parseAmount('10', 'XXX' as CurrencyCode), 'UNSUPPORTED_CURRENCY');
  });

  it('round-trips every valid amount through formatAmount (string and number input)', () => {
    fc.assert(
      fc.property(amountArb, ({ currency, minor }) => {
        const amount = fromMinorUnits(minor, currency);
        const text = formatAmount(amount, currency);
        expect(parseAmount(text, currency).eq(amount)).toBe(true);
        expect(toMinorUnits(parseAmount(text, currency), currency)).toBe(minor);
        expect(parseAmount(amountToJsonNumber(amount, currency), currency).eq(amount)).toBe(true);
      }),
    );
  });

  it('either parses or throws a MoneyError, for any string or JSON value', () => {
    const inputArb = fc.oneof(fc.string(), fc.stringMatching(/^[-+0-9.,eE ]{0,20}$/), fc.double(), fc.jsonValue());
    fc.assert(
      fc.property(inputArb, currencyArb, (input, currency) => {
        let result: Decimal;
        try {
          result = parseAmount(input, currency);
        } catch (error) {
          expect(error).toBeInstanceOf(MoneyError);
          return;
        }
        expect(result.gt(0)).toBe(true);
        expect(result.lt('1e13')).toBe(true);
        expect(result.decimalPlaces()).toBeLessThanOrEqual(currencyByAlpha(currency).minorUnit);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes exactly the strings POSITIVE_AMOUNT_TEXT (the documented pattern) admits, decimals aside', () => {
    const candidateArb = fc.oneof(
      fc.stringMatching(/^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,4})?$/),
      fc.stringMatching(POSITIVE_AMOUNT_TEXT),
      fc.string({ maxLength: 20 }),
    );
    fc.assert(
      fc.property(candidateArb, (text) => {
        // Decimals depend on the currency and are left to parseAmount: USD takes two.
        const parses = (() => {
          try {
            parseAmount(text, 'USD');
            return true;
          } catch {
            return false;
          }
        })();
        // Trailing zeros are no extra precision: "1.000" is 1.
        expect(parses).toBe(
          text.length <= 32 && POSITIVE_AMOUNT_TEXT.test(text) && new Decimal(text).decimalPlaces() <= 2,
        );
      }),
      { numRuns: 2000 },
    );
  });
});

describe('roundToMinor', () => {
  it.each<[string, CurrencyCode, string]>([
    ['0.125', 'BRL', '0.12'],
    ['0.135', 'BRL', '0.14'],
    ['0.1251', 'BRL', '0.13'],
    ['-0.125', 'BRL', '-0.12'],
    ['2.5', 'CLP', '2'],
    ['3.5', 'CLP', '4'],
    ['1500.49', 'CLP', '1500'],
    ['10', 'USD', '10'],
  ])('rounds %s %s to %s', (input, currency, expected) => {
    expect(roundToMinor(new Decimal(input), currency).toFixed()).toBe(expected);
  });

  it('rounds half to even even for a Decimal from another configuration', () => {
    expect(roundToMinor(new DecimalJs('0.125'), 'BRL').toFixed()).toBe('0.12');
  });

  it('lands within half a minor unit, on the even neighbour at ties', () => {
    fc.assert(
      fc.property(currencyArb, fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (currency, n) => {
        const { minorUnit } = currencyByAlpha(currency);
        const value = new Decimal(`${n}e-${minorUnit + 3}`);
        const rounded = roundToMinor(value, currency);
        const unit = new Decimal(`1e-${minorUnit}`);
        const distance = rounded.minus(value).abs();
        expect(rounded.decimalPlaces()).toBeLessThanOrEqual(minorUnit);
        expect(distance.lte(unit.dividedBy(2))).toBe(true);
        if (distance.eq(unit.dividedBy(2))) {
          expect(toMinorUnits(rounded, currency) % 2n).toBe(0n);
        }
      }),
    );
  });
});

describe('formatAmount and amountToJsonNumber', () => {
  it.each<[string, CurrencyCode, string, number]>([
    ['10.5', 'BRL', '10.50', 10.5],
    ['10', 'USD', '10.00', 10],
    ['0.01', 'PEN', '0.01', 0.01],
    ['1500', 'CLP', '1500', 1500],
    ['-3', 'COP', '-3.00', -3],
    ['-0', 'BRL', '0.00', 0],
    ['200000000', 'COP', '200000000.00', 200000000],
  ])('formats %s %s as %s', (input, currency, text, number) => {
    expect(formatAmount(new Decimal(input), currency)).toBe(text);
    expect(amountToJsonNumber(new Decimal(input), currency)).toBe(number);
  });

  it.each<[string, CurrencyCode]>([
    ['10.505', 'BRL'],
    ['1500.5', 'CLP'],
  ])('refuses to round %s %s silently', (input, currency) => {
    expect(() => formatAmount(new Decimal(input), currency)).toThrow(RangeError);
    expect(() => amountToJsonNumber(new Decimal(input), currency)).toThrow(RangeError);
  });
});

describe('minor units', () => {
  it.each<[string, CurrencyCode, bigint]>([
    ['12.34', 'BRL', 1234n],
    ['0.05', 'USD', 5n],
    ['-0.05', 'USD', -5n],
    ['1500', 'CLP', 1500n],
    ['0', 'BRL', 0n],
    ['12345678901234567890123456789012345678901234.56', 'USD', 1234567890123456789012345678901234567890123456n],
  ])('%s %s is %p minor units', (input, currency, minor) => {
    expect(toMinorUnits(new Decimal(input), currency)).toBe(minor);
    expect(fromMinorUnits(minor, currency).eq(new Decimal(input))).toBe(true);
  });

  it('refuses an amount finer than the minor unit', () => {
    expect(() => toMinorUnits(new Decimal('0.001'), 'USD')).toThrow(RangeError);
  });

  it('round-trips any bigint', () => {
    fc.assert(
      fc.property(currencyArb, fc.bigInt(), (currency, minor) => {
        expect(toMinorUnits(fromMinorUnits(minor, currency), currency)).toBe(minor);
      }),
    );
  });
});
