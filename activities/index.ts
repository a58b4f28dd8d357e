import type { DataSource } from 'typeorm';
import type { Env } from '../src/config/env';
import { createNotificationActivities } from './notifications.activities';

/** What activities reach: the database and the configuration; the payment flow adds rails and callbacks. */
export interface ActivityDeps {
  dataSource: DataSource;
  env: Env;
}

/** Activities are built from their dependencies so tests can pass their own (samples-typescript idiom). */
export function createActivities(deps: ActivityDeps) {
  return {
    ...createNotificationActivities(deps),
  };
}

export type Activities = ReturnType<typeof createActivities>;
