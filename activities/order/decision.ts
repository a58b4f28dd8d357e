import { ApplicationFailure } from '@temporalio/activity';
import { InsufficientFundsError } from '../../src/ledger/ledger.errors';
import type { AcceptInput, StepResult } from '../../src/orders/order-steps';
import { walletRefusal } from '../../src/orders/payout-destination';
import { ledgerEntries, paymentNotificationUrl, stepWriter, type OrderActivityDeps } from './step-writes';

/** The payer's acceptance: its funds reserved with the change, or found short. A rejection is a closing step. */
export function createDecisionActivities(deps: Pick<OrderActivityDeps, 'env' | 'orders' | 'ledger' | 'deliver'>) {
  const { env, ledger } = deps;
  const write = stepWriter(deps);
  return {
    /**
     * The user accepted: the payer's funds are reserved in the same transaction that moves the
     * order on, so an order is never PROCESSING without its hold, nor held without being
     * PROCESSING. Not enough funds is the lifecycle's FUNDS_SHORT instead. A wallet the order's
     * preview did not list, or a callback URL the API would refuse, is refused before anything
     * is written (the API refuses them first; a tester's signal may not).
     */
    async acceptOrder({ orderId, seq, notificationUrl, walletId, facts, requestId }: AcceptInput): Promise<StepResult> {
      const patch = { ...paymentNotificationUrl(env, notificationUrl), ...(walletId ? { walletId } : {}) };
      const reserve = ledgerEntries(ledger, orderId, facts);
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
  };
}
