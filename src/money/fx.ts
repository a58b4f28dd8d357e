import { Decimal } from './decimal';
import { roundToMinor } from './amount';
import { CurrencyCode } from './currency';

/**
 * Rates are quoted, stored and applied at 10 decimal places, so the rate an integrator sees
 * reproduces exactly the amount charged.
 */
export const RATE_DECIMALS = 10;

/** 100% in basis points; a larger spread would be a configuration error. */
const MAX_SPREAD_BPS = 10_000;

function assertPositiveRate(rate: Decimal): void {
  if (!rate.isFinite() || rate.lte(0)) {
    throw new RangeError(`Exchange rate must be a positive number, got ${rate.toString()}`);
  }
}

function roundRate(rate: Decimal): Decimal {
  const rounded = rate.toDecimalPlaces(RATE_DECIMALS, Decimal.ROUND_HALF_EVEN);
  // A rate this small would make every conversion 0: refuse it rather than charge nothing.
  assertPositiveRate(rounded);
  return rounded;
}

/**
 * The client's rate (local→user): the user pays more than at mid-market, by spreadBps basis
 * points. Negative spreads are refused so the spread can never flip into a discount by accident.
 */
export function applySpread(midRate: Decimal, spreadBps: number): Decimal {
  assertPositiveRate(midRate);
  if (!Number.isInteger(spreadBps) || spreadBps < 0 || spreadBps > MAX_SPREAD_BPS) {
    throw new RangeError(`Spread must be an integer from 0 to ${MAX_SPREAD_BPS} bps, got ${spreadBps}`);
  }
  const factor = new Decimal(spreadBps).dividedBy(MAX_SPREAD_BPS).plus(1);
  return roundRate(factor.times(midRate));
}

export function inverseRate(rate: Decimal): Decimal {
  assertPositiveRate(rate);
  return roundRate(new Decimal(1).dividedBy(rate));
}

/** amount × rate, half-even to the target currency's minor unit. */
export function convert(amount: Decimal, rate: Decimal, targetCurrency: CurrencyCode): Decimal {
  assertPositiveRate(rate);
  return roundToMinor(new Decimal(amount).times(rate), targetCurrency);
}

/**
 * Up to 10 decimals with trailing zeros trimmed ("5.25", "0.0001234567"), never an exponent:
 * the contract says "up to 10 decimals", and a trimmed string is still the exact rate. A finer
 * rate is refused, not rounded, because the rate shown must be the rate applied.
 */
export function formatRate(rate: Decimal): string {
  assertPositiveRate(rate);
  if (rate.decimalPlaces() > RATE_DECIMALS) {
    throw new RangeError(`Rate ${rate.toFixed()} has more than ${RATE_DECIMALS} decimals`);
  }
  return rate.toFixed();
}
