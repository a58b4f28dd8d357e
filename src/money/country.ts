import type { CurrencyCode } from './currency';
import { MoneyError } from './money-error';

/**
 * ISO 3166-1 alpha-2 codes of the countries served: where QR payments are collected and where
 * every payout lands.
 */
export const COUNTRY_CODES = Object.freeze(['AR', 'BR', 'CL', 'CO', 'MX', 'PE', 'UY'] as const);

export type CountryCode = (typeof COUNTRY_CODES)[number];

const COUNTRY_CURRENCIES: Readonly<Record<CountryCode, CurrencyCode>> = {
  AR: 'ARS',
  BR: 'BRL',
  CL: 'CLP',
  CO: 'COP',
  MX: 'MXN',
  PE: 'PEN',
  UY: 'UYU',
};

/** The countries whose payment keys (Pix, CCI and phones, Bre-B) are paid: their directories resolve them. */
export const KEY_COUNTRIES = Object.freeze(['BR', 'PE', 'CO'] as const satisfies readonly CountryCode[]);

export type KeyCountry = (typeof KEY_COUNTRIES)[number];

export function isSupportedCountry(code: unknown): code is CountryCode {
  return typeof code === 'string' && Object.hasOwn(COUNTRY_CURRENCIES, code);
}

export function isKeyCountry(code: string): code is KeyCountry {
  return (KEY_COUNTRIES as readonly string[]).includes(code);
}

export function countryCurrency(country: string): CurrencyCode {
  if (!isSupportedCountry(country)) {
    throw new MoneyError('UNSUPPORTED_COUNTRY', `Country ${JSON.stringify(country)} is not supported`);
  }
  return COUNTRY_CURRENCIES[country];
}
