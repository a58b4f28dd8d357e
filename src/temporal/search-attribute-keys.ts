import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Let operators list orders in the Temporal UI by status, client and external reference, and
 * find the ones whose payout no one could confirm. Workflow-safe (only @temporalio/common), so
 * the order workflow upserts them as it moves.
 */
export const ORDER_STATUS = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);
export const CLIENT_ID = defineSearchAttributeKey('ClientId', SearchAttributeType.KEYWORD);
export const EXTERNAL_REFERENCE = defineSearchAttributeKey('ExternalReference', SearchAttributeType.KEYWORD);
/** True while the payout's outcome is unknown past PAYOUT_RETRY_WINDOW: an operator must decide. */
export const PAYOUT_UNCONFIRMED = defineSearchAttributeKey('PayoutUnconfirmed', SearchAttributeType.BOOL);

/** The same, for a refund, on the order's refunds workflow. */
export const REFUND_UNCONFIRMED = defineSearchAttributeKey('RefundUnconfirmed', SearchAttributeType.BOOL);

export const ORDER_SEARCH_ATTRIBUTES = [ORDER_STATUS, CLIENT_ID, EXTERNAL_REFERENCE, PAYOUT_UNCONFIRMED, REFUND_UNCONFIRMED];
