import { encodeEmvQr, ownMerchantAccount } from '../emv';
import { emvText } from '../emv/text';
import { currencyByAlpha, type CurrencyCode } from '../money';
import { QR_SCOPE, type CountryCode } from '../rails/countries';

/** EMVCo's limits for the merchant name (tag 59) and city (tag 60). */
const NAME_MAX = 25;
const CITY_MAX = 15;

export interface CollectionQrInput {
  orderId: string;
  collector: { code: string; name: string; fantasyName: string | null };
  /** The store's address; its last comma-separated part is taken as the city. */
  storeAddress: string;
  mcc: string;
  country: CountryCode;
  currency: CurrencyCode;
  /** Formatted in the currency's minor unit; null for an open-amount QR. */
  amount: string | null;
}

/**
 * The city a QR shows: the spec's stores have an address and no city field, and addresses end
 * with their city ("Av. Paulista 1000, São Paulo"). An address without one shows the country.
 */
export function qrCity(address: string, country: CountryCode): string {
  const parts = address.split(',');
  return emvText(parts[parts.length - 1] ?? '', CITY_MAX) || country;
}

/**
 * The EMVCo payload of a QR created for a POS: dynamic with its amount, static without, naming
 * the collector by its trade name and carrying this service's merchant account with the order id.
 */
export function collectionQr(input: CollectionQrInput): string {
  const { collector } = input;
  return encodeEmvQr(
    {
      point_of_initiation: input.amount === null ? 'STATIC' : 'DYNAMIC',
      merchant_accounts: [ownMerchantAccount(collector.code, input.orderId)],
      merchant: {
        name: emvText(collector.fantasyName ?? '', NAME_MAX) || emvText(collector.name, NAME_MAX) || collector.code,
        city: qrCity(input.storeAddress, input.country),
        mcc: input.mcc,
      },
      currency_numeric: currencyByAlpha(input.currency).numeric,
      ...(input.amount === null ? {} : { amount: input.amount }),
      country: input.country,
    },
    QR_SCOPE,
  );
}
