import { Global, Inject, Module, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { Client } from '@temporalio/client';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { BacklogMonitor } from './backlog-monitor';
import { ClientLimitsCache } from './client-limits';
import { QuotaGuard } from './quota.guard';
import { Quotas } from './quotas';

/**
 * What the API knows of its own capacity: each client's quotas and limits, and how far behind
 * the workers are (admission). Global, as every module with a route that starts work uses it.
 */
@Global()
@Module({
  providers: [
    { provide: ClientLimitsCache, inject: [DataSource], useFactory: (dataSource: DataSource) => new ClientLimitsCache(dataSource) },
    {
      provide: Quotas,
      inject: [DataSource, ENV, ClientLimitsCache],
      useFactory: (dataSource: DataSource, env: Env, limits: ClientLimitsCache) => new Quotas(dataSource, env.QUOTA_DEFAULTS, limits),
    },
    {
      provide: BacklogMonitor,
      inject: [Client, ENV],
      useFactory: (temporal: Client, env: Env) => new BacklogMonitor(temporal, env.TEMPORAL_NAMESPACE, env.TEMPORAL_TASK_QUEUE, env.ADMISSION_POLL_INTERVAL),
    },
    QuotaGuard,
  ],
  exports: [ClientLimitsCache, Quotas, BacklogMonitor, QuotaGuard],
})
export class CapacityModule implements OnModuleInit, OnApplicationShutdown {
  constructor(
    @Inject(BacklogMonitor) private readonly backlog: BacklogMonitor,
    @Inject(ENV) private readonly env: Env,
  ) {}

  onModuleInit(): void {
    if (this.env.ADMISSION_MAX_BACKLOG_AGE > 0) this.backlog.start();
  }

  onApplicationShutdown(): void {
    this.backlog.stop();
  }
}
