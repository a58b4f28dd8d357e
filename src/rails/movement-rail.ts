import type { MovementOutcome, MovementStatus, PayoutDestination, RailPayout, RefundRequest } from './rail-terms';

/**
 * One rail that moves money to destinations of type D: payouts, their refunds, and the inquiries.
 * A rail that needs more of the payout than every rail does (the acquirer, its country) says so in P.
 */
export interface MovementRail<D extends PayoutDestination, P extends RailPayout = RailPayout> {
  payout(request: P, destination: D): Promise<MovementOutcome>;
  payoutStatus(payoutId: string): Promise<MovementStatus>;
  refund(request: RefundRequest): Promise<MovementOutcome>;
  refundStatus(refundId: string): Promise<MovementStatus>;
}
