import fc from 'fast-check';
import {
  CURRENCY_CODES,
  Decimal,
  cumulativeUserRefund,
  currencyByAlpha,
  fromMinorUnits,
  refundShare,
} from '../../../src/money';

const d = (value: string) => new Decimal(value);

describe('refundShare', () => {
  it('splits 10.00 in three thirds as 3.33, 3.33, 3.34', () => {
    const base = { debited: d('10.00'), localTotal: d('300'), currency: 'USD' as const };
    const shares = [
      refundShare({ ...base, localRefundedBefore: d('0'), localRefundNow: d('100') }),
      refundShare({ ...base, localRefundedBefore: d('100'), localRefundNow: d('100') }),
      refundShare({ ...base, localRefundedBefore: d('200'), localRefundNow: d('100') }),
    ];
    expect(shares.map((s) => s.toFixed(2))).toEqual(['3.33', '3.33', '3.34']);
  });

  it('rounds down where half-even would round up', () => {
    // Half of 0.03 is 0.015, which half-even would make 0.02.
    const share = refundShare({
      debited: d('0.03'),
      localTotal: d('100.00'),
      localRefundedBefore: d('0'),
      localRefundNow: d('50.00'),
      currency: 'BRL',
    });
    expect(share.toFixed()).toBe('0.01');
  });

  it('gives the whole debit back for a full refund', () => {
    const share = refundShare({
      debited: d('530.25'),
      localTotal: d('100.00'),
      localRefundedBefore: d('0'),
      localRefundNow: d('100.00'),
      currency: 'BRL',
    });
    expect(share.toFixed()).toBe('530.25');
  });

  it('works in a currency without minor unit', () => {
    const base = { debited: d('1001'), localTotal: d('2.00'), currency: 'CLP' as const };
    expect(refundShare({ ...base, localRefundedBefore: d('0'), localRefundNow: d('1.00') }).toFixed()).toBe('500');
    expect(refundShare({ ...base, localRefundedBefore: d('1.00'), localRefundNow: d('1.00') }).toFixed()).toBe('501');
  });

  it('stays exact beyond 40 significant digits', () => {
    // 0.01 × (1e45 - 1) / 1e45 is just under 0.01; a 40-digit sum or quotient would reach it.
    const share = refundShare({
      debited: d('0.01'),
      localTotal: d(`1${'0'.repeat(45)}`),
      localRefundedBefore: d('0'),
      localRefundNow: d('9'.repeat(45)),
      currency: 'USD',
    });
    expect(share.toFixed()).toBe('0');
  });

  it.each([
    ['a refund over the remaining amount', '60', '50'],
    ['a zero refund', '0', '0'],
    ['a negative refund', '10', '-1'],
    ['a negative refunded-before', '-1', '1'],
  ])('refuses %s', (_label, before, now) => {
    expect(() =>
      refundShare({
        debited: d('10.00'),
        localTotal: d('100'),
        localRefundedBefore: d(before),
        localRefundNow: d(now),
        currency: 'USD',
      }),
    ).toThrow(RangeError);
  });

  it('refuses a debit finer than the user currency minor unit', () => {
    expect(() =>
      refundShare({
        debited: d('10.001'),
        localTotal: d('100'),
        localRefundedBefore: d('0'),
        localRefundNow: d('10'),
        currency: 'USD',
      }),
    ).toThrow(RangeError);
  });
});

describe('cumulativeUserRefund', () => {
  it.each([
    ['0', '0.00'],
    ['33.33', '3.33'],
    ['99.99', '9.99'],
    ['100.00', '10.00'],
  ])('after %s of 100.00 refunded, %s of 10.00 is back', (refunded, expected) => {
    const cumulative = cumulativeUserRefund({
      debited: d('10.00'),
      localTotal: d('100.00'),
      localRefunded: d(refunded),
      currency: 'USD',
    });
    expect(cumulative.toFixed(2)).toBe(expected);
  });

  it('refuses a zero local total', () => {
    expect(() =>
      cumulativeUserRefund({
        debited: d('1'),
        localTotal: d('0'),
        localRefunded: d('0'),
        currency: 'USD',
      }),
    ).toThrow(RangeError);
  });
});

/** An order (debit, local total) and a split of its local total into partial refunds. */
const refundPlanArb = fc
  .record({
    currency: fc.constantFrom(...CURRENCY_CODES),
    localDecimals: fc.constantFrom(0, 2),
    debitedMinor: fc.bigInt({ min: 0n, max: 10n ** 15n }),
    parts: fc.array(fc.bigInt({ min: 1n, max: 10n ** 12n }), { minLength: 1, maxLength: 12 }),
  })
  .map(({ currency, localDecimals, debitedMinor, parts }) => ({
    currency: currency,
    debited: fromMinorUnits(debitedMinor, currency),
    refunds: parts.map((part) => new Decimal(`${part}e-${localDecimals}`)),
  }));

describe('refund sequences (property)', () => {
  it('shares are non-negative, round down, never exceed the debit, and sum to it exactly', () => {
    fc.assert(
      fc.property(refundPlanArb, ({ currency, debited, refunds }) => {
        const localTotal = refunds.reduce((sum, part) => sum.plus(part), new Decimal(0));
        const { minorUnit } = currencyByAlpha(currency);
        let localRefunded = new Decimal(0);
        let userRefunded = new Decimal(0);
        for (const localRefundNow of refunds) {
          const share = refundShare({
            debited,
            localTotal,
            localRefundedBefore: localRefunded,
            localRefundNow,
            currency,
          });
          expect(share.gte(0)).toBe(true);
          expect(share.decimalPlaces()).toBeLessThanOrEqual(minorUnit);
          localRefunded = localRefunded.plus(localRefundNow);
          userRefunded = userRefunded.plus(share);
          expect(userRefunded.lte(debited)).toBe(true);
          // The pro-rata value rounded down: at most it, and less than one minor unit below it.
          const proRata = debited.times(localRefunded).dividedBy(localTotal);
          expect(userRefunded.lte(proRata)).toBe(true);
          expect(proRata.minus(userRefunded).lt(new Decimal(`1e-${minorUnit}`))).toBe(true);
        }
        expect(userRefunded.eq(debited)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
