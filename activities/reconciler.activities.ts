import type { Client } from '@temporalio/client';
import { log } from '@temporalio/activity';
import type { DataSource } from 'typeorm';
import { ClientLimitsCache } from '../src/capacity/client-limits';
import { fairnessOf } from '../src/capacity/fairness';
import { type Env, testerSignalsAllowed } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import type { OrderRepository } from '../src/orders/order.repository';
import { orderClientId, startOrderWorkflow } from '../src/orders/order-workflow-start';

/**
 * The scheduled run passes none. `graceMs` (how long the API may still be handing an order over)
 * and `clientId` (one client's orders only) serve operators reconciling by hand and tests, which
 * must not take the orders other suites are still handing over on the shared database.
 */
export interface ReconcileOptions {
  graceMs?: number;
  clientId?: string;
}

export interface ReconcilerActivityDeps {
  env: Env;
  orders: OrderRepository;
  fx: FxService;
  temporal: Client;
  dataSource: DataSource;
}

/** An order the API created less than this ago may still be getting its workflow. */
export const HANDOVER_GRACE_MS = 60_000;
/** Older ones were looked at every minute for a day already; a batch stays small. */
const LOOKBACK_MS = 24 * 3_600_000;
const BATCH = 200;
/** Expired quotes deleted per statement: a short transaction holding few row locks. */
const QUOTE_BATCH = 1000;
/**
 * Batches a run deletes at most: 20,000 quotes a minute, far beyond what clients make; a
 * backlog (the first run after the sweep was deployed) drains over a few runs instead of one long one.
 */
const QUOTE_BATCHES_PER_RUN = 20;

export function createReconcilerActivities({ env, orders, fx, temporal, dataSource }: ReconcilerActivityDeps) {
  const limits = new ClientLimitsCache(dataSource);
  return {
    /**
     * Starts the workflow of every order the API created but could not hand over (Temporal was
     * down, or the process died in between). The workflow then runs as usual: it prepares the
     * order, or cancels it at once as EXPIRED when its time has passed. Returns how many it started.
     */
    async reconcileUnstartedOrders({ graceMs = HANDOVER_GRACE_MS, clientId }: ReconcileOptions = {}): Promise<number> {
      const now = Date.now();
      const candidates = await orders.findUnstarted(
        new Date(now - graceMs),
        new Date(now - LOOKBACK_MS),
        BATCH,
        clientId,
      );
      let started = 0;
      for (const order of candidates) {
        const clientId = orderClientId(order);
        const priority = fairnessOf(clientId, await limits.of(clientId));
        if (
          await startOrderWorkflow(temporal, env.TEMPORAL_TASK_QUEUE, order, {
            priority,
            testerSignals: testerSignalsAllowed(env),
          })
        ) {
          started += 1;
          log.warn('started the workflow of an order left without one', { orderId: order.id });
        }
      }
      return started;
    },

    /**
     * Deletes the FX quotes that expired unused some time ago (FxService.deleteExpiredQuotes),
     * batch by batch; those locked to orders are kept. Returns how many it deleted.
     */
    async deleteExpiredQuotes(): Promise<number> {
      let deleted = 0;
      for (let batch = 0; batch < QUOTE_BATCHES_PER_RUN; batch++) {
        const count = await fx.deleteExpiredQuotes(QUOTE_BATCH);
        deleted += count;
        if (count < QUOTE_BATCH) break;
      }
      if (deleted > 0) log.info('deleted FX quotes that expired unused', { deleted });
      return deleted;
    },
  };
}
