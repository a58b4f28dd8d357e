import { Module } from '@nestjs/common';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { RailsHttpAdapter } from './rails-http.adapter';
import type { RailsPort } from './rails.port';

/** Injection token for the RailsPort: today the HTTP adapter, later real rail adapters. */
export const RAILS_PORT = Symbol('RAILS_PORT');

@Module({
  providers: [
    {
      provide: RAILS_PORT,
      inject: [ENV],
      useFactory: (env: Env): RailsPort => new RailsHttpAdapter(env.RAILS_URL, env.RAILS_TIMEOUT_MS),
    },
  ],
  exports: [RAILS_PORT],
})
export class RailsModule {}
