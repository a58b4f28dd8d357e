import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { OrderStatus } from '../src/orders/order-status';
import type { PaymentResultView, PreviewView } from '../src/orders/order-views';

/** Shared by the workflow and the API: the messages an order accepts. */

export interface OrderWorkflowInput {
  orderId: string;
  /** Already persisted by the API as history entry 1. */
  initialStatus: OrderStatus;
  /** Epoch ms: the order is canceled as EXPIRED if no decision arrived by then. */
  expiresAtMs: number;
}

export interface SubmitAmount {
  /** Decimal string in the order's local currency, already validated by the API. */
  amount: string;
}

export interface Decision {
  decision: 'accepted' | 'rejected';
  notificationUrl: string;
}

export const submitAmountUpdate = defineUpdate<PreviewView, [SubmitAmount]>('submitAmount');
export const decideUpdate = defineUpdate<PaymentResultView, [Decision]>('decide');
export const orderStatusQuery = defineQuery<OrderStatus>('status');
