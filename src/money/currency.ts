import { code as isoCurrencyByAlpha } from 'currency-codes';
import { MoneyError } from './money-error';

export interface Currency {
  readonly alpha: CurrencyCode;
  /** ISO 4217 numeric code as three digits, as EMVCo QR tag 53 carries it. */
  readonly numeric: string;
  readonly minorUnit: number;
  readonly name: string;
}

/** The currencies amounts and balances are kept in; their ISO 4217 data is the `currency-codes` table. */
export const CURRENCY_CODES = Object.freeze([
  'ARS',
  'BOB',
  'BRL',
  'CLP',
  'COP',
  'CRC',
  'EUR',
  'GTQ',
  'MXN',
  'PEN',
  'PYG',
  'USD',
  'UYU',
] as const);

export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/**
 * The currencies payments move in: what a payer may hold (USD, EUR or a served country's) and
 * what merchants are paid in. The FX provider quotes each against each; the rails pay in them.
 */
export const PAYMENT_CURRENCIES = Object.freeze([
  'USD',
  'EUR',
  'BRL',
  'PEN',
  'COP',
  'ARS',
  'CLP',
  'MXN',
  'UYU',
] as const satisfies readonly CurrencyCode[]);

export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];

function isoCurrency(alpha: CurrencyCode): Currency {
  const iso = isoCurrencyByAlpha(alpha);
  // Only a currency withdrawn from ISO 4217 (and from the package's table) can fail here, at load.
  if (iso === undefined) throw new Error(`${alpha} is not an ISO 4217 currency`);
  return Object.freeze({ alpha, numeric: iso.number, minorUnit: iso.digits, name: iso.currency });
}

const BY_ALPHA = new Map<string, Currency>(CURRENCY_CODES.map((alpha) => [alpha, isoCurrency(alpha)]));

const BY_NUMERIC = new Map<string, Currency>([...BY_ALPHA.values()].map((c) => [c.numeric, c]));

/** Case-sensitive: ISO 4217 codes are upper case, and one spelling per currency is stored. */
export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && BY_ALPHA.has(code);
}

export function isPaymentCurrency(code: string): code is PaymentCurrency {
  return (PAYMENT_CURRENCIES as readonly string[]).includes(code);
}

export function currencyByAlpha(code: string): Currency {
  const currency = BY_ALPHA.get(code);
  if (!currency) {
    throw new MoneyError('UNSUPPORTED_CURRENCY', `Currency ${JSON.stringify(code)} is not supported`);
  }
  return currency;
}

export function currencyByNumeric(numeric: string): Currency {
  const currency = BY_NUMERIC.get(numeric);
  if (!currency) {
    throw new MoneyError('UNSUPPORTED_CURRENCY', `Numeric currency code ${JSON.stringify(numeric)} is not supported`);
  }
  return currency;
}
