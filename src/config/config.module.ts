import { Global, Module } from '@nestjs/common';
import { Env } from './env';

/** Injection token for the parsed environment. */
export const ENV = Symbol('ENV');

@Global()
@Module({})
export class ConfigModule {
  static forEnv(env: Env) {
    return { module: ConfigModule, providers: [{ provide: ENV, useValue: env }], exports: [ENV] };
  }
}
