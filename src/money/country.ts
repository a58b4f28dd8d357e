import { CurrencyCode } from './currency';
import { MoneyError } from './money-error';

const COUNTRY_CURRENCIES = {
  AR: 'ARS',
  BR: 'BRL',
  CL: 'CLP',
  CO: 'COP',
  MX: 'MXN',
  PE: 'PEN',
  UY: 'UYU',
} as const satisfies Record<string, CurrencyCode>;

/** ISO 3166-1 alpha-2 code of a country where QR payments are collected. */
export type CountryCode = keyof typeof COUNTRY_CURRENCIES;

export const COUNTRY_CODES: readonly CountryCode[] = Object.freeze(
  Object.keys(COUNTRY_CURRENCIES) as CountryCode[],
);

export function isSupportedCountry(code: unknown): code is CountryCode {
  return typeof code === 'string' && Object.hasOwn(COUNTRY_CURRENCIES, code);
}

export function countryCurrency(country: string): CurrencyCode {
  if (!isSupportedCountry(country)) {
    throw new MoneyError('UNSUPPORTED_COUNTRY', `Country ${JSON.stringify(country)} is not supported`);
  }
  return COUNTRY_CURRENCIES[country];
}
