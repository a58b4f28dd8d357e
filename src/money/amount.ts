import { Decimal } from './decimal';
import { CurrencyCode, currencyByAlpha } from './currency';
import { MoneyError } from './money-error';

/** JSON number grammar without exponent or '+': one spelling per value family, typos surface. */
const DECIMAL_STRING = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?$/;

/** Bounds the work spent on hostile input; real amounts are far shorter. */
const MAX_INPUT_LENGTH = 32;

/**
 * Far above every country limit, and keeps amounts within 15 significant digits (with two
 * decimals), so their JSON number form is exact.
 */
export const AMOUNT_CEILING = 1e13;
const AMOUNT_CEILING_DECIMAL = new Decimal(AMOUNT_CEILING);

/**
 * The strings parseAmount takes in some currency: DECIMAL_STRING's grammar, positive, below
 * AMOUNT_CEILING (at most 13 integer digits). What a pattern cannot say (how many decimals the
 * currency allows) parseAmount still checks.
 */
export const POSITIVE_AMOUNT_TEXT = /^(?:0\.[0-9]*[1-9][0-9]*|[1-9][0-9]{0,12}(?:\.[0-9]+)?)$/;

/**
 * Parses a customer-supplied amount. More decimals than the currency's minor unit are rejected,
 * never rounded: we never silently change what a customer is charged. Trailing zeros are not
 * extra precision ("12.500" is 12.5, as the JSON number 12.500 is), so they are accepted.
 */
export function parseAmount(input: unknown, currency: CurrencyCode): Decimal {
  const { minorUnit } = currencyByAlpha(currency);
  const amount = new Decimal(amountText(input));
  if (amount.lte(0)) {
    throw new MoneyError('NOT_POSITIVE', 'Amount must be greater than 0');
  }
  if (amount.gte(AMOUNT_CEILING_DECIMAL)) {
    throw new MoneyError('AMOUNT_TOO_LARGE', `Amount must be less than ${AMOUNT_CEILING_DECIMAL.toFixed()}`);
  }
  if (amount.decimalPlaces() > minorUnit) {
    throw new MoneyError(
      'TOO_MANY_DECIMALS',
      `Amount ${amount.toFixed()} has more decimals than ${currency} allows (${minorUnit})`,
    );
  }
  return amount;
}

function amountText(input: unknown): string {
  if (typeof input === 'number' && Number.isFinite(input)) {
    // The shortest string that reads back as this double: what the client wrote, as far as the
    // JSON parser let us know. It may carry an exponent, which Decimal reads exactly.
    return String(input);
  }
  if (typeof input === 'string' && input.length <= MAX_INPUT_LENGTH && DECIMAL_STRING.test(input)) {
    return input;
  }
  throw new MoneyError(
    'INVALID_AMOUNT',
    'Amount must be a JSON number or a decimal string such as "12.50" (no exponent, no thousands separators, no sign other than a leading "-")',
  );
}

export function roundToMinor(amount: Decimal, currency: CurrencyCode): Decimal {
  return new Decimal(amount).toDecimalPlaces(currencyByAlpha(currency).minorUnit, Decimal.ROUND_HALF_EVEN);
}

/**
 * Output helpers refuse amounts finer than the minor unit instead of rounding them: such an
 * amount means a computation forgot roundToMinor, and hiding that would hide a money bug.
 */
function exactMinor(amount: Decimal, currency: CurrencyCode): { value: Decimal; minorUnit: number } {
  const { minorUnit } = currencyByAlpha(currency);
  const value = new Decimal(amount);
  if (!value.isFinite() || value.decimalPlaces() > minorUnit) {
    throw new RangeError(`${value.toFixed()} is not a whole number of ${currency} minor units; round it first`);
  }
  return { value, minorUnit };
}

/** Exactly minorUnit decimals, never an exponent: "10.50", "-3.00", CLP "1500". */
export function formatAmount(amount: Decimal, currency: CurrencyCode): string {
  const { value, minorUnit } = exactMinor(amount, currency);
  return value.toFixed(minorUnit);
}

/** For response bodies only; never compute with the result. */
export function amountToJsonNumber(amount: Decimal, currency: CurrencyCode): number {
  return Number(formatAmount(amount, currency));
}

export function toMinorUnits(amount: Decimal, currency: CurrencyCode): bigint {
  // Shifting the decimal point in text is exact at any magnitude, unlike a multiplication.
  return BigInt(formatAmount(amount, currency).replace('.', ''));
}

export function fromMinorUnits(minor: bigint, currency: CurrencyCode): Decimal {
  // Built from text so no division (and no precision limit) is involved.
  return new Decimal(`${minor}e-${currencyByAlpha(currency).minorUnit}`);
}
