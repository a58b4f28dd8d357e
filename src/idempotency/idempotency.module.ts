import { BeforeApplicationShutdown, Global, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IdempotencyService } from './idempotency.service';

// Expired keys are also replaced on reuse; this sweep bounds the table for keys never reused.
const PURGE_INTERVAL_MS = 3600_000;

@Global()
@Module({
  providers: [
    {
      provide: IdempotencyService,
      inject: [DataSource],
      useFactory: (dataSource: DataSource) => new IdempotencyService(dataSource),
    },
  ],
  exports: [IdempotencyService],
})
export class IdempotencyModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('IdempotencyModule');
  private purgeTimer?: NodeJS.Timeout;

  constructor(private readonly idempotency: IdempotencyService) {}

  onApplicationBootstrap(): void {
    this.purgeTimer = setInterval(() => {
      this.idempotency
        .purgeExpired()
        .catch((error: unknown) => this.logger.warn(`purging expired idempotency keys failed: ${String(error)}`));
    }, PURGE_INTERVAL_MS).unref();
  }

  beforeApplicationShutdown(): void {
    clearInterval(this.purgeTimer);
  }
}
