import type { CurrencyCode, PaymentCurrency } from '../money';
import type { CountryCode } from '../rails/countries';
import type { MovementStatus, PayoutDestination } from '../rails/rails.port';
import type { OrderErrorCode, OrderEvent, OrderFlow, OrderStatus } from './lifecycle';
import type { OrderPayer } from './order.entity';

/**
 * The contract between the order workflow and its activities: what each step is given and what
 * it answers. Both sides import it from here, so the workflow learns its steps' shapes without
 * reading the activities. Results are facts (statuses, amounts, dates, ids), never the API's
 * bodies: the API builds those from the facts where it answers (src/orders/order-views.ts).
 */

/** What the workflow knows of its order once prepared, so later steps need not read it again. */
export interface OrderFacts {
  flow: OrderFlow;
  /** Null for a collection until a client scans its QR. */
  payerClientId: string | null;
  /** A collection's collector, credited in local currency when it is paid. */
  collectorClientId: string | null;
  localCountry: CountryCode;
  localCurrency: PaymentCurrency;
  /** Decimal strings; null until an open amount arrives. */
  localAmount: string | null;
  userCurrency: CurrencyCode;
  userAmount: string | null;
  destination: PayoutDestination;
}

/** Worker configuration the workflow must see as recorded history, not as ambient state. */
export interface OrderSettings {
  payoutRetryWindowMs: number;
}

export type Preparation =
  | {
      ready: true;
      status: OrderStatus;
      facts: OrderFacts;
      settings: OrderSettings;
      eventIds: string[];
      awaitingPayer?: boolean;
    }
  /** The merchant could not be resolved: the order failed, the preview callback says so. */
  | { ready: false; status: OrderStatus; eventIds: string[] };

/** The order as a step left it: what the workflow keeps, and what an update answers the API with. */
export interface OrderOutcome {
  status: OrderStatus;
  errorCode: OrderErrorCode | null;
  /** Decimal strings at the currency's scale; null while unknown. */
  localAmount: string | null;
  userAmount: string | null;
  /** ISO 8601: when the order was paid, and when this step wrote it. */
  paymentDate: string | null;
  updatedAt: string;
}

/** A step's answer: the order's outcome and the x-event-ids of the callbacks it wrote. */
export interface StepResult extends OrderOutcome {
  eventIds: string[];
  /** A delivering step's (DeliveringStep) callbacks that were not acknowledged. */
  undelivered?: string[];
}

export interface ClaimResult extends StepResult {
  /**
   * The claim recorded at the step's seq: another payer's when that claim committed while
   * Temporal lost its acceptance.
   */
  recorded: { facts: OrderFacts; externalReference: string | null };
}

/**
 * Results recorded before issue 23 carried the API's bodies (a payment result and a preview)
 * where a StepResult carries the order's outcome. Histories recorded then replay them, so the
 * workflow reads its outcome through `outcomeOf`, which understands both.
 */
export interface RecordedBodies {
  status: OrderStatus;
  eventIds: string[];
  payment: { error_code: OrderErrorCode | null; payment_date: string | null; date: string };
  preview: { order?: { local_total_amount: number | null; user_total_amount: number | null } };
  /** submitAmount's and claimOrder's results carried these besides. */
  localAmount?: string;
  userAmount?: string | null;
  /** Absent from claim results recorded before lost claims were taken up. */
  recorded?: ClaimResult['recorded'];
}

const numberAmount = (amount: number | null | undefined) =>
  amount === null || amount === undefined ? null : String(amount);

export function outcomeOf(result: StepResult | RecordedBodies): OrderOutcome {
  if ('payment' in result) {
    return {
      status: result.status,
      errorCode: result.payment.error_code,
      localAmount: result.localAmount ?? numberAmount(result.preview.order?.local_total_amount),
      userAmount:
        result.userAmount !== undefined ? result.userAmount : numberAmount(result.preview.order?.user_total_amount),
      paymentDate: result.payment.payment_date,
      updatedAt: result.payment.date,
    };
  }
  const { status, errorCode, localAmount, userAmount, paymentDate, updatedAt } = result;
  return { status, errorCode, localAmount, userAmount, paymentDate, updatedAt };
}

/** The payout's established outcome, as the workflow settles it. */
export type Settlement =
  | { outcome: 'PAID'; railReference: string; note?: string }
  | { outcome: 'REJECTED'; reason: string }
  | { outcome: 'NOT_PAID'; reason: string; note?: string };

/** The lifecycle's event for a settlement. */
export const SETTLEMENT_EVENTS: Record<Settlement['outcome'], OrderEvent> = {
  PAID: 'PAID',
  REJECTED: 'PAYOUT_REJECTED',
  NOT_PAID: 'NOT_PAID',
};

/** A status inquiry that could not be made is one more reason to ask again later. */
export type MovementInquiry = MovementStatus | { status: 'UNREACHABLE'; reason: string };

/** Every database step names its order and its place in the order's history. */
export interface StepInput {
  orderId: string;
  /** The workflow's counter: the step is written once, however often its activity runs. */
  seq: number;
}

/**
 * A step that closes the order on its own path (an expiry, a settlement nobody waits on) may
 * deliver its callbacks itself, once written, instead of the workflow running a local activity
 * for each: it answers those not acknowledged in `undelivered`.
 */
export interface DeliveringStep {
  deliver?: true;
}

/** A step that applies an integrator's request sent under an idempotency-key, and records its id with the change. */
export interface RequestedStep {
  requestId?: string;
}

/** A step that moves no money (an expiry, a rejection, a cancel, a merchant nobody knows). */
export interface ChangeInput extends StepInput, RequestedStep, DeliveringStep {
  event: OrderEvent;
  /** Where the payer hears of the decision, when the step is one. */
  notificationUrl?: string;
}

export interface AmountInput extends StepInput, RequestedStep {
  /** Decimal string in the order's local currency. */
  amount: string;
  /** The quote the API priced it with, or null for an amount that came without one (a tester's signal): the step quotes it. */
  fxQuoteId: string | null;
  facts: OrderFacts;
}

export interface AcceptInput extends StepInput, RequestedStep {
  /** Where the payer hears of the payment; its preview's URL when none is given. */
  notificationUrl?: string;
  walletId?: string;
  facts: OrderFacts;
}

export interface ClaimInput extends StepInput {
  claim: Claim;
  facts: OrderFacts;
}

export interface SettleInput extends StepInput, DeliveringStep {
  settlement: Settlement;
  facts: OrderFacts;
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
