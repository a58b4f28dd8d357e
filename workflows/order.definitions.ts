import { defineQuery, defineUpdate } from '@temporalio/workflow';
import type { OrderPayer } from '../src/orders/order.entity';
import type { OrderPhase } from '../src/orders/order-rules';
import type { OrderStatus } from '../src/orders/order-status';
import type { PaymentResultView, PreviewView } from '../src/orders/order-views';

/** Shared by the workflow, the API and the operators' CLI: the messages an order accepts. */

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
  /** The FX quote the API priced the amount with; it is locked to the order with the amount. */
  fxQuoteId: string;
}

export interface Decision {
  decision: 'accepted' | 'rejected';
  notificationUrl: string;
  /** A phone key's wallet the payer picked (validated by the API against the order's wallets). */
  walletId?: string;
}

/** A client scanned a QR created here: it becomes the order's payer. */
export interface Claim {
  payerClientId: string;
  externalReference: string;
  notificationUrl: string;
  payer: OrderPayer;
  userCurrency: string;
  /** The quote the API priced a known amount with; null for an open amount. */
  fxQuoteId: string | null;
}

/** An operator's word on a payout whose outcome the rail never confirmed. */
export interface PayoutResolution {
  outcome: 'paid' | 'not-paid';
  /** Why the operator knows; kept on the order's history entry. */
  reason: string;
  /** Who decided (the operator's login). */
  operator: string;
}

export const submitAmountUpdate = defineUpdate<PreviewView, [SubmitAmount]>('submitAmount');
export const decideUpdate = defineUpdate<PaymentResultView, [Decision]>('decide');
/** Answers the order's status after the resolution was applied. */
export const resolvePayoutUpdate = defineUpdate<OrderStatus, [PayoutResolution]>('resolvePayout');
/** The first client to scan a collection QR claims it; answers the payer's preview. */
export const claimUpdate = defineUpdate<PreviewView, [Claim]>('claim');
/** The collector cancels its QR; answers the order's status. */
export const cancelUpdate = defineUpdate<OrderStatus, []>('cancel');
/** Sandbox only (the API refuses it in production): the expiry timer fires now; answers the order's status. */
export const expireUpdate = defineUpdate<OrderStatus, []>('expire');
export const orderStatusQuery = defineQuery<OrderStatus>('status');
export const orderPhaseQuery = defineQuery<OrderPhase>('phase');
