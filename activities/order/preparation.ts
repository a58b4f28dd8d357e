import { isFinal } from '../../src/orders/lifecycle';
import type { AppliedChange } from '../../src/orders/order.repository';
import type { OrderSettings, Preparation, StepInput } from '../../src/orders/order-steps';
import { RailsDeclinedError } from '../../src/rails/rails.errors';
import { awaitsPayer, factsOf, type OrderActivityDeps } from './step-writes';

/** The preparation's answer: the order is ready for its payer, or failed (its preview says so). */
function preparationOf(applied: AppliedChange, settings: OrderSettings): Preparation {
  return isFinal(applied.order.status)
    ? { ready: false, status: applied.order.status, eventIds: applied.eventIds }
    : {
        ready: true,
        status: applied.order.status,
        facts: factsOf(applied.order),
        settings,
        eventIds: applied.eventIds,
        ...(awaitsPayer(applied.order) ? { awaitingPayer: true } : {}),
      };
}

/** The order's first step: its payee known, its preview (or a collection's QR) published. */
export function createPreparationActivities({
  env,
  orders,
  rails,
}: Pick<OrderActivityDeps, 'env' | 'orders' | 'rails'>) {
  return {
    /**
     * Resolves the merchant behind a QR and publishes the preview. A rail that cannot answer is
     * retried by Temporal; one that answers "no such merchant" fails the order. A key payment's
     * payee was looked up by the API already; a collection's QR was made here, and its creation
     * is what gets published.
     */
    async prepareOrder({ orderId, seq }: StepInput): Promise<Preparation> {
      const order = await orders.findById(orderId);
      const settings = { payoutRetryWindowMs: env.PAYOUT_RETRY_WINDOW };
      const prepared = (applied: AppliedChange) => preparationOf(applied, settings);
      // A preparation moves no money: each change is applied to the order just read, with no read of its own.
      if (order.lastSeq >= seq || order.flow !== 'QR')
        return prepared(await orders.applyTo(order, { orderId, seq, event: 'PREPARED' }));
      let merchant;
      try {
        merchant = await rails.acquirer.resolveQrMerchant({ qr: order.qrPayload! });
      } catch (error) {
        if (!(error instanceof RailsDeclinedError)) throw error;
        return prepared(await orders.applyTo(order, { orderId, seq, event: 'UNRESOLVED' }));
      }
      const patch = {
        merchantName: merchant.name,
        merchantIdentificationNumber: merchant.identification_number,
        merchantBranchOffice: merchant.branch_office,
      };
      return prepared(await orders.applyTo(order, { orderId, seq, event: 'PREPARED', patch }));
    },
  };
}
