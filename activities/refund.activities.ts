import type { Env } from '../src/config/env';
import type { LedgerService } from '../src/ledger/ledger.service';
import type { OrderRepository } from '../src/orders/order.repository';
import type { Rails } from '../src/rails/rails.port';
import type { RefundRepository } from '../src/refunds/refund.repository';
import { createRefundRailActivities } from './refunds/refund-rail';
import { createRefundRecordActivities } from './refunds/refund-records';
import { createRefundSettlementActivities } from './refunds/refund-settlement';

export interface RefundActivityDeps {
  env: Env;
  orders: OrderRepository;
  refunds: RefundRepository;
  rails: Rails;
  ledger: LedgerService;
}

/**
 * A refund's steps, for the order's refunds workflow, one module per step (activities/refunds/);
 * each idempotent on the refund id or the order's seq. The names are the workflow's: its proxies
 * call them by name, and recorded histories hold them.
 */
export function createRefundActivities(deps: RefundActivityDeps) {
  return {
    ...createRefundRecordActivities(deps),
    ...createRefundRailActivities(deps),
    ...createRefundSettlementActivities(deps),
  };
}

export type RefundActivities = ReturnType<typeof createRefundActivities>;
