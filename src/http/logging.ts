import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Env } from '../config/env';
import { isProbePath } from '../health/probe-paths';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

type IdentifiedRequest = IncomingMessage & { id?: unknown };

/**
 * The request's id: a sane incoming `x-request-id`, else a new UUID, set on the response at
 * once. Called as the very first middleware, so even a body the parser refuses is answered
 * with it; pino-http then finds it on the request.
 */
export function assignRequestId(request: IdentifiedRequest, response: ServerResponse): string {
  if (typeof request.id === 'string') return request.id;
  const incoming = request.headers['x-request-id'];
  const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
  request.id = id;
  response.setHeader('x-request-id', id);
  return id;
}

/**
 * Never written to a log, by any process: the headers and fields that carry credentials, and
 * what a database error carries of the row it failed on (its query parameters and the driver's
 * detail). loggableError already keeps database errors to code, constraint and message; this
 * catches whatever logs one without it.
 */
export const LOG_REDACTION = {
  paths: [
    'req.headers.authorization',
    'req.headers["x-api-key"]',
    'req.headers.cookie',
    '*.accessToken',
    '*.refreshToken',
    '*.apiKey',
    '*.webhookSecret',
    '*.password',
    '*.parameters',
    '*.driverError',
    '*.detail',
  ],
  censor: '[redacted]',
};

/**
 * Structured JSON logs with the request id on every line. Credentials never reach a log:
 * the headers that carry them and any body field named like a secret are redacted. The probes'
 * requests are not logged (a failing dependency is, by the readiness check).
 */
export function loggingParams(env: Env, destination?: DestinationStream): Params {
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      ...(destination ? { stream: destination } : {}),
      genReqId: assignRequestId,
      autoLogging: { ignore: (request: IncomingMessage) => isProbePath(request.url) },
      customProps: (request: IdentifiedRequest) => ({ requestId: request.id }),
      redact: LOG_REDACTION,
      serializers: {
        req: (request: { id: string; method: string; url: string; headers: Record<string, unknown> }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
          headers: request.headers,
        }),
      },
    },
  };
}
