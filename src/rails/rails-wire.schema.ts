import { z } from 'zod';
import {
  KEY_COUNTRIES,
  MOVEMENT_STATUSES,
  PAYOUT_COUNTRIES,
  RAIL_CURRENCIES,
  type KeyLookupResult,
  type MidRate,
  type MovementStatus,
  type PayoutRequest,
  type PayoutResult,
  type PeruWalletAccount,
  type QrMerchant,
  type RefundRequest,
  type RefundResult,
} from './rails.port';

/**
 * The wire contract between the adapter and the simulator: JSON bodies are the port's own
 * shapes, so neither side maps field names. Requests are strict (the simulator answers 400 to
 * anything unexpected); responses strip unknown fields so that the rail can add some without
 * breaking us.
 */

const positiveAmount = z
  .string()
  .regex(/^(0|[1-9]\d{0,14})(\.\d{1,2})?$/, 'a decimal string with at most 2 decimal places')
  .refine((value) => /[1-9]/.test(value), 'must be greater than zero');

const identifier = z.string().min(1).max(100);
const currency = z.enum(RAIL_CURRENCIES);

export const lookupKeyRequestSchema = z.strictObject({
  country: z.enum(KEY_COUNTRIES),
  key: z.string().min(1).max(100),
});

export const resolveWalletRequestSchema = z.strictObject({
  walletRecordId: identifier,
  selectedWalletId: identifier,
  country: z.literal('PE'),
});

export const qrMerchantRequestSchema = z.strictObject({ qr: z.string().min(1).max(512) });

export const payoutRequestSchema = z.strictObject({
  payoutId: identifier,
  orderId: identifier,
  country: z.enum(PAYOUT_COUNTRIES),
  currency,
  amount: positiveAmount,
  destination: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('KEY'), key: z.string().min(1).max(100), walletId: identifier.optional() }),
    z.strictObject({ type: z.literal('QR'), qr: z.string().min(1).max(512) }),
  ]),
}) satisfies z.ZodType<PayoutRequest>;

export const refundRequestSchema = z.strictObject({
  refundId: identifier,
  orderId: identifier,
  payoutReference: identifier,
  amount: positiveAmount,
  currency,
}) satisfies z.ZodType<RefundRequest>;

const accountHolderSchema = z.object({
  name: z.string(),
  identificationNumber: z.string(),
  identificationType: z.enum(['CPF', 'CNPJ', 'CC', 'NIT']),
  participantCode: z.string(),
  participantName: z.string(),
  branch: z.string(),
  accountNumber: z.string(),
  accountType: z.enum(['CHECKING', 'SAVINGS', 'PAYMENT']),
});

const peruAccountInfoShape = {
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

const peruWalletSchema = z.object({
  id: z.uuid({ version: 'v4' }),
  contactNumber: z.string(),
  entityCode: z.string(),
  directoryCode: z.string(),
  bankName: z.string(),
  present: z.boolean(),
});

export const keyLookupResultSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('ACCOUNT_HOLDER'),
    country: z.enum(['BR', 'CO']),
    key: z.string(),
    holder: accountHolderSchema,
  }),
  z.object({
    kind: z.literal('PERU_ACCOUNT'),
    country: z.literal('PE'),
    key: z.string(),
    account: z.object(peruAccountInfoShape),
  }),
  z.object({
    kind: z.literal('PERU_WALLETS'),
    country: z.literal('PE'),
    key: z.string(),
    account: z.object(peruAccountInfoShape),
    walletId: z.string(),
    wallets: z.array(peruWalletSchema).min(1),
  }),
]) satisfies z.ZodType<KeyLookupResult>;

export const peruWalletAccountSchema = z.object({
  ...peruAccountInfoShape,
  wallet_name: z.string(),
}) satisfies z.ZodType<PeruWalletAccount>;

export const qrMerchantSchema = z.object({
  name: z.string(),
  identification_number: z.string(),
  branch_office: z.string(),
}) satisfies z.ZodType<QrMerchant>;

export const payoutResultSchema = z.object({
  status: z.enum(['COMPLETED', 'REJECTED']),
  railReference: z.string().min(1),
  reason: z.string().optional(),
}) satisfies z.ZodType<PayoutResult>;

export const refundResultSchema = z.object({
  status: z.enum(['COMPLETED', 'REJECTED']),
  railReference: z.string().min(1),
}) satisfies z.ZodType<RefundResult>;

export const movementStatusSchema = z.object({
  status: z.enum(MOVEMENT_STATUSES),
  railReference: z.string().min(1).optional(),
  reason: z.string().optional(),
}) satisfies z.ZodType<MovementStatus>;

export const midRateSchema = z.object({
  base: currency,
  target: currency,
  rate: z.string().regex(/^\d+(\.\d{1,10})?$/),
  as_of: z.iso.datetime(),
}) satisfies z.ZodType<MidRate>;

/** Every non-2xx answer of the simulator; real rails may omit it, so callers treat it as optional. */
export const errorBodySchema = z.object({ code: z.string(), message: z.string() });
