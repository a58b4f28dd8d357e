import { DynamicModule, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { ZodValidationPipe } from 'nestjs-zod';
import { AuthModule } from './auth/auth.module';
import { CapacityModule } from './capacity/capacity.module';
import { CollectionsModule } from './collections/collections.module';
import { ConfigModule } from './config/config.module';
import { Env } from './config/env';
import { DatabaseModule } from './db/database.module';
import { FxModule } from './fx/fx.module';
import { HealthModule } from './health/health.module';
import { HttpExceptionFilter } from './http/http-exception.filter';
import { InputLimitsPipe } from './http/input-limits.pipe';
import { loggingParams } from './http/logging';
import { IdempotencyModule } from './idempotency/idempotency.module';
import { LedgerModule } from './ledger/ledger.module';
import { MerchantsModule } from './merchants/merchants.module';
import { flushTracing } from './observability/tracing';
import { NotificationsModule } from './notifications/notifications.module';
import { PaymentsModule } from './payments/payments.module';
import { QrModule } from './qr/qr.module';
import { RefundsModule } from './refunds/refunds.module';
import { ReportsModule } from './reports/reports.module';
import { SandboxModule } from './sandbox/sandbox.module';
import { TemporalModule } from './temporal/temporal.module';

@Module({})
export class AppModule implements OnApplicationShutdown {
  static forEnv(env: Env, logDestination?: DestinationStream): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forEnv(env),
        LoggerModule.forRoot(loggingParams(env, logDestination)),
        DatabaseModule,
        TemporalModule,
        HealthModule,
        AuthModule,
        CapacityModule,
        IdempotencyModule,
        QrModule,
        NotificationsModule,
        MerchantsModule,
        LedgerModule,
        FxModule,
        PaymentsModule,
        CollectionsModule,
        RefundsModule,
        ReportsModule,
        // Integrators' test helpers: in production the routes do not exist at all.
        ...(env.NODE_ENV === 'production' ? [] : [SandboxModule]),
      ],
      providers: [
        // In this order: no schema sees a NUL character or an absurdly deep body.
        { provide: APP_PIPE, useClass: InputLimitsPipe },
        { provide: APP_PIPE, useClass: ZodValidationPipe },
        { provide: APP_FILTER, useClass: HttpExceptionFilter },
      ],
    };
  }

  /** The API exits right after its shutdown hooks: the spans still buffered go out first. */
  onApplicationShutdown(): Promise<void> {
    return flushTracing();
  }
}
