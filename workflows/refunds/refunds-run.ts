import { ApplicationFailure, proxyLocalActivities } from '@temporalio/workflow';
import type { RefundActivities } from '../../activities/refund.activities';
import { Decimal } from '../../src/money/decimal';
import { REFUNDABLE_STATUSES, type OrderStatus } from '../../src/orders/lifecycle';
import { refundRejection, remainingOf, type RefundAnswerStatus } from '../../src/refunds/refund-lifecycle';
import type { RefundRequest, RefundResolution } from '../../src/refunds/refund-messages';
import type { RefundAnswer, RefundFacts, RefundsState } from '../../src/refunds/refund-steps';
import { DATABASE_STEP } from '../activity-options';

/** The refunds' database steps, as local activities (activity-options.ts, DATABASE_STEP). */
export const db = proxyLocalActivities<RefundActivities>(DATABASE_STEP);

/** A refund taken in, waiting for its turn or being refunded. */
export interface Job {
  refundId: string;
  /** Local amount; "whatever remains" is decided when the request is taken. */
  amount: string;
  reason: string | null;
  requestedByClientId: string;
  seq: number;
  /** What the API is answered: set once the rail's first answer is in (PENDING when unknown) or the refund settled. */
  answer?: RefundAnswer;
  unconfirmed: boolean;
}

/** Refuses a request, or an operator's resolution, with the reason its caller is answered. */
export const refuse = (type: string, message: string): never => {
  throw ApplicationFailure.nonRetryable(message, type);
};

/**
 * The refunds workflow's state in one object that its handlers and its refunds take: the order
 * as loaded, what was refunded, the queue of refunds (each holding its amount until it settles),
 * the answers of those settled, and the callbacks in flight.
 */
export class RefundsRun {
  /** Undefined until the order is read. */
  state: RefundsState | undefined;
  /** Until its order is read, as refundable: the API started it for a refund it let through. */
  status: OrderStatus = REFUNDABLE_STATUSES[0]!;
  seq = 0;
  refunded = new Decimal(0);
  nextRefundSeq = 1;
  /** Set once the workflow, idle, is about to end: a request then is refused, and retried on the next run. */
  closing = false;
  readonly queue: Job[] = [];
  readonly settled = new Map<string, RefundAnswer>();
  readonly resolutions = new Map<string, RefundResolution>();
  readonly deliveries: Array<Promise<void>> = [];

  constructor(readonly orderId: string) {}

  facts(): RefundFacts {
    return this.state!.facts;
  }

  /** The order's total, what was refunded, and what the refunds taken in hold. */
  ledger() {
    const held = this.queue.reduce((sum, job) => sum.plus(job.amount), new Decimal(0));
    return { total: this.facts().localTotal, refunded: this.refunded.toFixed(), held: held.toFixed() };
  }

  answerOf(job: Job, status: RefundAnswerStatus): RefundAnswer {
    return {
      refundId: job.refundId,
      orderId: this.orderId,
      status,
      amount: job.amount,
      refundedTotal: this.refunded.toFixed(),
      remaining: new Decimal(this.facts().localTotal).minus(this.refunded).toFixed(),
    };
  }

  known(refundId: string): boolean {
    return this.settled.has(refundId) || this.queue.some((job) => job.refundId === refundId);
  }

  /** Whether a request may be taken now: the one rule, for the validator and (before the order is read) the handler. */
  check(request: RefundRequest): void {
    if (this.known(request.refundId)) return;
    if (this.closing) refuse('REFUNDS_CLOSING', `the refunds of order ${this.orderId} are closing; ask again`);
    const remaining = remainingOf(this.ledger());
    const amount = request.amount === null ? remaining : new Decimal(request.amount);
    const rejection = refundRejection(this.status, this.ledger(), amount);
    if (!rejection) return;
    const refundable = `${remaining.toFixed()} ${this.facts().localCurrency} refundable`;
    refuse(rejection, `order ${this.orderId} is ${this.status} with ${refundable}`);
  }

  /**
   * Takes in the order as read; refunds a previous run left pending (a crash, or a rail that never
   * answered) are finished first.
   */
  load(loaded: RefundsState): void {
    this.status = loaded.status;
    this.seq = loaded.lastSeq;
    const completed = loaded.refunds.filter((refund) => refund.status === 'COMPLETED');
    this.refunded = completed.reduce((sum, refund) => sum.plus(refund.amount), new Decimal(0));
    this.nextRefundSeq = loaded.refunds.length + 1;
    for (const refund of loaded.refunds) {
      if (refund.status !== 'PENDING') continue;
      const { id, amount, seq } = refund;
      this.queue.push({ refundId: id, amount, reason: null, requestedByClientId: '', seq, unconfirmed: false });
    }
    this.state = loaded;
  }
}
