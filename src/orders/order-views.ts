import { amountToJsonNumber, CurrencyCode, Decimal, formatAmount } from '../money';
import type { PeruWallet } from '../rails/rails.port';
import type { OrderEntity, OrderStatusHistoryEntity } from './order.entity';
import type { OrderErrorCode, OrderStatus } from './order-status';

/**
 * The bodies the spec gives an order: the payment result, the preview (callback and PUT
 * response) and the status history. Pure mappings of the order row.
 */

export const API_VERSION = '2';

/** ISO 8601 `YYYY-MM-DDTHH:MM:SSZ`, the format the spec gives payment dates. */
export function isoSeconds(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Numeric columns come back with the column's scale ("10.5000"); amounts show the currency's. */
export function amountString(value: string | null, currency: string | null): string | null {
  return value === null || currency === null ? null : formatAmount(new Decimal(value), currency as CurrencyCode);
}

export function amountNumber(value: string | null, currency: string | null): number | null {
  return value === null || currency === null ? null : amountToJsonNumber(new Decimal(value), currency as CurrencyCode);
}

export interface PaymentResultView {
  order_id: string;
  external_reference: string | null;
  external_reference_id: string | null;
  status: OrderStatus;
  date: string;
  payment_date: string | null;
  merchant_identification_number: string | null;
  merchant_name: string | null;
  error_code: OrderErrorCode | null;
}

export function paymentResultView(order: OrderEntity, now: Date): PaymentResultView {
  return {
    order_id: order.id,
    external_reference: order.externalReference,
    external_reference_id: order.externalReference,
    status: order.status,
    date: isoSeconds(now),
    payment_date: order.paymentDate ? isoSeconds(order.paymentDate) : null,
    merchant_identification_number: order.merchantIdentificationNumber,
    merchant_name: order.merchantName,
    error_code: order.errorCode,
  };
}

/** A wallet entry as the preview callback names it (spec: "Preview callback", wallets list). */
export interface PreviewCallbackWallet {
  id: string;
  brand: string;
  mobile: string;
  present: boolean;
  directory: string;
  participant_code: string;
}

/**
 * The spec names one wallet two ways (here and in Peru's validation response); the pairing
 * (brand = bank name, participant code = entity code) is our reading, as the spec never maps them.
 */
export function toPreviewCallbackWallet(wallet: PeruWallet): PreviewCallbackWallet {
  return {
    id: wallet.id,
    brand: wallet.bankName,
    mobile: wallet.contactNumber,
    present: wallet.present,
    directory: wallet.directoryCode,
    participant_code: wallet.entityCode,
  };
}

export interface PreviewView {
  payment_type: 'QR' | 'DICT_KEY';
  external_reference: string | null;
  collector?: { name: string | null; identification_number: string | null; branch_office: string | null };
  order?: {
    id: string;
    /** QR previews only, as the spec's table says. */
    status?: OrderStatus;
    local_total_amount: number | null;
    local_currency: string;
    user_total_amount: number | null;
    user_currency: string | null;
    /** QR previews only. */
    qr_type?: string | null;
  };
  /** A phone key's wallets, to pick one from when paying (wallet_id). */
  wallets?: PreviewCallbackWallet[];
  /** Peru: the wallet record, sent later as wallet_record_id. */
  walletId?: string;
  error_code?: OrderErrorCode;
  version: string;
}

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
  return {
    ...base,
    collector: {
      name: order.merchantName,
      identification_number: order.merchantIdentificationNumber,
      branch_office: order.merchantBranchOffice ?? '',
    },
    order: isKey ? { id: order.id, ...amounts } : { id: order.id, status: order.status, ...amounts, qr_type: order.qrType },
    ...(order.wallets ? { wallets: order.wallets.map(toPreviewCallbackWallet) } : {}),
    ...(order.walletRecordId ? { walletId: order.walletRecordId } : {}),
    version: API_VERSION,
  };
}

export interface StatusHistoryView {
  id: string;
  status: OrderStatus;
  creation_date: string;
  update_date: string;
  local_amount: string | null;
  local_currency: string;
  user_amount: string | null;
  user_currency: string | null;
  external_reference: string | null;
  merchant_identification_number: string | null;
  merchant_name: string | null;
  statuses: Array<{ status: OrderStatus; created_at: string }>;
}

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
    merchant_identification_number: order.merchantIdentificationNumber,
    merchant_name: order.merchantName,
    statuses: history.map((entry) => ({ status: entry.status, created_at: entry.createdAt.toISOString() })),
  };
}

/** The Collections API's QR-creation notification (CONTRACT.md): the order, its amounts and the indicative rates. */
export interface QrCreatedView {
  event: 'QR_CREATED';
  order_id: string;
  external_reference: string | null;
  status: OrderStatus;
  local_amount: number | null;
  local_currency: string;
  exchange_rates: Array<{ currency: string; rate: string; amount: number | null }>;
  expires_at: string;
  date: string;
  version: string;
}

/** A collection QR's indicative rates, amounts as numbers like every amount of a view. */
export function exchangeRatesView(order: Pick<OrderEntity, 'qrExchangeRates'>): QrCreatedView['exchange_rates'] {
  return (order.qrExchangeRates ?? []).map(({ currency, rate, amount }) => ({ currency, rate, amount: amountNumber(amount, currency) }));
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

export interface QrExpiredView {
  event: 'QR_EXPIRED';
  order_id: string;
  external_reference: string | null;
  status: OrderStatus;
  error_code: OrderErrorCode | null;
  expires_at: string;
  date: string;
  version: string;
}

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
