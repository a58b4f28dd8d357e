import { z } from 'zod';
import { nullable } from '../http/nullable';
import { HOLDER_MASKING_DESCRIPTION } from '../rails/countries';
import { amountToJsonNumber, CurrencyCode, Decimal, formatAmount } from '../money';
import type { PhoneWallet } from '../rails/rails.port';
import { isoSeconds } from './iso-seconds';
import { collectorShown } from './order-collector';
import type { OrderEntity, OrderStatusHistoryEntity } from './order.entity';
import type { OrderOutcome } from './order-steps';
import { ORDER_ERROR_CODES, ORDER_STATUSES } from './lifecycle';
import { API_VERSION } from '../http/api-version';

/**
 * The bodies the spec gives an order: the payment result, the preview (callback and PUT
 * response) and the status history. Pure mappings of the order row; the zod schemas are what
 * the OpenAPI document shows of them, and their types are the mappings' return types.
 */

const orderStatus = z.enum(ORDER_STATUSES);
const orderErrorCode = z.enum(ORDER_ERROR_CODES);
/** What a key payment's holder shows in Brazil and Colombia (src/orders/order-collector.ts). */
const merchantName = (description: string) =>
  nullable(z.string(), `${description}. ${HOLDER_MASKING_DESCRIPTION.name}`);
const merchantDocument = (description: string) =>
  nullable(z.string(), `${description}. ${HOLDER_MASKING_DESCRIPTION.document}`);

/** `YYYY-MM-DDTHH:MM:SSZ` (isoSeconds) or with milliseconds (toISOString). */
const timestamp = z.iso.datetime();

export { API_VERSION };

/** Numeric columns come back with the column's scale ("10.5000"); amounts show the currency's. */
export function amountString(value: string | null, currency: string | null): string | null {
  return value === null || currency === null ? null : formatAmount(new Decimal(value), currency as CurrencyCode);
}

export function amountNumber(value: string | null, currency: string | null): number | null {
  return value === null || currency === null ? null : amountToJsonNumber(new Decimal(value), currency as CurrencyCode);
}

export const paymentResultViewSchema = z.object({
  order_id: z.uuid(),
  external_reference: nullable(z.string(), "The payer's reference; null for an order nobody has paid yet"),
  external_reference_id: nullable(z.string(), 'The same, under the name the spec also uses'),
  status: orderStatus,
  date: timestamp.describe('When this answer was made'),
  payment_date: nullable(timestamp, 'When the order was paid; null until then'),
  merchant_identification_number: merchantDocument(
    "The merchant's tax identification; null until the merchant is known",
  ),
  merchant_name: merchantName('Null until the merchant is known'),
  error_code: nullable(orderErrorCode, 'Why the order failed or was canceled; null otherwise'),
});
export type PaymentResultView = z.infer<typeof paymentResultViewSchema>;

/**
 * The order as a workflow step left it: the row the API read before asking, with the outcome the
 * workflow answered (its status, amounts and dates), so an answer needs no second read.
 */
export function withOutcome(order: OrderEntity, outcome: OrderOutcome): OrderEntity {
  return {
    ...order,
    status: outcome.status,
    errorCode: outcome.errorCode,
    localAmount: outcome.localAmount,
    userAmount: outcome.userAmount,
    paymentDate: outcome.paymentDate === null ? null : new Date(outcome.paymentDate),
    updatedAt: new Date(outcome.updatedAt),
  };
}

export function paymentResultView(order: OrderEntity, now: Date): PaymentResultView {
  const collector = collectorShown(order);
  return {
    order_id: order.id,
    external_reference: order.externalReference,
    external_reference_id: order.externalReference,
    status: order.status,
    date: isoSeconds(now),
    payment_date: order.paymentDate ? isoSeconds(order.paymentDate) : null,
    merchant_identification_number: collector.identificationNumber,
    merchant_name: collector.name,
    error_code: order.errorCode,
  };
}

/** The pay answer: the order as it stands (or as a step left it, withOutcome), dated when it last changed. */
export function paymentResult(order: OrderEntity): PaymentResultView {
  return paymentResultView(order, order.updatedAt);
}

/** A wallet entry as the preview callback names it (spec: "Preview callback", wallets list). */
const previewCallbackWalletSchema = z.object({
  id: z.uuid({ version: 'v4' }).describe('Send it as wallet_id to pay'),
  brand: z.string(),
  mobile: z.string(),
  present: z.boolean(),
  directory: z.string(),
  participant_code: z.string(),
});
export type PreviewCallbackWallet = z.infer<typeof previewCallbackWalletSchema>;

/**
 * The spec names one wallet two ways (here and in Peru's validation response); the pairing
 * (brand = bank name, participant code = entity code) is our reading, as the spec never maps them.
 */
export function toPreviewCallbackWallet(wallet: PhoneWallet): PreviewCallbackWallet {
  return {
    id: wallet.id,
    brand: wallet.bankName,
    mobile: wallet.contactNumber,
    present: wallet.present,
    directory: wallet.directoryCode,
    participant_code: wallet.entityCode,
  };
}

export const previewViewSchema = z.object({
  payment_type: z.enum(['QR', 'DICT_KEY']),
  external_reference: nullable(z.string(), "The payer's reference"),
  collector: z
    .object({
      name: merchantName('Merchant name'),
      identification_number: merchantDocument("The merchant's tax identification"),
      branch_office: nullable(z.string(), 'Branch number; may be empty'),
    })
    .optional()
    .describe('Only for a successful read'),
  order: z
    .object({
      id: z.uuid().describe('Pay it with POST /v2/payments'),
      status: orderStatus.optional().describe("QR previews only, as the spec's table says"),
      local_total_amount: nullable(z.number(), 'Null while an open-amount QR waits for its amount'),
      local_currency: z.string(),
      user_total_amount: nullable(z.number(), 'What the payer pays; null while the amount is unknown'),
      user_currency: nullable(z.string(), "The payer's currency"),
      qr_type: nullable(z.enum(['STATIC', 'DYNAMIC']), 'QR previews only').optional(),
    })
    .optional()
    .describe('Only for a successful read'),
  wallets: z
    .array(previewCallbackWalletSchema)
    .optional()
    .describe(
      "Every phone key's wallets, to pick one from when paying (wallet_id): a Peru phone's wallets, or the one account a Brazilian or Colombian phone names",
    ),
  walletId: z.string().optional().describe('Peru: the wallet record, sent later as wallet_record_id'),
  error_code: orderErrorCode.optional().describe('Why the preview failed; then collector and order are absent'),
  version: z.string(),
});
export type PreviewView = z.infer<typeof previewViewSchema>;

/** collector and order appear only for a successful read, as the spec says. */
export function previewView(order: OrderEntity): PreviewView {
  const isKey = order.flow === 'KEY';
  const base = { payment_type: isKey ? 'DICT_KEY' : 'QR', external_reference: order.externalReference } as const;
  if (order.errorCode) return { ...base, error_code: order.errorCode, version: API_VERSION };
  const amounts = {
    local_total_amount: amountNumber(order.localAmount, order.localCurrency),
    local_currency: order.localCurrency,
    user_total_amount: amountNumber(order.userAmount, order.userCurrency),
    user_currency: order.userCurrency,
  };
  const collector = collectorShown(order);
  return {
    ...base,
    collector: {
      name: collector.name,
      identification_number: collector.identificationNumber,
      branch_office: collector.branchOffice ?? '',
    },
    order: isKey
      ? { id: order.id, ...amounts }
      : { id: order.id, status: order.status, ...amounts, qr_type: order.qrType },
    ...(order.wallets ? { wallets: order.wallets.map(toPreviewCallbackWallet) } : {}),
    ...(order.walletRecordId ? { walletId: order.walletRecordId } : {}),
    version: API_VERSION,
  };
}

export const statusHistoryViewSchema = z.object({
  id: z.uuid(),
  status: orderStatus,
  creation_date: timestamp,
  update_date: timestamp,
  local_amount: nullable(
    z.string(),
    'Decimal in the local currency; null while an open-amount QR waits for its amount',
  ),
  local_currency: z.string(),
  user_amount: nullable(z.string(), "Decimal in the payer's currency; null until priced"),
  user_currency: nullable(z.string(), "The payer's currency; null for a collection nobody has scanned"),
  external_reference: nullable(z.string(), "The payer's reference"),
  merchant_identification_number: merchantDocument('Null until the merchant is known'),
  merchant_name: merchantName('Null until the merchant is known'),
  statuses: z.array(z.object({ status: orderStatus, created_at: timestamp })).describe('In order of occurrence'),
});
export type StatusHistoryView = z.infer<typeof statusHistoryViewSchema>;

/** Who sees an order: the client paying it, and the client that collects it (a QR created here). */
export type Audience = 'payer' | 'collector';

/** The order as `audience` sees it: each client names it by its own external_reference. */
export function seenBy(order: OrderEntity, audience: Audience): OrderEntity {
  return audience === 'collector' ? { ...order, externalReference: order.collectorExternalReference } : order;
}

/** The order as `clientId`, its payer or its collector, sees it. */
export function seenByClient(order: OrderEntity, clientId: string): OrderEntity {
  return seenBy(order, order.payerClientId === clientId ? 'payer' : 'collector');
}

export function statusHistoryView(order: OrderEntity, history: OrderStatusHistoryEntity[]): StatusHistoryView {
  const collector = collectorShown(order);
  return {
    id: order.id,
    status: order.status,
    creation_date: order.createdAt.toISOString(),
    update_date: order.updatedAt.toISOString(),
    local_amount: amountString(order.localAmount, order.localCurrency),
    local_currency: order.localCurrency,
    user_amount: amountString(order.userAmount, order.userCurrency),
    user_currency: order.userCurrency,
    external_reference: order.externalReference,
    merchant_identification_number: collector.identificationNumber,
    merchant_name: collector.name,
    statuses: history.map((entry) => ({ status: entry.status, created_at: entry.createdAt.toISOString() })),
  };
}

/** One of a collection QR's indicative rates, in the answer to POST /v2/qr and its QR_CREATED notification. */
export const indicativeRateSchema = z.object({
  currency: z.string(),
  rate: z
    .string()
    .describe(
      'Units of this currency per unit of the local currency, at your spread; indicative, the payer is priced at its own',
    ),
  amount: z.number().nullable().describe('The amount in this currency; null for an open amount'),
});

/** The Collections API's QR-creation notification (docs/decisions.md, Collections): the order, its amounts and the indicative rates. */
export const qrCreatedViewSchema = z.object({
  event: z.literal('QR_CREATED'),
  order_id: z.uuid(),
  external_reference: nullable(z.string(), "The collector's reference"),
  status: orderStatus,
  local_amount: nullable(z.number(), 'Null for an open-amount QR'),
  local_currency: z.string(),
  exchange_rates: z.array(indicativeRateSchema),
  expires_at: timestamp,
  date: timestamp,
  version: z.string(),
});
export type QrCreatedView = z.infer<typeof qrCreatedViewSchema>;

/** A collection QR's indicative rates, amounts as numbers like every amount of a view. */
export function exchangeRatesView(order: Pick<OrderEntity, 'qrExchangeRates'>): QrCreatedView['exchange_rates'] {
  return (order.qrExchangeRates ?? []).map(({ currency, rate, amount }) => ({
    currency,
    rate,
    amount: amountNumber(amount, currency),
  }));
}

export function qrCreatedView(order: OrderEntity, now: Date): QrCreatedView {
  return {
    event: 'QR_CREATED',
    order_id: order.id,
    external_reference: order.externalReference,
    status: order.status,
    local_amount: amountNumber(order.localAmount, order.localCurrency),
    local_currency: order.localCurrency,
    exchange_rates: exchangeRatesView(order),
    expires_at: isoSeconds(order.expiresAt),
    date: isoSeconds(now),
    version: API_VERSION,
  };
}

export const qrExpiredViewSchema = z.object({
  event: z.literal('QR_EXPIRED'),
  order_id: z.uuid(),
  external_reference: nullable(z.string(), "The collector's reference"),
  status: orderStatus,
  error_code: nullable(orderErrorCode, 'EXPIRED for an expiry'),
  expires_at: timestamp,
  date: timestamp,
  version: z.string(),
});
export type QrExpiredView = z.infer<typeof qrExpiredViewSchema>;

export function qrExpiredView(order: OrderEntity, now: Date): QrExpiredView {
  return {
    event: 'QR_EXPIRED',
    order_id: order.id,
    external_reference: order.externalReference,
    status: order.status,
    error_code: order.errorCode,
    expires_at: isoSeconds(order.expiresAt),
    date: isoSeconds(now),
    version: API_VERSION,
  };
}
