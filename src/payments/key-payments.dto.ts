import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import type { CountryDescriptor } from '../rails/country-descriptor';
import type { CountryRegistry } from '../rails/country-registry';
import { COUNTRIES, HOLDER_MASKING_DESCRIPTION, PAYMENT_KEY_RULES_DESCRIPTION } from '../rails/countries';
import { RAIL_IDENTIFIER_MAX_LENGTH } from '../rails/wire-fields';
import { notificationUrlField } from '../notifications/notification-url';
import { amountInput, externalReference } from '../http/request-fields';
import { orderIdField, userSchema } from './payments.dto';

/** The key flows' requests (spec: "Payments: key flows"). */

/** The key routes' `local_country`: one of the registry's key countries. */
export function keyCountryField<D extends CountryDescriptor>(countries: CountryRegistry<D>) {
  const kinds = countries.keyDescriptors.map(({ country, keys }) => `${country} (${keys.summary})`);
  return z.enum(countries.keyCountries).describe(`ISO 3166-1 alpha-2 of the key: ${kinds.join(', ')}`);
}

/** The currency a key payment is paid in: its key country's, set by the server. */
export function keyCurrencyField<D extends CountryDescriptor>(countries: CountryRegistry<D>) {
  return z.enum(countries.keyCurrencies);
}

const dictKey = z
  .string()
  .min(1)
  .max(100)
  .describe(`The payment key, unformatted.\n\n${PAYMENT_KEY_RULES_DESCRIPTION}`);
const localCountry = keyCountryField(COUNTRIES);

export const keyValidationSchema = z.strictObject({
  dict_key: dictKey,
  local_country: localCountry.default('BR'),
});
export class KeyValidationDto extends createZodDto(keyValidationSchema) {}

export const walletValidationSchema = z.strictObject({
  // The directory issues the record, and refuses one longer than its identifiers can be.
  wallet_record_id: z
    .string()
    .min(1)
    .max(RAIL_IDENTIFIER_MAX_LENGTH)
    .describe('The `walletId` of the phone validation (or of the preview callback)'),
  selected_wallet_id: z.uuid({ version: 'v4' }).describe('The `id` of the wallet the payer picked'),
  local_country: z.literal('PE').describe('Only Peru has wallets'),
});
export class WalletValidationDto extends createZodDto(walletValidationSchema) {}

export const keyPreviewSchema = z.strictObject({
  dict_key: dictKey,
  amount: amountInput.describe(
    `Decimal, in the key's country currency (set by the server: ${COUNTRIES.keyCurrencies.join(', ')})`,
  ),
  external_reference: externalReference,
  notification_url: notificationUrlField,
  local_country: localCountry.default('BR'),
  user: userSchema,
});
export class KeyPreviewDto extends createZodDto(keyPreviewSchema) {}

/** The older Peru route: no local_country, and the payer's document type is required. */
export const peruKeyPreviewSchema = keyPreviewSchema.omit({ local_country: true }).extend({
  amount: amountInput.describe('Decimal, in PEN'),
  user: userSchema.required({ tax_id_type: true }),
});
export class PeruKeyPreviewDto extends createZodDto(peruKeyPreviewSchema) {}

const peruAccountShape = {
  name: z.string(),
  accountNumber: z.string(),
  identificationNumber: z.string(),
  mcc: z.string(),
  branchOffice: z.string(),
  category: z.enum(['CHECKING', 'SAVINGS']),
  postalCode: z.string().nullable(),
  bank: z.string(),
  terminal: z.string().nullable(),
};

export const keyValidationResponseSchema = z.union([
  z.object(peruAccountShape).describe('Peru, a CCI'),
  z
    .object({
      ...peruAccountShape,
      walletId: z.string().describe('Send it as wallet_record_id to POST /v2/validations/wallet'),
      wallets: z.array(
        z.object({
          id: z.uuid(),
          contactNumber: z.string(),
          entityCode: z.string(),
          directoryCode: z.string(),
          bankName: z.string(),
        }),
      ),
    })
    .describe('Peru, a phone: its wallets'),
  z
    .object({
      name: z.string().describe(HOLDER_MASKING_DESCRIPTION.name),
      accountNumber: z.string().describe(HOLDER_MASKING_DESCRIPTION.account),
      identificationNumber: z.string().describe(HOLDER_MASKING_DESCRIPTION.document),
      identificationType: z.enum(COUNTRIES.holderDocumentTypes()),
      branchOffice: z.string(),
      category: z.enum(['CHECKING', 'SAVINGS', 'PAYMENT']),
      bank: z.string(),
      bankCode: z.string().describe('ISPB in Brazil, the entity code in Colombia'),
      keyType: z.string(),
    })
    .describe(
      "Brazil and Colombia: the key's holder, in Peru's field names where they apply; its name, document and account masked",
    ),
]);

export const walletValidationResponseSchema = z.object({ ...peruAccountShape, wallet_name: z.string() });
export class WalletValidationResponseDto extends createZodDto(walletValidationResponseSchema) {}

export const keyPreviewAckSchema = z.object({
  status: z.literal('success'),
  external_reference: z.string(),
  message: z.string(),
  local_currency: keyCurrencyField(COUNTRIES),
  order_id: orderIdField,
  collector: z
    .object({
      name: z.string(),
      identification_number: z.string(),
      identification_type: z.string(),
      branch_office: z.string(),
      account_id: z.string(),
      account_type: z.string(),
      mcc: z.string(),
    })
    .optional()
    .describe('Peru (local_country PE) only'),
});
export class KeyPreviewAckDto extends createZodDto(keyPreviewAckSchema) {}
