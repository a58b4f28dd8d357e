import { ApplicationFailure } from '@temporalio/activity';
import type { Env } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import { InsufficientFundsError } from '../src/ledger/ledger.errors';
import type { LedgerService } from '../src/ledger/ledger.service';
import { convert, CountryCode, CurrencyCode, Decimal, formatAmount, parseAmount, PaymentCurrency } from '../src/money';
import type { OrderEntity, OrderFlow } from '../src/orders/order.entity';
import { DuplicateOrderError, type AppliedChange, type ChangeEffect, type OrderChange, type OrderRepository } from '../src/orders/order.repository';
import type { OrderErrorCode, OrderStatus } from '../src/orders/order-status';
import { PaymentResultView, paymentResultView, PreviewView, previewView } from '../src/orders/order-views';
import { payoutDestinationOf } from '../src/orders/payout-destination';
import { RailsDeclinedError, RailsUnavailableError } from '../src/rails/rails.errors';
import type { Claim } from '../workflows/order.definitions';
import { routeOf, type MovementOutcome, type MovementStatus, type PayoutDestination, type Rails } from '../src/rails/rails.port';

export interface OrderActivityDeps {
  env: Env;
  orders: OrderRepository;
  rails: Rails;
  fx: FxService;
  ledger: LedgerService;
}

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
  | { ready: true; status: OrderStatus; facts: OrderFacts; settings: OrderSettings; eventIds: string[]; awaitingPayer?: boolean }
  /** The rail answered that it knows no such merchant: the order failed, the preview callback says so. */
  | { ready: false; status: OrderStatus; eventIds: string[] };

export interface ChangeResult {
  status: OrderStatus;
  eventIds: string[];
  payment: PaymentResultView;
  preview: PreviewView;
}

export interface ClaimResult extends ChangeResult {
  userAmount: string | null;
  /**
   * The claim recorded at the step's seq: another payer's when that claim committed while
   * Temporal lost its acceptance. Absent from results recorded before it existed.
   */
  recorded?: { facts: OrderFacts; externalReference: string | null };
}

/** The payout's established outcome, as the workflow settles it. */
export type Settlement =
  | { outcome: 'PAID'; railReference: string; note?: string }
  | { outcome: 'REJECTED'; reason: string }
  | { outcome: 'NOT_PAID'; reason: string; note?: string };

/** A status inquiry that could not be made is one more reason to ask again later. */
export type PayoutInquiry = MovementStatus | { status: 'UNREACHABLE'; reason: string };

const reserveOperation = (orderId: string) => `order:${orderId}:reserve`;

function factsOf(order: OrderEntity): OrderFacts {
  return {
    flow: order.flow,
    payerClientId: order.payerClientId,
    collectorClientId: order.collectorClientId,
    localCountry: order.localCountry as CountryCode,
    localCurrency: order.localCurrency as PaymentCurrency,
    localAmount: order.localAmount === null ? null : formatAmount(new Decimal(order.localAmount), order.localCurrency as CurrencyCode),
    userCurrency: order.userCurrency as CurrencyCode,
    userAmount: order.userAmount === null ? null : formatAmount(new Decimal(order.userAmount), order.userCurrency as CurrencyCode),
    destination: payoutDestinationOf(order),
  };
}

/** A collection's QR nobody has scanned yet. */
const awaitsPayer = (order: OrderEntity) => order.flow === 'COLLECTION' && order.payerClientId === null;

function resultOf({ order, eventIds }: AppliedChange): ChangeResult {
  return { status: order.status, eventIds, payment: paymentResultView(order, order.updatedAt), preview: previewView(order) };
}

/**
 * The order's steps as activities: thin bindings of the order repository, the ledger and the
 * rails. Each is idempotent on the workflow's `seq` (database) or on the order id (rail), so
 * Temporal may run any of them more than once.
 */
export function createOrderActivities({ env, orders, rails, fx, ledger }: OrderActivityDeps) {
  const change = async (orderChange: OrderChange, effect?: ChangeEffect) => resultOf(await orders.apply(orderChange, effect));

  return {
    /** Any change that moves no money: the user's rejection, expiry, a merchant nobody knows. */
    changeOrder: (orderChange: OrderChange): Promise<ChangeResult> => change(orderChange),

    /** The order as the database has it, for a workflow that must take it up from there. */
    async orderFacts({ orderId }: { orderId: string }): Promise<{ facts: OrderFacts; awaitingPayer: boolean }> {
      const order = await orders.findById(orderId);
      return { facts: factsOf(order), awaitingPayer: awaitsPayer(order) };
    },

    /**
     * Resolves the merchant behind a QR and publishes the preview. A rail that cannot answer is
     * retried by Temporal; one that answers "no such merchant" fails the order. A key payment's
     * payee was looked up by the API already; a collection's QR was made here, and its creation
     * is what gets published.
     */
    async prepareOrder({ orderId, seq }: { orderId: string; seq: number }): Promise<Preparation> {
      const order = await orders.findById(orderId);
      const settings = { payoutRetryWindowMs: env.PAYOUT_RETRY_WINDOW };
      // A collection's QR was made here for its collector; it waits for a client to scan it.
      const collection = order.flow === 'COLLECTION';
      if (order.lastSeq >= seq || order.flow !== 'QR') {
        const replayed = await orders.apply({ orderId, seq, from: order.status, to: order.status, notify: [collection ? 'QR_CREATED' : 'PREVIEW'] });
        return order.status === 'FAILED'
          ? { ready: false, status: order.status, eventIds: replayed.eventIds }
          : { ready: true, status: order.status, facts: factsOf(order), settings, eventIds: replayed.eventIds, ...(awaitsPayer(order) ? { awaitingPayer: true } : {}) };
      }
      let merchant;
      try {
        merchant = await rails.acquirer.resolveQrMerchant({ qr: order.qrPayload! });
      } catch (error) {
        if (!(error instanceof RailsDeclinedError)) throw error;
        const failed = await orders.apply({ orderId, seq, from: order.status, to: 'FAILED', errorCode: 'UPSTREAM_ERROR', notify: ['PREVIEW'] });
        return { ready: false, status: failed.order.status, eventIds: failed.eventIds };
      }
      const prepared = await orders.apply({
        orderId,
        seq,
        from: order.status,
        to: order.status,
        patch: {
          merchantName: merchant.name,
          merchantIdentificationNumber: merchant.identification_number,
          merchantBranchOffice: merchant.branch_office,
        },
        notify: ['PREVIEW'],
      });
      return { ready: true, status: prepared.order.status, facts: factsOf(prepared.order), settings, eventIds: prepared.eventIds };
    },

    /**
     * A client scanned a collection's QR: it becomes the payer, with its own reference and
     * callback URL, and gets the preview. A known amount is priced with the API's quote, locked
     * here; an Argentine QR still without its amount becomes PROCESS_LATER, as the spec says.
     */
    async claimOrder({ orderId, seq, from, claim, facts }: { orderId: string; seq: number; from: OrderStatus; claim: Claim; facts: OrderFacts }): Promise<ClaimResult> {
      const userCurrency = claim.userCurrency as CurrencyCode;
      const priced =
        claim.fxQuoteId === null || facts.localAmount === null
          ? null
          : { quote: await fx.lockToOrder(claim.fxQuoteId, orderId), localAmount: new Decimal(facts.localAmount) };
      const userAmount = priced ? formatAmount(convert(priced.localAmount, priced.quote.rate, userCurrency), userCurrency) : null;
      const to: OrderStatus = from === 'WAITING_AMOUNT' && facts.localCountry === 'AR' ? 'PROCESS_LATER' : from;
      try {
        const applied = await orders.apply({
          orderId,
          seq,
          from,
          to,
          patch: {
            payerClientId: claim.payerClientId,
            externalReference: claim.externalReference,
            notificationUrl: claim.notificationUrl,
            payer: claim.payer,
            userCurrency,
            ...(priced ? { userAmount, fxQuoteId: priced.quote.id, fxRate: priced.quote.rate.toFixed() } : {}),
          },
          notify: ['PREVIEW'],
        });
        return { ...resultOf(applied), userAmount, recorded: { facts: factsOf(applied.order), externalReference: applied.order.externalReference } };
      } catch (error) {
        // The payer already names another order with this reference: the claim is refused, the QR stays open.
        if (error instanceof DuplicateOrderError) throw ApplicationFailure.nonRetryable(error.message, 'DUPLICATE_REFERENCE');
        throw error;
      }
    },

    /** The open amount arrives, priced with the API's quote, which is locked to the order here. */
    async submitAmount(input: { orderId: string; seq: number; from: OrderStatus; amount: string; fxQuoteId: string; facts: OrderFacts }) {
      const { orderId, facts } = input;
      const quote = await fx.lockToOrder(input.fxQuoteId, orderId);
      const localAmount = parseAmount(input.amount, facts.localCurrency);
      const userAmount = convert(localAmount, quote.rate, facts.userCurrency);
      const result = await change({
        orderId,
        seq: input.seq,
        from: input.from,
        to: 'CREATED',
        patch: {
          localAmount: formatAmount(localAmount, facts.localCurrency),
          userAmount: formatAmount(userAmount, facts.userCurrency),
          fxQuoteId: quote.id,
          fxRate: quote.rate.toFixed(),
        },
        notify: ['PREVIEW'],
      });
      return { ...result, localAmount: formatAmount(localAmount, facts.localCurrency), userAmount: formatAmount(userAmount, facts.userCurrency) };
    },

    /**
     * The user accepted: the payer's funds are reserved in the same transaction that moves the
     * order to PROCESSING, so an order is never PROCESSING without its hold, nor held without
     * being PROCESSING. Not enough funds fails the order instead.
     */
    async acceptOrder(input: { orderId: string; seq: number; notificationUrl: string; walletId?: string; facts: OrderFacts }) {
      const { orderId, seq, facts } = input;
      const patch = { paymentNotificationUrl: input.notificationUrl, ...(input.walletId ? { walletId: input.walletId } : {}) };
      const base = { orderId, seq, from: 'CREATED' as const, patch, notify: ['PAYMENT' as const] };
      try {
        // The spec sends a PROCESSING notification in the key flows only.
        return await change({ ...base, to: 'PROCESSING', notify: facts.flow === 'KEY' ? ['PAYMENT'] : [] }, async (tx) => {
          await ledger.reserve(reserveOperation(orderId), facts.payerClientId!, facts.userCurrency, new Decimal(facts.userAmount!), orderId, tx);
        });
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        return change({ ...base, to: 'FAILED', errorCode: 'INSUFFICIENT_FUNDS' });
      }
    },

    /**
     * The payout's outcome is known: commit the hold for a payment, release it otherwise. A
     * collection is paid inside the service: the collector is credited the local amount in the
     * same transaction.
     */
    async settleOrder({ orderId, seq, settlement, facts }: { orderId: string; seq: number; settlement: Settlement; facts: OrderFacts }): Promise<ChangeResult> {
      const base = { orderId, seq, from: 'PROCESSING' as const, notify: ['PAYMENT' as const] };
      if (settlement.outcome === 'PAID') {
        return change({ ...base, to: 'COMPLETED', payoutReference: settlement.railReference, paid: true, note: settlement.note }, async (tx) => {
          await ledger.commit(`order:${orderId}:commit`, reserveOperation(orderId), tx);
          if (facts.collectorClientId !== null) {
            await ledger.collect(`order:${orderId}:collect`, facts.collectorClientId, facts.localCurrency, new Decimal(facts.localAmount!), orderId, tx);
          }
        });
      }
      const [to, errorCode]: [OrderStatus, OrderErrorCode] =
        settlement.outcome === 'REJECTED' ? ['REJECTED', 'DESTINATION_REJECTED'] : ['FAILED', 'UPSTREAM_ERROR'];
      const note = settlement.outcome === 'NOT_PAID' ? settlement.note : undefined;
      return change({ ...base, to, errorCode, note }, (tx) =>
        ledger.release(`order:${orderId}:release`, reserveOperation(orderId), tx).then(() => undefined),
      );
    },

    /** Pays the merchant in local currency; the rail de-duplicates on the order id. Never guesses. */
    sendPayout({ orderId, facts }: { orderId: string; facts: OrderFacts }): Promise<MovementOutcome> {
      return rails.payouts.payout({
        payoutId: orderId,
        orderId,
        country: facts.localCountry,
        currency: facts.localCurrency,
        amount: facts.localAmount!,
        destination: facts.destination,
      });
    },

    /** Asks the rail what became of the order's payout. */
    async payoutStatus({ orderId, facts }: { orderId: string; facts: OrderFacts }): Promise<PayoutInquiry> {
      try {
        return await rails.payouts.payoutStatus({ payoutId: orderId, route: routeOf({ country: facts.localCountry, destination: facts.destination }) });
      } catch (error) {
        if (error instanceof RailsUnavailableError) return { status: 'UNREACHABLE', reason: error.message };
        throw error;
      }
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
