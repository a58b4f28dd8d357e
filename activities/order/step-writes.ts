import { ApplicationFailure } from '@temporalio/activity';
import type { Env } from '../../src/config/env';
import type { FxService } from '../../src/fx/fx.service';
import { enterOrderMovements } from '../../src/ledger/ledger-movements';
import type { LedgerService } from '../../src/ledger/ledger.service';
import { CurrencyCode, Decimal, formatAmount, PaymentCurrency } from '../../src/money';
import type { NewNotification } from '../../src/notifications/notification-outbox';
import { notificationUrlProblem } from '../../src/notifications/notification-url';
import type { OrderEntity } from '../../src/orders/order.entity';
import type { AppliedChange, ChangeEffect, OrderChange, OrderRepository } from '../../src/orders/order.repository';
import type { OrderFacts, StepResult } from '../../src/orders/order-steps';
import { payoutDestinationOf } from '../../src/orders/payout-destination';
import type { CountryCode } from '../../src/rails/countries';
import type { Rails } from '../../src/rails/rails.port';

/**
 * What the order's steps share: what they reach, the facts an order's row gives the workflow,
 * a step's result, and the one way a step writes (the order repository's `apply`, with the
 * ledger entries its lifecycle step lists, and its callbacks tried once committed when asked).
 */
export interface OrderActivityDeps {
  env: Env;
  orders: OrderRepository;
  rails: Rails;
  fx: FxService;
  ledger: LedgerService;
  /**
   * One attempt at each callback, those `written` sent as written, answering those not
   * acknowledged (notifications.activities.ts, deliverEach).
   */
  deliver: (eventIds: readonly string[], written?: readonly NewNotification[]) => Promise<string[]>;
}

const amountOf = (value: string | null, currency: string | null) =>
  value === null || currency === null ? null : formatAmount(new Decimal(value), currency as CurrencyCode);

export function factsOf(order: OrderEntity): OrderFacts {
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
export const awaitsPayer = (order: OrderEntity) => order.flow === 'COLLECTION' && order.payerClientId === null;

export function resultOf({ order, eventIds }: AppliedChange): StepResult {
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

/** Writes a step and answers its result; a `delivering` step's with its callbacks tried once it has committed. */
export function stepWriter({ orders, deliver }: Pick<OrderActivityDeps, 'orders' | 'deliver'>) {
  return async (change: OrderChange, effect?: ChangeEffect, delivering = false): Promise<StepResult> => {
    const applied = await orders.apply(change, effect);
    return delivering
      ? { ...resultOf(applied), undelivered: await deliver(applied.eventIds, applied.written) }
      : resultOf(applied);
  };
}

/** Where the payer hears of its decision, checked as the API checks it (a tester's signal may name any URL). */
export function paymentNotificationUrl(env: Env, url: string | undefined) {
  if (url === undefined) return {};
  const problem = notificationUrlProblem(url, env.ALLOW_INSECURE_CALLBACKS);
  if (problem) throw ApplicationFailure.nonRetryable(`notificationUrl: ${problem}`, 'INVALID_URL');
  return { paymentNotificationUrl: url };
}

/** The ledger entries the lifecycle lists for a step, for the order these facts describe (ledger-movements.ts). */
export const ledgerEntries =
  (ledger: LedgerService, orderId: string, facts: OrderFacts): ChangeEffect =>
  (tx, _order, step) =>
    enterOrderMovements(ledger, step.ledger, { orderId, ...facts }, tx);
