import { amountToJsonNumber, CurrencyCode, Decimal, formatAmount } from '../money';
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

function amountNumber(value: string | null, currency: string | null): number | null {
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

export interface PreviewView {
  payment_type: string;
  external_reference: string | null;
  collector?: { name: string | null; identification_number: string | null; branch_office: string | null };
  order?: {
    id: string;
    status: OrderStatus;
    local_total_amount: number | null;
    local_currency: string;
    user_total_amount: number | null;
    user_currency: string | null;
    qr_type: string | null;
  };
  error_code?: OrderErrorCode;
  version: string;
}

/** collector and order appear only for a successful read, as the spec says. */
export function previewView(order: OrderEntity): PreviewView {
  const base = { payment_type: order.flow === 'KEY' ? 'DICT_KEY' : 'QR', external_reference: order.externalReference };
  if (order.errorCode) return { ...base, error_code: order.errorCode, version: API_VERSION };
  return {
    ...base,
    collector: {
      name: order.merchantName,
      identification_number: order.merchantIdentificationNumber,
      branch_office: order.merchantBranchOffice ?? '',
    },
    order: {
      id: order.id,
      status: order.status,
      local_total_amount: amountNumber(order.localAmount, order.localCurrency),
      local_currency: order.localCurrency,
      user_total_amount: amountNumber(order.userAmount, order.userCurrency),
      user_currency: order.userCurrency,
      qr_type: order.qrType,
    },
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
