import { SETTLEMENT_EVENTS, type SettleInput, type StepResult } from '../../src/orders/order-steps';
import { ledgerEntries, stepWriter, type OrderActivityDeps } from './step-writes';

/** The payout's established outcome, written with the ledger entries it implies. */
export function createSettlementActivities(deps: Pick<OrderActivityDeps, 'orders' | 'ledger' | 'deliver'>) {
  const write = stepWriter(deps);
  return {
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
        ledgerEntries(deps.ledger, orderId, facts),
        delivering === true,
      );
    },
  };
}
