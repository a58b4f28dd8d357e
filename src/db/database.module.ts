import { Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { createDataSource, databaseBounds } from './data-source';

@Global()
@Module({
  providers: [
    {
      provide: DataSource,
      inject: [ENV],
      useFactory: (env: Env) =>
        createDataSource({
          url: env.DATABASE_URL,
          poolSize: env.DATABASE_POOL_SIZE,
          bounds: databaseBounds(env),
        }).initialize(),
    },
  ],
  exports: [DataSource],
})
export class DatabaseModule implements OnApplicationShutdown {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}
