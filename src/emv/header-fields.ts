import { number as isoCurrencyByNumeric } from 'currency-codes';
import { emvError, type EmvError } from './emv-error';
import { codePointLength } from './tlv';

/**
 * Readers of the primitive top-level tags. Typed values (point of initiation, currency, amount,
 * country) come back null when invalid, because callers compute with them; free text (names,
 * codes) comes back as read, with an error beside it.
 */

export type PointOfInitiation = 'STATIC' | 'DYNAMIC';

export const POINT_OF_INITIATION_CODES: Record<PointOfInitiation, string> = { STATIC: '11', DYNAMIC: '12' };

export function readPointOfInitiation(value: string, errors: EmvError[]): PointOfInitiation | null {
  if (value === POINT_OF_INITIATION_CODES.STATIC) return 'STATIC';
  if (value === POINT_OF_INITIATION_CODES.DYNAMIC) return 'DYNAMIC';
  errors.push(emvError('INVALID_POINT_OF_INITIATION', '01', JSON.stringify(value)));
  return null;
}

export function readMcc(value: string, errors: EmvError[]): string {
  if (!/^\d{4}$/.test(value)) errors.push(emvError('INVALID_MCC', '52', JSON.stringify(value)));
  return value;
}

/** Any ISO 4217 currency: whether this service pays in it is another question (payability.ts). */
export interface IsoCurrency {
  readonly alpha: string;
  readonly numeric: string;
  readonly minorUnit: number;
}

export function readCurrency(value: string, errors: EmvError[]): IsoCurrency | null {
  const iso = /^\d{3}$/.test(value) ? isoCurrencyByNumeric(value) : undefined;
  if (iso === undefined) {
    errors.push(emvError('INVALID_CURRENCY', '53', JSON.stringify(value)));
    return null;
  }
  return { alpha: iso.code, numeric: iso.number, minorUnit: iso.digits };
}

const AMOUNT = /^\d+(?:\.\d+)?$/;

/** Also refuses more decimals than the currency has: such an amount cannot be charged as written. */
export function readAmount(value: string, currency: IsoCurrency | null, errors: EmvError[]): string | null {
  const decimals = value.split('.')[1]?.length ?? 0;
  const problem =
    !AMOUNT.test(value) || value.length > 13
      ? 'not a plain decimal of at most 13 characters'
      : !/[1-9]/.test(value)
        ? 'zero'
        : currency !== null && decimals > currency.minorUnit
          ? `${currency.alpha} has ${currency.minorUnit} decimals`
          : null;
  if (problem === null) return value;
  errors.push(emvError('INVALID_AMOUNT', '54', `${JSON.stringify(value)}: ${problem}`));
  return null;
}

export function readCountry(value: string, errors: EmvError[]): string | null {
  if (/^[A-Z]{2}$/.test(value)) return value;
  errors.push(emvError('INVALID_COUNTRY', '58', JSON.stringify(value)));
  return null;
}

export function checkMaxLength(
  value: string,
  max: number,
  code: 'MERCHANT_NAME_TOO_LONG' | 'MERCHANT_CITY_TOO_LONG' | 'POSTAL_CODE_TOO_LONG',
  tag: string,
  errors: EmvError[],
): string {
  const length = codePointLength(value);
  if (length > max) errors.push(emvError(code, tag, `${length} characters`));
  return value;
}
