import type { CurrencyCode, PaymentCurrency } from '../money';
import type { OrderStatus } from '../orders/lifecycle';
import type { MovementRoute } from '../rails/rails.port';
import type { RefundAnswerStatus, RefundEvent, RefundStatus } from './refund-lifecycle';

/**
 * The contract between an order's refunds workflow, its activities and the API: what each step
 * is given and answers, all facts. The API builds its bodies from them (src/refunds/refund-views.ts).
 */

/** What the refunds workflow knows of the order it refunds. */
export interface RefundFacts {
  orderId: string;
  payerClientId: string;
  /** A collected order is refunded inside the service, from its collector's account. */
  collectorClientId: string | null;
  localCurrency: PaymentCurrency;
  /** The order's local total and what the payer was debited for it: decimal strings. */
  localTotal: string;
  userCurrency: CurrencyCode;
  debited: string;
  payoutReference: string;
  route: MovementRoute;
}

export interface KnownRefund {
  id: string;
  seq: number;
  status: RefundStatus;
  amount: string;
}

export interface RefundsState {
  facts: RefundFacts;
  status: OrderStatus;
  lastSeq: number;
  refunds: KnownRefund[];
  retryWindowMs: number;
}

/** How a refund settled (the lifecycle's event), with the rail's reference or an operator's note. */
export interface RefundSettlement {
  event: RefundEvent;
  railReference?: string;
  note?: string;
}

export interface SettleRefund {
  refundId: string;
  amount: string;
  /** The order change's seq. */
  seq: number;
  /** Local amount refunded before this one. */
  refundedBefore: string;
  settlement: RefundSettlement;
  facts: RefundFacts;
}

export interface RefundSettled {
  /** The order's status after the settlement. */
  status: OrderStatus;
  eventIds: string[];
  /** Whether the money went back. Absent from results recorded before it existed: the settlement asked for then said. */
  refunded?: boolean;
}

/** A refund as the refunds workflow answers it; local amounts, decimal strings. */
export interface RefundAnswer {
  refundId: string;
  orderId: string;
  status: RefundAnswerStatus;
  amount: string;
  /** Refunded so far, this refund included once it went through. */
  refundedTotal: string;
  /** Still refundable. */
  remaining: string;
}
