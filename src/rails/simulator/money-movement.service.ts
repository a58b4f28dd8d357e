import type { MovementStatus, PayoutRequest, PayoutResult, RefundRequest, RefundResult } from '../rails.port';
import { delay } from './delay';
import { DeterministicSource } from './deterministic-source';
import {
  SLOW_ANSWER_MS,
  TRANSIENT_FAILURES_PER_ID,
  amountBehaviour,
  isRejectedDestinationKey,
} from './magic-values';
import { SimulatorHttpError } from './simulator-http.error';

interface MovementRecord<R> {
  fingerprint: string;
  /** What the first request asked to move; the fingerprint holds every later one to it. */
  amount: string;
  currency: string;
  attempts: number;
  /** Every request under this id, replays included. */
  requests: number;
  /** How often money actually moved: a replay or a losing concurrent duplicate does not count. */
  executions: number;
  /** Requests being worked on right now: the status inquiry answers PENDING meanwhile. */
  inFlight: number;
  result?: R;
}

/**
 * What the rail did under one payout id: the admin view that lets tests prove "paid once" and
 * lets `npm run chaos` compare the rail's payouts with the ledger.
 */
export interface MovementSummary extends MovementStatus {
  requests: number;
  executions: number;
  /** As first asked; null for an id the rail never saw. */
  amount: string | null;
  currency: string | null;
}

export interface Settlement<R> {
  /** True when this request created the movement; false for an idempotent replay. */
  created: boolean;
  result: R;
}

const PAYOUT_REFERENCE = /^PO-[0-9A-F]{16}$/;

/** The sandbox's LOST amount: the money moved, but the answer never reaches the caller. */
const lostAnswer = (id: string) => new SimulatorHttpError(504, 'ANSWER_LOST', `${id} was executed; its answer was lost`);

function statusOf(record: MovementRecord<PayoutResult | RefundResult> | undefined): MovementStatus {
  if (record?.result !== undefined) {
    const { status, railReference } = record.result;
    return status === 'REJECTED'
      ? { status, railReference, reason: ('reason' in record.result && record.result.reason) || 'DESTINATION_REFUSED' }
      : { status, railReference };
  }
  return { status: record !== undefined && record.inFlight > 0 ? 'PENDING' : 'NOT_FOUND' };
}

/**
 * Payouts and refunds at the destination rail. Idempotency lives here, in memory, because
 * this is the outside world: a real rail remembers what it paid. The first request seen for an
 * id fixes its content; any other content under the same id is a 409.
 */
export class MoneyMovementService {
  private readonly payouts = new Map<string, MovementRecord<PayoutResult>>();
  private readonly refunds = new Map<string, MovementRecord<RefundResult>>();

  constructor(private readonly seed: string) {}

  /** An id the rail has never seen counts zero of both: nothing was asked, nothing paid. */
  payoutSummary(payoutId: string): MovementSummary {
    const record = this.payouts.get(payoutId);
    return {
      requests: record?.requests ?? 0,
      executions: record?.executions ?? 0,
      ...statusOf(record),
      amount: record?.amount ?? null,
      currency: record?.currency ?? null,
    };
  }

  /** Every payout id the rail has seen, in the order it first saw them. */
  payoutSummaries(): Array<{ payoutId: string } & MovementSummary> {
    return [...this.payouts.keys()].map((payoutId) => ({ payoutId, ...this.payoutSummary(payoutId) }));
  }

  /** The status inquiry: what the rail knows of a payout id, whatever became of its answers. */
  payoutStatus(payoutId: string): MovementStatus {
    return statusOf(this.payouts.get(payoutId));
  }

  refundStatus(refundId: string): MovementStatus {
    return statusOf(this.refunds.get(refundId));
  }

  payout(request: PayoutRequest): Promise<Settlement<PayoutResult>> {
    const { destination } = request;
    const fingerprint = JSON.stringify([
      request.orderId,
      request.country,
      request.currency,
      request.amount,
      destination.type,
      destination.type === 'KEY' ? [destination.key, destination.walletId ?? null] : destination.qr,
    ]);
    return this.settle(this.payouts, request.payoutId, fingerprint, request, (rejectedByAmount) => {
      const railReference = this.reference('PO', request.payoutId);
      if (rejectedByAmount) return { status: 'REJECTED', railReference, reason: 'DESTINATION_REFUSED' };
      if (destination.type === 'KEY' && isRejectedDestinationKey(destination.key)) {
        return { status: 'REJECTED', railReference, reason: 'DESTINATION_ACCOUNT_CLOSED' };
      }
      return { status: 'COMPLETED', railReference };
    });
  }

  refund(request: RefundRequest): Promise<Settlement<RefundResult>> {
    if (!PAYOUT_REFERENCE.test(request.payoutReference)) {
      throw new SimulatorHttpError(422, 'UNKNOWN_PAYOUT_REFERENCE', `no payout ${request.payoutReference}`);
    }
    const fingerprint = JSON.stringify([request.orderId, request.payoutReference, request.amount, request.currency]);
    return this.settle(this.refunds, request.refundId, fingerprint, request, (rejectedByAmount) => ({
      status: rejectedByAmount ? 'REJECTED' : 'COMPLETED',
      railReference: this.reference('RF', request.refundId),
    }));
  }

  private async settle<R>(
    records: Map<string, MovementRecord<R>>,
    id: string,
    fingerprint: string,
    { amount, currency }: { amount: string; currency: string },
    decide: (rejectedByAmount: boolean) => R,
  ): Promise<Settlement<R>> {
    const record = records.get(id) ?? { fingerprint, amount, currency, attempts: 0, requests: 0, executions: 0, inFlight: 0 };
    if (record.fingerprint !== fingerprint) {
      throw new SimulatorHttpError(409, 'IDEMPOTENCY_CONFLICT', `${id} was already used for a different request`);
    }
    records.set(id, record);
    record.requests += 1;
    const behaviour = amountBehaviour(amount);
    if (record.result !== undefined) {
      if (behaviour === 'LOST') throw lostAnswer(id);
      return { created: false, result: record.result };
    }

    record.attempts += 1;
    record.inFlight += 1;
    try {
      switch (behaviour) {
        case 'FAIL':
          throw new SimulatorHttpError(500, 'RAIL_FAILURE', 'the destination rail failed');
        case 'FLAKY':
          if (record.attempts <= TRANSIENT_FAILURES_PER_ID) {
            throw new SimulatorHttpError(503, 'RAIL_BUSY', `attempt ${record.attempts} failed transiently`);
          }
          break;
        case 'SLOW':
          await delay(SLOW_ANSWER_MS);
          break;
        case 'REJECT':
        case 'LOST':
        case 'NORMAL':
          break;
      }
    } finally {
      record.inFlight -= 1;
    }
    // A concurrent duplicate may have settled while this one slept; the first result wins.
    const created = record.result === undefined;
    if (created) record.executions += 1;
    record.result ??= decide(behaviour === 'REJECT');
    if (behaviour === 'LOST') throw lostAnswer(id);
    return { created, result: record.result };
  }

  private reference(prefix: 'PO' | 'RF', id: string): string {
    return `${prefix}-${DeterministicSource.of(this.seed, prefix, id).hex(16).toUpperCase()}`;
  }
}
