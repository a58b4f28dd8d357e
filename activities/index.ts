import type { DataSource } from 'typeorm';
import type { Env } from '../src/config/env';
import type { FxService } from '../src/fx/fx.service';
import type { LedgerService } from '../src/ledger/ledger.service';
import type { RailsPort } from '../src/rails/rails.port';
import { createNotificationActivities } from './notifications.activities';
import { createOrderActivities } from './order.activities';

/** What activities reach: the database, the rails, FX, the ledger and the configuration. */
export interface ActivityDeps {
  dataSource: DataSource;
  env: Env;
  rails: RailsPort;
  fx: FxService;
  ledger: LedgerService;
}

/** Activities are built from their dependencies so tests can pass their own (samples-typescript idiom). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createNotificationActivities(deps),
    ...createOrderActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
