import type { MovementStatus } from '../../src/rails/rails.port';
import type { ForcedPayoutAnswer } from '../../src/sandbox/forced-payout-answers';
import { delay } from './delay';
import { DeterministicSource } from './deterministic-source';
import {
  type AmountBehaviour,
  SLOW_ANSWER_MS,
  TRANSIENT_FAILURES_PER_ID,
  amountBehaviour,
  isRejectedDestinationKey,
} from './magic-values';
import { SimulatorHttpError } from './simulator-http.error';

/** What a rail did with a payout or refund it executed, before each rail words it its own way. */
export interface SimulatedResult {
  status: 'COMPLETED' | 'REJECTED';
  railReference: string;
  /** Why the destination refused; only for REJECTED. */
  reason?: string;
}

interface MovementRecord {
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
  /** Taken but never settled (a forced `unknown`): the status inquiry answers PENDING for good. */
  held?: boolean;
  result?: SimulatedResult;
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

export interface Settlement {
  /** True when this request created the movement; false for an idempotent replay. */
  created: boolean;
  result: SimulatedResult;
}

export interface MovementOrder {
  /** Everything about the request but its id: another request under the same id is a 409. */
  fingerprint: string;
  amount: string;
  currency: string;
  /** Each rail's references look its own way (E… for Pix, CCE-… in Peru…). */
  referencePrefix: string;
}

/** HELD: the rail takes the payout and never says what became of it. */
type MovementBehaviour = AmountBehaviour | 'HELD';

const FORCED_BEHAVIOUR: Record<ForcedPayoutAnswer, MovementBehaviour> = {
  completed: 'NORMAL',
  rejected: 'REJECT',
  unknown: 'HELD',
};

/** The sandbox's LOST amount: the money moved, but the answer never reaches the caller. */
const lostAnswer = (id: string) =>
  new SimulatorHttpError(504, 'ANSWER_LOST', `${id} was executed; its answer was lost`);

function statusOf(record: MovementRecord | undefined): MovementStatus {
  if (record?.result !== undefined) {
    const { status, railReference, reason } = record.result;
    return status === 'REJECTED'
      ? { status, railReference, reason: reason ?? 'DESTINATION_REFUSED' }
      : { status, railReference };
  }
  return { status: record !== undefined && (record.inFlight > 0 || record.held === true) ? 'PENDING' : 'NOT_FOUND' };
}

/**
 * Payouts and refunds at every simulated rail. Idempotency lives here, in memory, because this
 * is the outside world: a real rail remembers what it paid. The first request seen for an id
 * fixes its content; any other content under the same id is a 409. Payout ids are our order
 * ids, so one map serves every rail.
 */
export class MoneyMovementService {
  private readonly payouts = new Map<string, MovementRecord>();
  private readonly refunds = new Map<string, MovementRecord>();
  /** References of completed payouts: a refund must name one. */
  private readonly paidReferences = new Set<string>();
  private readonly forcedPayouts = new Map<string, ForcedPayoutAnswer>();

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

  /** Fixes what a payout not requested yet will answer; one already requested has answered (409). */
  forcePayoutAnswer(payoutId: string, answer: ForcedPayoutAnswer): void {
    if (this.payouts.has(payoutId))
      throw new SimulatorHttpError(409, 'PAYOUT_ALREADY_REQUESTED', `${payoutId} was already requested`);
    this.forcedPayouts.set(payoutId, answer);
  }

  /** `destinationKey`: a payment key, for the sandbox's closed-account keys. A forced answer overrides both. */
  async payout(payoutId: string, order: MovementOrder & { destinationKey?: string }): Promise<Settlement> {
    const forced = this.forcedPayouts.get(payoutId);
    const behaviour = forced === undefined ? amountBehaviour(order.amount) : FORCED_BEHAVIOUR[forced];
    const settlement = await this.settle(
      this.payouts,
      payoutId,
      order,
      behaviour,
      (rejectedByAmount, railReference) => {
        if (rejectedByAmount) return { status: 'REJECTED', railReference, reason: 'DESTINATION_REFUSED' };
        if (
          forced === undefined &&
          order.destinationKey !== undefined &&
          isRejectedDestinationKey(order.destinationKey)
        ) {
          return { status: 'REJECTED', railReference, reason: 'DESTINATION_ACCOUNT_CLOSED' };
        }
        return { status: 'COMPLETED', railReference };
      },
    );
    if (settlement.result.status === 'COMPLETED') this.paidReferences.add(settlement.result.railReference);
    return settlement;
  }

  refund(refundId: string, order: MovementOrder & { originalReference: string }): Promise<Settlement> {
    if (!this.paidReferences.has(order.originalReference)) {
      throw new SimulatorHttpError(422, 'UNKNOWN_PAYOUT_REFERENCE', `no payout ${order.originalReference}`);
    }
    return this.settle(
      this.refunds,
      refundId,
      order,
      amountBehaviour(order.amount),
      (rejectedByAmount, railReference) =>
        rejectedByAmount
          ? { status: 'REJECTED', railReference, reason: 'DESTINATION_REFUSED' }
          : { status: 'COMPLETED', railReference },
    );
  }

  private async settle(
    records: Map<string, MovementRecord>,
    id: string,
    order: MovementOrder,
    behaviour: MovementBehaviour,
    decide: (rejectedByAmount: boolean, railReference: string) => SimulatedResult,
  ): Promise<Settlement> {
    const { fingerprint, amount, currency } = order;
    const record = records.get(id) ?? {
      fingerprint,
      amount,
      currency,
      attempts: 0,
      requests: 0,
      executions: 0,
      inFlight: 0,
    };
    if (record.fingerprint !== order.fingerprint) {
      throw new SimulatorHttpError(409, 'IDEMPOTENCY_CONFLICT', `${id} was already used for a different request`);
    }
    records.set(id, record);
    record.requests += 1;
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
        case 'HELD':
          record.held = true;
          throw new SimulatorHttpError(504, 'ANSWER_PENDING', `${id} was taken; its outcome is not known yet`);
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
    record.result ??= decide(behaviour === 'REJECT', this.reference(order.referencePrefix, id));
    if (behaviour === 'LOST') throw lostAnswer(id);
    return { created, result: record.result };
  }

  private reference(prefix: string, id: string): string {
    return `${prefix}${DeterministicSource.of(this.seed, prefix, id).hex(16).toUpperCase()}`;
  }
}
