import type { DynamicModule, Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { OpenAPIObject } from '@nestjs/swagger';
import type { NextFunction, Request, Response } from 'express';
import { Logger } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import { AppModule } from './app.module';
import { Env, loadEnv } from './config/env';
import { JSON_BODY_LIMIT, translateBodyReadErrors } from './http/body-read-errors';
import { HttpDrain } from './http/http-drain';
import { assignRequestId } from './http/logging';
import { methodNotAllowed } from './openapi/method-not-allowed';
import { buildOpenApiDocument, serveOpenApi } from './openapi/openapi-document';
import { recordRequestMetrics } from './observability/http-metrics';
import { tagRequestSpan } from './observability/request-span';

/**
 * An HTTP app around `module` (AppModule, or a test module that imports it), with the
 * middleware every request goes through, in this order: the drain's count of requests in
 * flight (and its `Connection: close` once stopping), the request id (also on the request's
 * trace span), its timing for /metrics, the refusal of methods its OpenAPI document does not
 * declare (405, before any body is read), the JSON parser (keeping the raw bytes, which
 * idempotency keys hash), and the translation of its errors. The document is served at /docs
 * and /docs-json. No response names the framework (`x-powered-by`). Signals are the api
 * process's to handle (it drains first), not Nest's: its shutdown hooks would close the
 * listener at once.
 */
export async function createHttpApp(module: Type | DynamicModule, env: Env): Promise<NestExpressApplication> {
  const app = await NestFactory.create<NestExpressApplication>(module, {
    bufferLogs: true,
    rawBody: true,
    bodyParser: false,
  });
  app.useLogger(app.get(Logger));
  app.disable('x-powered-by');
  app.use(app.get(HttpDrain).track);
  app.use((request: Request, response: Response, next: NextFunction) => {
    tagRequestSpan(assignRequestId(request, response));
    next();
  });
  app.use(recordRequestMetrics);
  const document = buildOpenApiDocument(app);
  app.use(methodNotAllowed(document));
  app.useBodyParser('json', { limit: JSON_BODY_LIMIT });
  app.use(translateBodyReadErrors);
  app.set('trust proxy', env.TRUSTED_PROXIES);
  serveOpenApi(app, document);
  return app;
}

/**
 * Builds the HTTP facade; the api process and the e2e tests both start it this way. Logs go
 * to stdout unless a destination is given (tests read them).
 */
export function createApi(env: Env, logDestination?: DestinationStream): Promise<NestExpressApplication> {
  return createHttpApp(AppModule.forEnv(env, logDestination), env);
}

/**
 * The document /docs-json serves, built without a database, Temporal or a listening server:
 * Nest's preview mode registers the routes and instantiates nothing. The environment is a
 * placeholder, since no provider is created to read it; the document does not depend on it.
 */
export async function buildApiDocument(): Promise<OpenAPIObject> {
  const placeholder = loadEnv({
    DATABASE_URL: 'postgres://document.invalid/none',
    JWT_SECRET: 'x'.repeat(32),
    SECRETS_KEY: 'x'.repeat(32),
    LOG_LEVEL: 'silent',
  });
  const app = await NestFactory.create(AppModule.forEnv(placeholder), { preview: true, logger: false });
  try {
    return buildOpenApiDocument(app);
  } finally {
    await app.close();
  }
}
