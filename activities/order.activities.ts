import type { DataSource, EntityManager } from 'typeorm';
import type { Env } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import { InsufficientFundsError } from '../src/ledger/ledger.errors';
import type { LedgerService } from '../src/ledger/ledger.service';
import { convert, CurrencyCode, Decimal, formatAmount, parseAmount } from '../src/money';
import { NotificationOutbox } from '../src/notifications/notification-outbox';
import type { NotificationEvent } from '../src/notifications/notification.entity';
import { deterministicUuid } from '../src/orders/event-id';
import { OrderEntity, OrderStatusHistoryEntity } from '../src/orders/order.entity';
import type { OrderErrorCode, OrderStatus } from '../src/orders/order-status';
import { PaymentResultView, paymentResultView, PreviewView, previewView, qrExpiredView } from '../src/orders/order-views';
import type { PayoutCountry, RailCurrency, RailsPort } from '../src/rails/rails.port';

export interface OrderActivityDeps {
  dataSource: DataSource;
  env: Env;
  rails: RailsPort;
  fx: FxService;
  ledger: LedgerService;
}

/** Columns a change may set besides the status. */
export type OrderPatch = Partial<
  Pick<
    OrderEntity,
    | 'paymentNotificationUrl'
    | 'merchantName'
    | 'merchantIdentificationNumber'
    | 'merchantBranchOffice'
    | 'localAmount'
    | 'userAmount'
    | 'fxQuoteId'
    | 'fxRate'
  >
>;

export interface OrderChange {
  orderId: string;
  /** The workflow's counter: a change is applied once, however often the activity is retried. */
  seq: number;
  from: OrderStatus;
  to: OrderStatus;
  patch?: OrderPatch;
  errorCode?: OrderErrorCode;
  payoutReference?: string;
  /** Sets payment_date: the payment reached the merchant. */
  paid?: boolean;
  notify?: NotificationEvent[];
}

export interface AppliedChange {
  eventIds: string[];
  payment: PaymentResultView;
  preview: PreviewView;
}

const eventIdOf = (orderId: string, seq: number, event: NotificationEvent) => deterministicUuid(`${orderId}:${seq}:${event}`);

export function createOrderActivities({ dataSource, rails, fx, ledger }: OrderActivityDeps) {
  const reserveOperation = (orderId: string) => `order:${orderId}:reserve`;

  const loadOrder = (orderId: string, manager: EntityManager = dataSource.manager) =>
    manager.findOneOrFail(OrderEntity, { where: { id: orderId } });

  /** Locks the quote that the user will be charged at for the order's whole life. */
  async function quoteAmounts(order: OrderEntity, localAmount: Decimal): Promise<OrderPatch> {
    const localCurrency = order.localCurrency as CurrencyCode;
    const userCurrency = order.userCurrency as CurrencyCode;
    // A retry after the lock committed finds the order's quote and reuses it.
    const quote =
      (await fx.quoteOfOrder(order.id)) ??
      (await fx.lockToOrder((await fx.quote(order.payerClientId!, localCurrency as RailCurrency, userCurrency as RailCurrency)).id, order.id));
    return {
      localAmount: formatAmount(localAmount, localCurrency),
      userAmount: formatAmount(convert(localAmount, quote.rate, userCurrency), userCurrency),
      fxQuoteId: quote.id,
      fxRate: quote.rate.toFixed(),
    };
  }

  function payloadOf(event: NotificationEvent, order: OrderEntity, now: Date): object {
    switch (event) {
      case 'PREVIEW':
        return previewView(order);
      case 'PAYMENT':
        return paymentResultView(order, now);
      case 'QR_EXPIRED':
        return qrExpiredView(order, now);
      default:
        throw new Error(`order activities do not send ${event} notifications`);
    }
  }

  function urlOf(event: NotificationEvent, order: OrderEntity): string {
    return (event === 'PAYMENT' ? order.paymentNotificationUrl : null) ?? order.notificationUrl!;
  }

  async function applyOrderChange(change: OrderChange): Promise<AppliedChange> {
    const eventIds = (change.notify ?? []).map((event) => eventIdOf(change.orderId, change.seq, event));
    return dataSource.transaction(async (tx) => {
      const order = await tx.findOneOrFail(OrderEntity, { where: { id: change.orderId }, lock: { mode: 'pessimistic_write' } });
      const now = new Date();
      if (order.lastSeq < change.seq) {
        if (order.status !== change.from) {
          throw new Error(`order ${order.id} is ${order.status}, change ${change.seq} expected ${change.from}`);
        }
        Object.assign(order, change.patch ?? {}, {
          status: change.to,
          lastSeq: change.seq,
          updatedAt: now,
          ...(change.errorCode ? { errorCode: change.errorCode } : {}),
          ...(change.payoutReference ? { payoutReference: change.payoutReference } : {}),
          ...(change.paid ? { paymentDate: now } : {}),
        });
        await tx.save(order);
        if (change.to !== change.from) {
          await tx.insert(OrderStatusHistoryEntity, {
            orderId: order.id,
            seq: change.seq,
            status: change.to,
            localAmount: order.localAmount,
            userAmount: order.userAmount,
            createdAt: now,
          });
        }
        for (const [index, event] of (change.notify ?? []).entries()) {
          await NotificationOutbox.enqueue(tx, {
            eventId: eventIds[index]!,
            clientId: order.payerClientId!,
            orderId: order.id,
            event,
            url: urlOf(event, order),
            payload: payloadOf(event, order, now),
          });
        }
      }
      return { eventIds, payment: paymentResultView(order, now), preview: previewView(order) };
    });
  }

  return {
    applyOrderChange,

    /** Resolves the merchant behind the QR and, for a closed amount, locks the FX quote. */
    async prepareOrder({ orderId, seq }: { orderId: string; seq: number }): Promise<AppliedChange> {
      const order = await loadOrder(orderId);
      if (order.lastSeq >= seq) return applyOrderChange({ orderId, seq, from: order.status, to: order.status, notify: ['PREVIEW'] });
      const merchant = await rails.resolveQrMerchant({ qr: order.qrPayload! });
      const amounts = order.localAmount ? await quoteAmounts(order, new Decimal(order.localAmount)) : {};
      return applyOrderChange({
        orderId,
        seq,
        from: order.status,
        to: order.status,
        patch: {
          merchantName: merchant.name,
          merchantIdentificationNumber: merchant.identification_number,
          merchantBranchOffice: merchant.branch_office,
          ...amounts,
        },
        notify: ['PREVIEW'],
      });
    },

    /** The open amount arrives: quote it and move to CREATED with the full preview. */
    async submitAmount({ orderId, seq, from, amount }: { orderId: string; seq: number; from: OrderStatus; amount: string }): Promise<AppliedChange> {
      const order = await loadOrder(orderId);
      const patch = order.lastSeq >= seq ? {} : await quoteAmounts(order, parseAmount(amount, order.localCurrency as CurrencyCode));
      return applyOrderChange({ orderId, seq, from, to: 'CREATED', patch, notify: ['PREVIEW'] });
    },

    /** Holds the user-currency total on the payer's pre-funded account; once per order. */
    async reserveFunds({ orderId }: { orderId: string }): Promise<{ reserved: boolean }> {
      const order = await loadOrder(orderId);
      try {
        await ledger.reserve(reserveOperation(orderId), order.payerClientId!, order.userCurrency as CurrencyCode, new Decimal(order.userAmount!), orderId);
        return { reserved: true };
      } catch (error) {
        if (error instanceof InsufficientFundsError) return { reserved: false };
        throw error;
      }
    },

    async commitFunds({ orderId }: { orderId: string }): Promise<void> {
      await ledger.commit(`order:${orderId}:commit`, reserveOperation(orderId));
    },

    async releaseFunds({ orderId }: { orderId: string }): Promise<void> {
      await ledger.release(`order:${orderId}:release`, reserveOperation(orderId));
    },

    /** Pays the merchant in local currency; the rail de-duplicates on the order id. */
    async payout({ orderId }: { orderId: string }): Promise<{ status: 'COMPLETED' | 'REJECTED'; railReference: string }> {
      const order = await loadOrder(orderId);
      const result = await rails.payout({
        payoutId: orderId,
        orderId,
        country: order.localCountry as PayoutCountry,
        currency: order.localCurrency as RailCurrency,
        amount: formatAmount(new Decimal(order.localAmount!), order.localCurrency as CurrencyCode),
        destination: { type: 'QR', qr: order.qrPayload! },
      });
      return { status: result.status, railReference: result.railReference };
    },
  };
}

export type OrderActivities = ReturnType<typeof createOrderActivities>;
