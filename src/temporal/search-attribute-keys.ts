import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

/**
 * Let operators list orders in the Temporal UI by status, client and external reference.
 * Workflow-safe (only @temporalio/common), so the order workflow upserts them as it moves.
 */
export const ORDER_STATUS = defineSearchAttributeKey('OrderStatus', SearchAttributeType.KEYWORD);
export const CLIENT_ID = defineSearchAttributeKey('ClientId', SearchAttributeType.KEYWORD);
export const EXTERNAL_REFERENCE = defineSearchAttributeKey('ExternalReference', SearchAttributeType.KEYWORD);

export const ORDER_SEARCH_ATTRIBUTES = [ORDER_STATUS, CLIENT_ID, EXTERNAL_REFERENCE];
