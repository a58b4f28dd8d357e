import type { DataSource } from 'typeorm';
import type { Client } from '@temporalio/client';
import type { Env } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import type { LedgerService } from '../src/ledger/ledger.service';
import type { OrderRepository } from '../src/orders/order.repository';
import type { RefundRepository } from '../src/refunds/refund.repository';
import type { Rails } from '../src/rails/rails.port';
import { createNotificationActivities, deliverEach, notificationDeliverer } from './notifications.activities';
import { createOrderActivities } from './order.activities';
import { createReconcilerActivities } from './reconciler.activities';
import { createRefundActivities } from './refund.activities';

/** What activities reach: the database, Temporal, the rails, FX, the ledger and the configuration. */
export interface ActivityDeps {
  dataSource: DataSource;
  env: Env;
  orders: OrderRepository;
  refunds: RefundRepository;
  rails: Rails;
  fx: FxService;
  ledger: LedgerService;
  temporal: Client;
}

/** Activities are built from their dependencies so tests can pass their own (samples-typescript idiom). */
export function createActivities(deps: ActivityDeps) {
  const deliverer = notificationDeliverer(deps);
  return {
    ...createNotificationActivities(deps, deliverer),
    ...createOrderActivities({ ...deps, deliver: deliverEach(deliverer) }),
    ...createReconcilerActivities(deps),
    ...createRefundActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
