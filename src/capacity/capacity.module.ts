import { Global, Inject, Module, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Connection } from '@temporalio/client';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { startCapacitySeries } from '../observability/metrics';
import { temporalConnectionOptions } from '../temporal/connection-options';
import { ADMISSION_REFUSAL_REASONS } from './admission';
import { BacklogMonitor } from './backlog-monitor';
import { ClientLimitsCache } from './client-limits';
import { QuotaGuard } from './quota.guard';
import { QUOTA_CLASSES } from '../config/quota-policy';
import { Quotas } from './quotas';

/**
 * What the API knows of its own capacity: each client's quotas and limits, and how far behind
 * the workers are (admission). Global, as every module with a route that starts work uses it.
 */
@Global()
@Module({
  providers: [
    {
      provide: ClientLimitsCache,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new ClientLimitsCache(dataSource),
    },
    {
      provide: Quotas,
      inject: [DataSource, ENV, ClientLimitsCache],
      useFactory: (dataSource: DataSource, env: Env, limits: ClientLimitsCache) =>
        new Quotas(dataSource, env.QUOTA_DEFAULTS, limits),
    },
    {
      provide: BacklogMonitor,
      inject: [ENV],
      // Its own lazy connection, without the retry interceptor (whose back-off outlives a call's
      // deadline and would call the connection after the API closed it): a failed reading is
      // simply taken again at the next poll.
      useFactory: (env: Env) =>
        new BacklogMonitor(
          Connection.lazy({ ...temporalConnectionOptions(env), interceptors: [] }),
          env.TEMPORAL_NAMESPACE,
          env.TEMPORAL_TASK_QUEUE,
          env.ADMISSION_POLL_INTERVAL,
        ),
    },
    QuotaGuard,
  ],
  exports: [ClientLimitsCache, Quotas, BacklogMonitor, QuotaGuard],
})
export class CapacityModule implements OnModuleInit, OnModuleDestroy {
  constructor(
    @Inject(BacklogMonitor) private readonly backlog: BacklogMonitor,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    startCapacitySeries(QUOTA_CLASSES, ADMISSION_REFUSAL_REASONS);
    if (this.env.ADMISSION_MAX_BACKLOG_AGE > 0) this.backlog.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.backlog.stop();
  }
}
