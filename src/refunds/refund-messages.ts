import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { RefundAnswer } from './refund-steps';

/** Shared by the refunds workflow, the API and the operators' CLI. Updates answer the refund's facts; the API builds its body from them. */

export const refundsWorkflowId = (orderId: string) => `refunds-${orderId}`;

export interface RefundsWorkflowInput {
  orderId: string;
}

/** The refunds workflow's type name: the API starts it by this name (update-with-start), not by importing its code. */
export const REFUNDS_WORKFLOW = 'orderRefundsWorkflow';

/** What the refunds workflow takes, as its starters see it; it ends once no refund is pending and its window is over. */
export type RefundsWorkflow = (input: RefundsWorkflowInput) => Promise<void>;

export interface RefundRequest {
  /** Deterministic for a request with an idempotency key, so a retry names the same refund. */
  refundId: string;
  /** Local amount, a decimal string at the currency's scale; null: whatever remains. */
  amount: string | null;
  reason: string | null;
  requestedByClientId: string;
}

/** An operator's word on a refund whose outcome the rail never confirmed. */
export interface RefundResolution {
  refundId: string;
  outcome: 'refunded' | 'not-refunded';
  reason: string;
  operator: string;
}

export const requestRefundUpdate = defineUpdate<RefundAnswer, [RefundRequest]>('requestRefund');
export const resolveRefundUpdate = defineUpdate<RefundAnswer, [RefundResolution]>('resolveRefund');
/** The refunds waiting for the rail, and those flagged for an operator. */
export const pendingRefundsQuery = defineQuery<Array<{ refundId: string; unconfirmed: boolean }>>('pendingRefunds');
