import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { Env } from './config/env';
import { mountOpenApi } from './http/openapi';

/**
 * Builds the HTTP facade; the api process and the e2e tests both start it this way. Logs go
 * to stdout unless a destination is given (tests read them).
 */
export async function createApi(env: Env, logDestination?: DestinationStream): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forEnv(env, logDestination), { bufferLogs: true });
  app.useLogger(app.get(Logger));
  app.useBodyParser('json', { limit: '100kb' });
  app.set('trust proxy', 'loopback');
  app.enableShutdownHooks();
  mountOpenApi(app);
  return app;
}
