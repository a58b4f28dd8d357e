import { Module } from '@nestjs/common';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { createRails } from './rails.factory';
import type { Rails } from './rails.port';

/** Injection token for the Rails: every rail behind its adapter (src/rails/rails.factory.ts). */
export const RAILS = Symbol('RAILS');

@Module({
  providers: [
    {
      provide: RAILS,
      inject: [ENV],
      useFactory: (env: Env): Rails => createRails(env.RAILS_URL, env.RAILS_TIMEOUT_MS),
    },
  ],
  exports: [RAILS],
})
export class RailsModule {}
