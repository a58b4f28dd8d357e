import { MoneyError } from './money-error';

export interface Currency {
  readonly alpha: CurrencyCode;
  /** ISO 4217 numeric code as three digits, as EMVCo QR tag 53 carries it. */
  readonly numeric: string;
  readonly minorUnit: number;
  readonly name: string;
}

const CURRENCIES = {
  ARS: { numeric: '032', minorUnit: 2, name: 'Argentine Peso' },
  BOB: { numeric: '068', minorUnit: 2, name: 'Boliviano' },
  BRL: { numeric: '986', minorUnit: 2, name: 'Brazilian Real' },
  CLP: { numeric: '152', minorUnit: 0, name: 'Chilean Peso' },
  COP: { numeric: '170', minorUnit: 2, name: 'Colombian Peso' },
  CRC: { numeric: '188', minorUnit: 2, name: 'Costa Rican Colon' },
  EUR: { numeric: '978', minorUnit: 2, name: 'Euro' },
  GTQ: { numeric: '320', minorUnit: 2, name: 'Quetzal' },
  MXN: { numeric: '484', minorUnit: 2, name: 'Mexican Peso' },
  PEN: { numeric: '604', minorUnit: 2, name: 'Sol' },
  PYG: { numeric: '600', minorUnit: 0, name: 'Guarani' },
  USD: { numeric: '840', minorUnit: 2, name: 'US Dollar' },
  UYU: { numeric: '858', minorUnit: 2, name: 'Peso Uruguayo' },
} as const;

export type CurrencyCode = keyof typeof CURRENCIES;

const BY_ALPHA = new Map<string, Currency>(
  Object.entries(CURRENCIES).map(([alpha, data]) => [
    alpha,
    Object.freeze({ alpha: alpha as CurrencyCode, ...data }),
  ]),
);

const BY_NUMERIC = new Map<string, Currency>([...BY_ALPHA.values()].map((c) => [c.numeric, c]));

export const CURRENCY_CODES: readonly CurrencyCode[] = Object.freeze(
  [...BY_ALPHA.keys()] as CurrencyCode[],
);

/** Case-sensitive: ISO 4217 codes are upper case, and one spelling per currency is stored. */
export function isSupportedCurrency(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && BY_ALPHA.has(code);
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
    throw new MoneyError(
      'UNSUPPORTED_CURRENCY',
      `Numeric currency code ${JSON.stringify(numeric)} is not supported`,
    );
  }
  return currency;
}
