import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { temporalClientInterceptors } from '../observability/tracing';
import { temporalConnectionOptions } from './connection-options';
import { temporalDataConverter } from './payload-codec';
import { TemporalDeadlineInterceptor } from './temporal-deadline.interceptor';

/**
 * The API's Temporal client. The connection is lazy, so the API starts, and answers 503, while
 * Temporal is down; a call retries for about two seconds, not the SDK's default twenty, and a
 * request's calls all end within API_TEMPORAL_TIMEOUT (TemporalDeadlineInterceptor), so an
 * integrator hears "retry later" before its own HTTP timeout. gRPC keepalive (a ping after
 * 30 s idle, 15 s for its answer: the SDK's defaults) finds a dead connection between
 * requests. With tracing on, a workflow started or updated here continues the request's trace.
 * Payloads are encrypted (temporalDataConverter): a payer's name and tax id never reach Temporal in clear.
 */
@Global()
@Module({
  providers: [
    {
      provide: Client,
      inject: [ENV],
      useFactory: (env: Env) => {
        const connection = Connection.lazy({
          ...temporalConnectionOptions(env),
          interceptors: [
            makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 4, maxIntervalMs: () => 1000 })),
          ],
        });
        return new Client({
          connection,
          namespace: env.TEMPORAL_NAMESPACE,
          dataConverter: temporalDataConverter(env),
          interceptors: { workflow: temporalClientInterceptors() },
        });
      },
    },
    { provide: APP_INTERCEPTOR, useClass: TemporalDeadlineInterceptor },
  ],
  exports: [Client],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(Client) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.connection.close();
  }
}
