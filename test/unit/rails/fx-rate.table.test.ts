import Decimal from 'decimal.js';
import { midRate, UNITS_PER_USD } from '../../../sim/rails/fx-rate.table';
import { PAYMENT_CURRENCIES } from '../../../src/money';

const now = new Date('2025-03-14T15:09:26.535Z');

describe('midRate', () => {
  it('quotes every pair with at most 10 decimal places and a positive rate', () => {
    for (const base of PAYMENT_CURRENCIES) {
      for (const target of PAYMENT_CURRENCIES) {
        const quote = midRate(base, target, now);
        expect(quote.rate).toMatch(/^\d+(\.\d{1,10})?$/);
        expect(new Decimal(quote.rate).gt(0)).toBe(true);
        if (base === target) expect(quote.rate).toBe('1');
      }
    }
  });

  it('crosses through the dollar table', () => {
    expect(midRate('USD', 'BRL', now).rate).toBe(UNITS_PER_USD.BRL);
    expect(midRate('BRL', 'PEN', now).rate).toBe('0.6880733945');
    expect(midRate('COP', 'USD', now).rate).toBe('0.0002439024');
  });

  it('dates the rate at the start of the UTC day', () => {
    expect(midRate('EUR', 'USD', now).as_of).toBe('2025-03-14T00:00:00.000Z');
    expect(midRate('EUR', 'USD', new Date('2025-03-14T23:59:59Z'))).toEqual(midRate('EUR', 'USD', now));
  });
});
