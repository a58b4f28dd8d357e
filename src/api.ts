import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { Env } from './config/env';
import { translateBodyReadErrors } from './http/body-read-errors';
import { assignRequestId } from './http/logging';
import { mountOpenApi } from './http/openapi';
import { recordRequestMetrics } from './observability/http-metrics';
import { tagRequestSpan } from './observability/request-span';

/**
 * An HTTP app around `module` (AppModule, or a test module that imports it), with the
 * middleware every request goes through, in this order: the request id (also on the
 * request's trace span), its timing for /metrics, the JSON parser (keeping the raw bytes,
 * which idempotency keys hash), and the translation of its errors.
 */
export async function createHttpApp(module: Type | DynamicModule, env: Env): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, { bufferLogs: true, rawBody: true, bodyParser: false });
  app.useLogger(app.get(Logger));
  app.use((request: Request, response: Response, next: NextFunction) => {
    tagRequestSpan(assignRequestId(request, response));
    next();
  });
  app.use(recordRequestMetrics);
  app.useBodyParser('json', { limit: '100kb' });
  app.use(translateBodyReadErrors);
  app.set('trust proxy', env.TRUST_PROXY);
  app.enableShutdownHooks();
  return app;
}

/**
 * Builds the HTTP facade; the api process and the e2e tests both start it this way. Logs go
 * to stdout unless a destination is given (tests read them).
 */
export async function createApi(env: Env, logDestination?: DestinationStream): Promise<NestExpressApplication> {
  const app = await createHttpApp(AppModule.forEnv(env, logDestination), env);
  mountOpenApi(app);
  return app;
}
