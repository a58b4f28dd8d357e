import type { QrScope } from '../emv';
import { validateKey } from '../keys';
import type { AmountLimits, Decimal, PaymentCurrency } from '../money';
import { AR } from './ar';
import { BR } from './br';
import { CL } from './cl';
import { CO } from './co';
import {
  CountryRegistry,
  type KeyTypeIn,
  type LimitOverrides as CountryLimitOverrides,
  type MaskedHolderCountryOf,
} from './country-registry';
import { MX } from './mx';
import { PE } from './pe';
import { UY } from './uy';

/**
 * The countries served: one line each, its descriptor (src/rails/<cc>/). Everything below derives
 * from them. The key countries come first, in the order the API has always listed them (BR, PE,
 * CO: the `local_country` enum, the key rules' documentation, the payment currencies), then the
 * countries paid by QR only; COUNTRY_CODES sorts them all.
 */
export const COUNTRIES = new CountryRegistry([BR, PE, CO, AR, CL, MX, UY]);

type Descriptor = (typeof COUNTRIES.descriptors)[number];

/** ISO 3166-1 alpha-2 codes of the countries served: where QR payments are collected and where every payout lands. */
export type CountryCode = Descriptor['country'];
export const COUNTRY_CODES = COUNTRIES.codes;

/** The countries whose payment keys (Pix, CCI and phones, Bre-B) are paid: their directories resolve them. */
export type KeyCountry = (typeof COUNTRIES.keyCountries)[number];
export const KEY_COUNTRIES = COUNTRIES.keyCountries;

/** What a key payment is paid in: its country's currency, set by the server. */
export const KEY_CURRENCIES = COUNTRIES.keyCurrencies;

export type PaymentKeyType<C extends KeyCountry = KeyCountry> = KeyTypeIn<Descriptor, C>;
export type MaskedHolderCountry = MaskedHolderCountryOf<Descriptor>;
export type LimitOverrides = CountryLimitOverrides<CountryCode>;

export function isSupportedCountry(code: unknown): code is CountryCode {
  return COUNTRIES.isServed(code);
}

export function isKeyCountry(code: string): code is KeyCountry {
  return COUNTRIES.isKeyCountry(code);
}

/** What merchants in `country` are paid in; a MoneyError (UNSUPPORTED_COUNTRY) for a country not served. */
export function countryCurrency(country: string): PaymentCurrency {
  return COUNTRIES.currencyOf(country);
}

export function amountLimits(country: CountryCode, overrides?: LimitOverrides): AmountLimits {
  return COUNTRIES.amountLimits(country, overrides);
}

export function assertAmountWithinLimits(amount: Decimal, country: CountryCode, overrides?: LimitOverrides): void {
  COUNTRIES.assertAmountWithinLimits(amount, country, overrides);
}

export function parseLimitOverrides(envValue?: string): LimitOverrides {
  return COUNTRIES.parseLimitOverrides(envValue);
}

export function validatePaymentKey<C extends KeyCountry>(country: C, key: string) {
  return COUNTRIES.validatePaymentKey(country, key);
}

export function allowedKeyTypesMessage(country: KeyCountry): string {
  return COUNTRIES.allowedKeyTypesMessage(country);
}

/** The types each key country accepts, as `validatePaymentKey` names them. */
export const PAYMENT_KEY_TYPES = Object.fromEntries(
  KEY_COUNTRIES.map((country) => [country, COUNTRIES.keyTypes(country)]),
);

/**
 * The accepted `dict_key` formats of every key country in Markdown, for the OpenAPI description
 * of the key routes. Built from the rules themselves, so the documentation cannot drift from them.
 */
export const PAYMENT_KEY_RULES_DESCRIPTION = COUNTRIES.keyRulesDescription();

/** How key holders are shown, for the OpenAPI descriptions of the fields it shapes. */
export const HOLDER_MASKING_DESCRIPTION = COUNTRIES.holderMaskingDescription();

export function isMaskedHolderCountry(country: string): country is MaskedHolderCountry {
  return COUNTRIES.isMaskedHolderCountry(country);
}

/** A key holder's document as its country shows it: nothing of it (`****`) where the country masks no documents. */
export function maskDocument(country: KeyCountry, document: string): string {
  return COUNTRIES.maskDocument(country, document);
}

/** What the QR codec (src/emv) judges a QR by: the countries served, and whether a Pix QR's key is one Brazil's rules take. */
export const QR_SCOPE: QrScope = { countries: COUNTRY_CODES, isPixKey: (key) => validateKey(BR.keys.scheme, key).ok };
