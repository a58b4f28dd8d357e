import type { MovementOutcome, MovementStatus, PayoutDestination, PayoutRequest, RefundRequest } from './rails.port';

/** One rail that moves money to destinations of type D: payouts, their refunds, and the inquiries. */
export interface MovementRail<D extends PayoutDestination> {
  payout(request: PayoutRequest, destination: D): Promise<MovementOutcome>;
  payoutStatus(payoutId: string): Promise<MovementStatus>;
  refund(request: RefundRequest): Promise<MovementOutcome>;
  refundStatus(refundId: string): Promise<MovementStatus>;
}
