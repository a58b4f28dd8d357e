import { Decimal as DecimalJs } from 'decimal.js';

/**
 * The one Decimal constructor for money. 40 significant digits leaves room for any amount times
 * any rate without intermediate rounding mattering; half-even is the contract's rounding mode.
 * Exponent thresholds are pushed out so toString() never switches to exponential notation.
 *
 * Start arithmetic from a value built by this constructor: decimal.js applies the configuration
 * of the left operand, so a Decimal from another clone would bring its own precision.
 */
export const Decimal = DecimalJs.clone({
  precision: 40,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  toExpNeg: -9e15,
  toExpPos: 9e15,
});

export type Decimal = DecimalJs;
