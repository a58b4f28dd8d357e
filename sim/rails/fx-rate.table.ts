import Decimal from 'decimal.js';
import type { PaymentCurrency } from '../../src/money';
import type { MidRate } from '../../src/rails/rails.port';

const Precise = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });

/** Units of each currency per US dollar: one fixed table, so that every cross rate is consistent. */
export const UNITS_PER_USD: Readonly<Record<PaymentCurrency, string>> = {
  USD: '1',
  EUR: '0.92',
  BRL: '5.45',
  PEN: '3.75',
  COP: '4100',
  ARS: '1050',
  CLP: '950',
  MXN: '18.5',
  UYU: '40.2',
};

/**
 * Rates are published once a day: as_of is the start of the UTC day, which keeps answers
 * identical within a day while still looking fresh to a staleness check.
 */
export function midRate(base: PaymentCurrency, target: PaymentCurrency, now: Date): MidRate {
  const rate = new Precise(UNITS_PER_USD[target]).div(UNITS_PER_USD[base]).toDecimalPlaces(10);
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { base, target, rate: rate.toFixed(), as_of: day.toISOString() };
}
