import type { OrderSettings, Settlement } from '../../src/orders/order-steps';
import { db, type OrderRun } from './order-run';
import { payout } from './payout';

/**
 * The order's last step once its payer accepted: the payout's outcome established (a
 * collection's at once: it is paid inside the service, the collector's account is the
 * destination), then written with the ledger entries it implies.
 */
export async function settle(run: OrderRun, settings: OrderSettings): Promise<void> {
  const { state, orderId } = run;
  const facts = state.facts!;
  const settlement: Settlement =
    facts.flow === 'COLLECTION' ? { outcome: 'PAID', railReference: 'INTERNAL' } : await payout(run, settings);
  // An operator's resolution is answered as this task ends: its callback is not to hold the answer back.
  const deliver = run.delivering(run.resolution === undefined);
  const step = { orderId, seq: run.nextSeq(), settlement, facts, ...(deliver ? { deliver } : {}) };
  const settled = await db.settleOrder(step);
  run.applied(settled, deliver || run.resolution === undefined, deliver);
}
