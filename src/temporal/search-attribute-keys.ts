import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Let operators list orders in the Temporal UI by status, client, external reference, flow,
 * country and payer currency, find the ones whose payout no one could confirm, and the ones
 * sitting in a status for too long. Workflow-safe (only @temporalio/common), so the order
 * workflow upserts them as it moves.
 */
export const ORDER_STATUS = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);
export const CLIENT_ID = defineSearchAttributeKey('ClientId', SearchAttributeType.KEYWORD);
export const EXTERNAL_REFERENCE = defineSearchAttributeKey('ExternalReference', SearchAttributeType.KEYWORD);
/** True while the payout's outcome is unknown past PAYOUT_RETRY_WINDOW: an operator must decide. */
export const PAYOUT_UNCONFIRMED = defineSearchAttributeKey('PayoutUnconfirmed', SearchAttributeType.BOOL);
/** QR, KEY or COLLECTION; never changes, so it is set when the workflow starts. */
export const ORDER_FLOW = defineSearchAttributeKey('OrderFlow', SearchAttributeType.KEYWORD);
/** The order's local country (where the merchant is paid); set at start. */
export const COUNTRY = defineSearchAttributeKey('Country', SearchAttributeType.KEYWORD);
/** The payer's currency: set at start, or when a client claims a collection's QR. */
export const PAYER_CURRENCY = defineSearchAttributeKey('PayerCurrency', SearchAttributeType.KEYWORD);
/**
 * When the order entered its current status. Visibility queries have no relative time, so
 * "PROCESSING for more than 5 minutes" is `OrderStatus = 'PROCESSING' AND StatusSince < <now - 5 min>`.
 */
export const STATUS_SINCE = defineSearchAttributeKey('StatusSince', SearchAttributeType.DATETIME);

/** The same, for a refund, on the order's refunds workflow. */
export const REFUND_UNCONFIRMED = defineSearchAttributeKey('RefundUnconfirmed', SearchAttributeType.BOOL);

export const ORDER_SEARCH_ATTRIBUTES = [
  ORDER_STATUS,
  CLIENT_ID,
  EXTERNAL_REFERENCE,
  PAYOUT_UNCONFIRMED,
  REFUND_UNCONFIRMED,
  ORDER_FLOW,
  COUNTRY,
  PAYER_CURRENCY,
  STATUS_SINCE,
];
