import fc from 'fast-check';
import {
  CURRENCY_CODES,
  CurrencyCode,
  Decimal,
  applySpread,
  convert,
  currencyByAlpha,
  formatRate,
  inverseRate,
  toMinorUnits,
} from '../../../src/money';

/** Positive rates with 10 decimals, from 0.0000000001 to 100000. */
const rateArb = fc.bigInt({ min: 1n, max: 10n ** 15n }).map((tenBillionths) => new Decimal(`${tenBillionths}e-10`));

describe('applySpread', () => {
  it.each([
    ['5.25', 0, '5.25'],
    ['5.25', 100, '5.3025'],
    ['5.25', 250, '5.38125'],
    ['1', 10_000, '2'],
    // 0.0002550030175 at 10 dp
    ['0.0002512345', 150, '0.000255003'],
    // 0.0000000003535 at 10 dp
    ['0.00000000035', 100, '0.0000000004'],
    // ties at the 10th decimal go to the even digit
    ['1.00000000005', 0, '1'],
    ['1.00000000015', 0, '1.0000000002'],
  ])('%s with %i bps is %s', (mid, bps, expected) => {
    expect(applySpread(new Decimal(mid), bps).toFixed()).toBe(expected);
  });

  it('never gives the user a better rate than mid-market', () => {
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 0, max: 10_000 }), (mid, bps) => {
        const rate = applySpread(mid, bps);
        expect(rate.gte(mid)).toBe(true);
        expect(rate.decimalPlaces()).toBeLessThanOrEqual(10);
      }),
    );
  });

  it.each([-1, 1.5, 10_001, Number.NaN])('refuses a spread of %p bps', (bps) => {
    expect(() => applySpread(new Decimal('5'), bps)).toThrow(RangeError);
  });

  it.each(['0', '-1', 'NaN', 'Infinity'])('refuses a mid rate of %s', (mid) => {
    expect(() => applySpread(new Decimal(mid), 0)).toThrow(RangeError);
  });

  it('refuses a rate that rounds to zero at 10 decimals', () => {
    expect(() => applySpread(new Decimal('0.00000000004'), 0)).toThrow(RangeError);
  });
});

describe('inverseRate', () => {
  it.each([
    ['4', '0.25'],
    ['3', '0.3333333333'],
    ['0.0002500000', '4000'],
    ['6', '0.1666666667'],
    ['5.3025', '0.1885902876'],
  ])('inverts %s to %s', (rate, expected) => {
    expect(inverseRate(new Decimal(rate)).toFixed()).toBe(expected);
  });

  it('is within half a unit of the 10th decimal of the exact inverse', () => {
    fc.assert(
      fc.property(rateArb, (rate) => {
        const inverse = inverseRate(rate);
        const error = inverse.times(rate).minus(1).abs().dividedBy(rate);
        expect(error.lte('0.00000000005')).toBe(true);
      }),
    );
  });

  it('refuses zero', () => {
    expect(() => inverseRate(new Decimal(0))).toThrow(RangeError);
  });
});

describe('convert', () => {
  it.each<[string, string, CurrencyCode, string]>([
    ['100.00', '5.3025', 'BRL', '530.25'],
    ['1', '0.125', 'USD', '0.12'],
    ['1', '0.135', 'USD', '0.14'],
    ['10', '95.05', 'CLP', '950'],
    ['10', '95.15', 'CLP', '952'],
    ['200000000', '0.0002545678', 'USD', '50913.56'],
    ['50000', '187.1234567891', 'CLP', '9356173'],
  ])('%s × %s is %s %s', (amount, rate, currency, expected) => {
    expect(convert(new Decimal(amount), new Decimal(rate), currency).toFixed()).toBe(expected);
  });

  it('rounds the exact product half-even to the target minor unit', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 12n }),
        rateArb,
        fc.constantFrom(...CURRENCY_CODES),
        (localMinor, rate, currency) => {
          const amount = new Decimal(`${localMinor}e-2`);
          const result = convert(amount, rate, currency);
          const exact = amount.times(rate);
          const unit = new Decimal(`1e-${currencyByAlpha(currency).minorUnit}`);
          const distance = result.minus(exact).abs();
          expect(distance.lte(unit.dividedBy(2))).toBe(true);
          if (distance.eq(unit.dividedBy(2))) {
            expect(toMinorUnits(result, currency) % 2n).toBe(0n);
          }
        },
      ),
    );
  });

  it('refuses a non-positive rate', () => {
    expect(() => convert(new Decimal(1), new Decimal(0), 'USD')).toThrow(RangeError);
  });
});

describe('formatRate', () => {
  it.each([
    ['5.25', '5.25'],
    ['5.2500000000', '5.25'],
    ['4000', '4000'],
    ['0.0000000001', '0.0000000001'],
    ['0.0002545678', '0.0002545678'],
    ['123456789012345678901234', '123456789012345678901234'],
  ])('formats %s as %s', (rate, expected) => {
    expect(formatRate(new Decimal(rate))).toBe(expected);
  });

  it('reads back as the same rate', () => {
    fc.assert(
      fc.property(rateArb, (rate) => {
        const text = formatRate(rate);
        expect(text).toMatch(/^(0|[1-9][0-9]*)(\.[0-9]{0,9}[1-9])?$/);
        expect(new Decimal(text).eq(rate)).toBe(true);
      }),
    );
  });

  it('refuses to round a finer rate', () => {
    expect(() => formatRate(new Decimal('1.00000000001'))).toThrow(RangeError);
  });
});
