import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor } from '@temporalio/client';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { temporalClientInterceptors } from '../observability/tracing';
import { temporalConnectionOptions } from './connection-options';

/**
 * The API's Temporal client. The connection is lazy, so the API starts, and answers 503, while
 * Temporal is down; and a call retries for about two seconds, not the SDK's default twenty, so
 * an integrator hears "retry later" before its own HTTP timeout. With tracing on, a workflow
 * started or updated here continues the request's trace.
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
          interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions({ maxAttempts: 4, maxIntervalMs: () => 1000 }))],
        });
        return new Client({ connection, namespace: env.TEMPORAL_NAMESPACE, interceptors: { workflow: temporalClientInterceptors() } });
      },
    },
  ],
  exports: [Client],
})
export class TemporalModule implements OnApplicationShutdown {
  constructor(@Inject(Client) private readonly client: Client) {}

  async onApplicationShutdown(): Promise<void> {
    await this.client.connection.close();
  }
}
