import { Decimal } from './decimal';
import { fromMinorUnits, toMinorUnits } from './amount';
import { CurrencyCode } from './currency';

export interface CumulativeRefundInput {
  /** What the payer's account was debited, in the user currency. */
  readonly debited: Decimal;
  /** The order's total in its local currency. */
  readonly localTotal: Decimal;
  /** Local amount refunded so far, this refund included. */
  readonly localRefunded: Decimal;
  /** The user currency. */
  readonly currency: CurrencyCode;
}

export interface RefundShareInput {
  readonly debited: Decimal;
  readonly localTotal: Decimal;
  readonly localRefundedBefore: Decimal;
  readonly localRefundNow: Decimal;
  readonly currency: CurrencyCode;
}

/**
 * Local amounts as integers on the common scale of `values`. Everything here is integer arithmetic: a
 * Decimal sum or quotient rounds at 40 digits, which could push a share up by a minor unit.
 */
function scaleOf(values: readonly Decimal[]): (value: Decimal) => bigint {
  const decimals = Math.max(...values.map((value) => value.decimalPlaces()));
  return (value) => BigInt(new Decimal(value).toFixed(decimals).replace('.', ''));
}

/**
 * The pro-rata share rounded DOWN to the minor unit, and exactly the debit once everything is
 * refunded: rounding down keeps the running total at or below what was debited whatever the
 * sequence of partial refunds, and the last refund picks up the remainder.
 */
function cumulativeMinor(debitedMinor: bigint, refunded: bigint, total: bigint): bigint {
  if (total <= 0n || refunded < 0n || refunded > total || debitedMinor < 0n) {
    throw new RangeError(`Invalid refund state: ${refunded} of ${total} refunded, ${debitedMinor} minor units debited`);
  }
  return refunded === total ? debitedMinor : (debitedMinor * refunded) / total;
}

/** User-currency amount refunded once `localRefunded` of the order has been refunded. */
export function cumulativeUserRefund(input: CumulativeRefundInput): Decimal {
  const { debited, localTotal, localRefunded, currency } = input;
  const scale = scaleOf([localRefunded, localTotal]);
  const [refunded, total] = [scale(localRefunded), scale(localTotal)];
  const minor = cumulativeMinor(toMinorUnits(debited, currency), refunded, total);
  return fromMinorUnits(minor, currency);
}

/** The user-currency amount one refund credits back: the change in the cumulative share. */
export function refundShare(input: RefundShareInput): Decimal {
  const { debited, localTotal, localRefundedBefore, localRefundNow, currency } = input;
  const scale = scaleOf([localRefundedBefore, localRefundNow, localTotal]);
  const [before, now, total] = [scale(localRefundedBefore), scale(localRefundNow), scale(localTotal)];
  if (now <= 0n) {
    throw new RangeError(`Refund amount must be positive, got ${localRefundNow.toFixed()}`);
  }
  const debitedMinor = toMinorUnits(debited, currency);
  const share = cumulativeMinor(debitedMinor, before + now, total) - cumulativeMinor(debitedMinor, before, total);
  return fromMinorUnits(share, currency);
}
