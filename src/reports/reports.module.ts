import { Module } from '@nestjs/common';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ConciliationController } from './conciliation.controller';
import { ConcurrencyLimit, reportStreamCapacity } from './concurrency-limit';
import { MovementsRepository } from './movement-cursor';

/** Reconciliation files: a client's payments and refunds of a period, streamed from PostgreSQL. */
@Module({
  controllers: [ConciliationController],
  providers: [
    MovementsRepository,
    {
      provide: ConcurrencyLimit,
      inject: [ENV],
      useFactory: (env: Env) => new ConcurrencyLimit(reportStreamCapacity(env.DATABASE_POOL_SIZE)),
    },
  ],
})
export class ReportsModule {}
