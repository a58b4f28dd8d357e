import type { CurrencyCode } from '../money';
import { COUNTRY_CODES, countryCurrency, isSupportedCountry, type CountryCode } from '../rails/countries';

export type CollectionMarket = { country: CountryCode; currency: CurrencyCode } | { problem: string };

/**
 * Where a QR collects, and in what: the collector's country and its currency. The spec's
 * collector update cannot set `country_code`, so a collector created without one names its
 * market through the QR's `currency`, which is unambiguous among the countries served here.
 */
export function collectionMarket(collectorCountry: string | null, currency: string | undefined): CollectionMarket {
  if (collectorCountry !== null) {
    if (!isSupportedCountry(collectorCountry))
      return { problem: `the collector's country ${collectorCountry} is not one where QRs are collected` };
    const local = countryCurrency(collectorCountry);
    if (currency !== undefined && currency !== local)
      return {
        problem: `currency: the collector is in ${collectorCountry}, whose currency is ${local}, not ${currency}`,
      };
    return { country: collectorCountry, currency: local };
  }
  if (currency === undefined) return { problem: 'currency: required, since the collector has no country_code' };
  const country = COUNTRY_CODES.find((candidate) => countryCurrency(candidate) === currency);
  if (!country)
    return {
      problem: `currency: ${currency} is not collected here (one of ${COUNTRY_CODES.map(countryCurrency).join(', ')})`,
    };
  return { country, currency: countryCurrency(country) };
}
