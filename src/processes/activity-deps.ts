import { Client, Connection } from '@temporalio/client';
import type { ActivityDeps } from '../../activities';
import type { Env } from '../config/env';
import { createDataSource, databaseBounds } from '../db/data-source';
import { FxService } from '../fx/fx.service';
import { ReachOptions, untilReachable } from '../infra/until-reachable';
import { LedgerService } from '../ledger/ledger.service';
import { temporalClientInterceptors } from '../observability/tracing';
import { OrderRepository } from '../orders/order.repository';
import { RefundRepository } from '../refunds/refund.repository';
import { createRails } from '../rails/rails.factory';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { temporalDataConverter } from '../temporal/payload-codec';

/**
 * Connects with `connect`, waiting for a dependency out of reach when `retry` is given (the
 * worker process: PostgreSQL or Temporal may be restarting, or starting after it).
 */
export function reachWith(retry: ReachOptions | undefined) {
  return <T>(what: string, connect: () => Promise<T>): Promise<T> =>
    retry ? untilReachable(what, connect, retry) : connect();
}

/** Everything the activities need, built once per worker process (and per test worker). */
export async function createActivityDeps(
  env: Env,
  retry?: ReachOptions,
): Promise<ActivityDeps & { connection: Connection; close(): Promise<void> }> {
  const reach = reachWith(retry);
  const dataSource = await reach('PostgreSQL', () =>
    createDataSource({
      url: env.DATABASE_URL,
      poolSize: env.DATABASE_POOL_SIZE,
      bounds: databaseBounds(env),
    }).initialize(),
  );
  const rails = createRails(env.RAILS_URL, env.RAILS_TIMEOUT_MS);
  const connection = await reach('Temporal', () => Connection.connect(temporalConnectionOptions(env)));
  return {
    dataSource,
    env,
    orders: new OrderRepository(dataSource),
    refunds: new RefundRepository(dataSource),
    rails,
    fx: new FxService(dataSource, rails.fx),
    ledger: new LedgerService(dataSource),
    temporal: new Client({
      connection,
      namespace: env.TEMPORAL_NAMESPACE,
      dataConverter: temporalDataConverter(env),
      interceptors: { workflow: temporalClientInterceptors() },
    }),
    connection,
    async close() {
      await connection.close();
      await dataSource.destroy();
    },
  };
}
