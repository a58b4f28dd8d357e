import { ApplicationFailure } from '@temporalio/activity';
import type { EntityManager } from 'typeorm';
import type { Env } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import { InsufficientFundsError } from '../src/ledger/ledger.errors';
import type { LedgerService } from '../src/ledger/ledger.service';
import { convert, CurrencyCode, Decimal, formatAmount, MoneyError, parseAmount, PaymentCurrency } from '../src/money';
import { assertAmountWithinLimits, CountryCode, parseLimitOverrides } from '../src/rails/countries';
import { isFinal, type LedgerMovement } from '../src/orders/lifecycle';
import type { OrderEntity } from '../src/orders/order.entity';
import { DuplicateOrderError, type AppliedChange, type ChangeEffect, type OrderChange, type OrderRepository } from '../src/orders/order.repository';
import {
  SETTLEMENT_EVENTS,
  type AcceptInput,
  type AmountInput,
  type ChangeInput,
  type ClaimInput,
  type ClaimResult,
  type MovementInquiry,
  type OrderFacts,
  type Preparation,
  type SettleInput,
  type StepInput,
  type StepResult,
} from '../src/orders/order-steps';
import { notificationUrlProblem } from '../src/notifications/notification-url';
import type { NewNotification } from '../src/notifications/notification-outbox';
import { payoutDestinationOf, walletRefusal } from '../src/orders/payout-destination';
import { RailsDeclinedError, RailsUnavailableError } from '../src/rails/rails.errors';
import { routeOf, type MovementOutcome, type Rails } from '../src/rails/rails.port';

export interface OrderActivityDeps {
  env: Env;
  orders: OrderRepository;
  rails: Rails;
  fx: FxService;
  ledger: LedgerService;
  /** One attempt at each callback, those `written` sent as written, answering those not acknowledged (notifications.activities.ts, deliverEach). */
  deliver: (eventIds: readonly string[], written?: readonly NewNotification[]) => Promise<string[]>;
}

const reserveOperation = (orderId: string) => `order:${orderId}:reserve`;

const amountOf = (value: string | null, currency: string | null) => (value === null || currency === null ? null : formatAmount(new Decimal(value), currency as CurrencyCode));

function factsOf(order: OrderEntity): OrderFacts {
  return {
    flow: order.flow,
    payerClientId: order.payerClientId,
    collectorClientId: order.collectorClientId,
    localCountry: order.localCountry as CountryCode,
    localCurrency: order.localCurrency as PaymentCurrency,
    localAmount: amountOf(order.localAmount, order.localCurrency),
    userCurrency: order.userCurrency as CurrencyCode,
    userAmount: amountOf(order.userAmount, order.userCurrency),
    destination: payoutDestinationOf(order),
  };
}

/** A collection's QR nobody has scanned yet. */
const awaitsPayer = (order: OrderEntity) => order.flow === 'COLLECTION' && order.payerClientId === null;

function resultOf({ order, eventIds }: AppliedChange): StepResult {
  return {
    status: order.status,
    errorCode: order.errorCode,
    localAmount: amountOf(order.localAmount, order.localCurrency),
    userAmount: amountOf(order.userAmount, order.userCurrency),
    paymentDate: order.paymentDate ? order.paymentDate.toISOString() : null,
    updatedAt: order.updatedAt.toISOString(),
    eventIds,
  };
}

/** An amount that cannot be taken (a tester's signal; the API refuses these before they get here). */
const invalidAmount = (message: string) => ApplicationFailure.nonRetryable(`amount: ${message}`, 'INVALID_AMOUNT');

/**
 * The order's steps as activities: bindings of the order repository, the ledger, FX and the
 * rails. A step names what happened (the lifecycle's event) and brings its facts; the
 * repository locks the order, asks the lifecycle what the event writes there, and writes it in
 * one transaction with the ledger entries the lifecycle lists. Each step is idempotent on the
 * workflow's `seq` (database) or on the order id (rail), so Temporal may run any of them more
 * than once.
 */
export function createOrderActivities({ env, orders, rails, fx, ledger, deliver }: OrderActivityDeps) {
  const limits = parseLimitOverrides(env.AMOUNT_LIMITS);
  /** A step's result; a `delivering` step's with its callbacks tried once it has committed. */
  const write = async (change: OrderChange, effect?: ChangeEffect, delivering = false): Promise<StepResult> => {
    const applied = await orders.apply(change, effect);
    return delivering ? { ...resultOf(applied), undelivered: await deliver(applied.eventIds, applied.written) } : resultOf(applied);
  };

  /** Where the payer hears of its decision, checked as the API checks it (a tester's signal may name any URL). */
  const paymentNotificationUrl = (url: string | undefined) => {
    if (url === undefined) return {};
    const problem = notificationUrlProblem(url, env.ALLOW_INSECURE_CALLBACKS);
    if (problem) throw ApplicationFailure.nonRetryable(`notificationUrl: ${problem}`, 'INVALID_URL');
    return { paymentNotificationUrl: url };
  };

  /** One ledger entry the lifecycle lists for a step, for the order these facts describe. */
  function enter(movement: LedgerMovement, orderId: string, facts: OrderFacts, tx: EntityManager): Promise<unknown> {
    switch (movement) {
      case 'RESERVE':
        return ledger.reserve(reserveOperation(orderId), facts.payerClientId!, facts.userCurrency, new Decimal(facts.userAmount!), orderId, tx);
      case 'COMMIT':
        return ledger.commit(`order:${orderId}:commit`, reserveOperation(orderId), tx);
      case 'COLLECT':
        return ledger.collect(`order:${orderId}:collect`, facts.collectorClientId!, facts.localCurrency, new Decimal(facts.localAmount!), orderId, tx);
      case 'RELEASE':
        return ledger.release(`order:${orderId}:release`, reserveOperation(orderId), tx);
      case 'CLAW_BACK':
      case 'REFUND_CREDIT':
        throw new Error(`${movement} is a refund's entry, made by the refund activities`);
    }
  }

  const ledgerEntries =
    (orderId: string, facts: OrderFacts): ChangeEffect =>
    async (tx, _order, step) => {
      for (const movement of step.ledger) await enter(movement, orderId, facts, tx);
    };

  return {
    /** A step that moves no money: the user's rejection, a collector's cancel, expiry, a merchant nobody knows. */
    changeOrder: async ({ orderId, seq, event, notificationUrl, requestId, deliver: delivering }: ChangeInput): Promise<StepResult> =>
      write({ orderId, seq, event, patch: paymentNotificationUrl(notificationUrl), requestId }, undefined, delivering === true),

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
    async prepareOrder({ orderId, seq }: StepInput): Promise<Preparation> {
      const order = await orders.findById(orderId);
      const settings = { payoutRetryWindowMs: env.PAYOUT_RETRY_WINDOW };
      const prepared = (applied: AppliedChange): Preparation =>
        isFinal(applied.order.status)
          ? { ready: false, status: applied.order.status, eventIds: applied.eventIds }
          : {
              ready: true,
              status: applied.order.status,
              facts: factsOf(applied.order),
              settings,
              eventIds: applied.eventIds,
              ...(awaitsPayer(applied.order) ? { awaitingPayer: true } : {}),
            };
      // A preparation moves no money: each change is applied to the order just read, with no read of its own.
      if (order.lastSeq >= seq || order.flow !== 'QR') return prepared(await orders.applyTo(order, { orderId, seq, event: 'PREPARED' }));
      let merchant;
      try {
        merchant = await rails.acquirer.resolveQrMerchant({ qr: order.qrPayload! });
      } catch (error) {
        if (!(error instanceof RailsDeclinedError)) throw error;
        return prepared(await orders.applyTo(order, { orderId, seq, event: 'UNRESOLVED' }));
      }
      const patch = { merchantName: merchant.name, merchantIdentificationNumber: merchant.identification_number, merchantBranchOffice: merchant.branch_office };
      return prepared(await orders.applyTo(order, { orderId, seq, event: 'PREPARED', patch }));
    },

    /**
     * A client scanned a collection's QR: it becomes the payer, with its own reference and
     * callback URL, and gets the preview. A known amount is priced with the API's quote, locked
     * here.
     */
    async claimOrder({ orderId, seq, claim, facts }: ClaimInput): Promise<ClaimResult> {
      const userCurrency = claim.userCurrency as CurrencyCode;
      // The quote must be the claiming client's, for the order's currency to the one it pays in.
      const use = { orderId, clientId: claim.payerClientId, base: facts.localCurrency, target: userCurrency };
      const priced = claim.fxQuoteId === null || facts.localAmount === null ? null : { quote: await fx.lockToOrder(claim.fxQuoteId, use), localAmount: new Decimal(facts.localAmount) };
      const userAmount = priced ? formatAmount(convert(priced.localAmount, priced.quote.rate, userCurrency), userCurrency) : null;
      try {
        const applied = await orders.apply({
          orderId,
          seq,
          event: 'CLAIMED',
          patch: {
            payerClientId: claim.payerClientId,
            externalReference: claim.externalReference,
            notificationUrl: claim.notificationUrl,
            payer: claim.payer,
            userCurrency,
            ...(priced ? { userAmount, fxQuoteId: priced.quote.id, fxRate: priced.quote.rate.toFixed() } : {}),
          },
        });
        return { ...resultOf(applied), recorded: { facts: factsOf(applied.order), externalReference: applied.order.externalReference } };
      } catch (error) {
        // The payer already names another order with this reference: the claim is refused, the QR stays open.
        if (error instanceof DuplicateOrderError) throw ApplicationFailure.nonRetryable(error.message, 'DUPLICATE_REFERENCE');
        throw error;
      }
    },

    /**
     * The open amount arrives, priced with the API's quote, which is locked to the order here.
     * An amount sent without a quote (a tester's signal) is checked as the API checks it and
     * priced here, at a quote made for the payer and locked alike (or the one a retry locked).
     */
    async submitAmount({ orderId, seq, amount, fxQuoteId, facts, requestId }: AmountInput): Promise<StepResult> {
      let localAmount: Decimal;
      try {
        localAmount = parseAmount(amount, facts.localCurrency);
        assertAmountWithinLimits(localAmount, facts.localCountry, limits);
      } catch (error) {
        if (error instanceof MoneyError) throw invalidAmount(error.message);
        throw error;
      }
      // A quote named with the amount (a tester's signal may name any) must be the payer's, for the order's pair.
      const use = { orderId, clientId: facts.payerClientId!, base: facts.localCurrency, target: facts.userCurrency };
      const quote =
        fxQuoteId !== null
          ? await fx.lockToOrder(fxQuoteId, use)
          : ((await fx.quoteOfOrder(orderId)) ?? (await fx.lockToOrder((await fx.quote(use.clientId, use.base, use.target)).id, use)));
      const userAmount = convert(localAmount, quote.rate, facts.userCurrency);
      if (userAmount.lte(0)) throw invalidAmount(`${formatAmount(localAmount, facts.localCurrency)} ${facts.localCurrency} is less than the smallest amount of ${facts.userCurrency}`);
      return write({
        orderId,
        seq,
        event: 'AMOUNT_SET',
        requestId,
        patch: {
          localAmount: formatAmount(localAmount, facts.localCurrency),
          userAmount: formatAmount(userAmount, facts.userCurrency),
          fxQuoteId: quote.id,
          fxRate: quote.rate.toFixed(),
        },
      });
    },

    /**
     * The user accepted: the payer's funds are reserved in the same transaction that moves the
     * order on, so an order is never PROCESSING without its hold, nor held without being
     * PROCESSING. Not enough funds is the lifecycle's FUNDS_SHORT instead. A wallet the order's
     * preview did not list, or a callback URL the API would refuse, is refused before anything
     * is written (the API refuses them first; a tester's signal may not).
     */
    async acceptOrder({ orderId, seq, notificationUrl, walletId, facts, requestId }: AcceptInput): Promise<StepResult> {
      const patch = { ...paymentNotificationUrl(notificationUrl), ...(walletId ? { walletId } : {}) };
      const reserve = ledgerEntries(orderId, facts);
      try {
        return await write({ orderId, seq, event: 'ACCEPTED', patch, requestId }, async (tx, order, step) => {
          const refusal = walletRefusal(order, walletId, true);
          if (refusal) throw ApplicationFailure.nonRetryable(`wallet_id: ${refusal}`, 'INVALID_WALLET');
          await reserve(tx, order, step);
        });
      } catch (error) {
        if (!(error instanceof InsufficientFundsError)) throw error;
        return write({ orderId, seq, event: 'FUNDS_SHORT', patch, requestId });
      }
    },

    /**
     * The payout's outcome is known: the lifecycle commits the hold for a payment (and credits a
     * collection's collector) or releases it otherwise, in the same transaction.
     */
    settleOrder({ orderId, seq, settlement, facts, deliver: delivering }: SettleInput): Promise<StepResult> {
      return write(
        {
          orderId,
          seq,
          event: SETTLEMENT_EVENTS[settlement.outcome],
          ...(settlement.outcome === 'PAID' ? { payoutReference: settlement.railReference } : {}),
          ...('note' in settlement && settlement.note ? { note: settlement.note } : {}),
        },
        ledgerEntries(orderId, facts),
        delivering === true,
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
    async payoutStatus({ orderId, facts }: { orderId: string; facts: OrderFacts }): Promise<MovementInquiry> {
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
