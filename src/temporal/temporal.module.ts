import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Client, Connection } from '@temporalio/client';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { temporalConnectionOptions } from './connection-options';

@Global()
@Module({
  providers: [
    {
      provide: Client,
      inject: [ENV],
      useFactory: async (env: Env) => {
        const connection = await Connection.connect(temporalConnectionOptions(env));
        return new Client({ connection, namespace: env.TEMPORAL_NAMESPACE });
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
