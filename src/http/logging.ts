import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import pino, { type DestinationStream } from 'pino';
import type { Env } from '../config/env';
import { isProbePath } from './probe-paths';

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
 * The request headers a request log line names at `info`: how the caller authenticated (the
 * credentials themselves redacted) and which retry of what it was. `debug` and `trace` log
 * every header, still redacted.
 */
const LOGGED_HEADERS = ['authorization', 'x-api-key', 'idempotency-key', 'user-agent'] as const;

type LoggedRequest = IdentifiedRequest & { principal?: { clientId: string } };

function pickHeaders(headers: IncomingMessage['headers']): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const name of LOGGED_HEADERS) if (headers[name] !== undefined) picked[name] = headers[name];
  return picked;
}

/** The calling client, once the bearer guard has named it, beside the line's other fields. */
const withClientId = (request: LoggedRequest, fields: object) =>
  request.principal ? { clientId: request.principal.clientId, ...fields } : fields;

/**
 * Standard output, written by a background write of whatever lines piled up meanwhile instead
 * of a blocking write per line; pino flushes what is left synchronously when the process
 * exits, however it exits short of a kill.
 */
const standardOutput = (): DestinationStream => pino.destination({ dest: 1, sync: false });

/**
 * Structured JSON logs with the request id on every line. A request's own line says what an
 * operator looks for (method, path, status, time taken, request id, the calling client), not
 * every header: it costs its share of each request. Credentials never reach a log: the headers
 * that carry them and any body field named like a secret are redacted. The probes' requests are
 * not logged (a failing dependency is, by the readiness check).
 */
export function loggingParams(env: Env, destination: DestinationStream = standardOutput()): Params {
  const everyHeader = env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace';
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      stream: destination,
      genReqId: assignRequestId,
      autoLogging: { ignore: (request: IncomingMessage) => isProbePath(request.url) },
      // Lines logged while a request is served carry its id; only its own line carries the request.
      quietReqLogger: true,
      customAttributeKeys: { reqId: 'requestId' },
      customSuccessObject: (request: LoggedRequest, _response: ServerResponse, fields: object) =>
        withClientId(request, fields),
      customErrorObject: (request: LoggedRequest, _response: ServerResponse, _error: Error, fields: object) =>
        withClientId(request, fields),
      redact: LOG_REDACTION,
      serializers: {
        req: (request: { id: string; method: string; url: string; headers: IncomingMessage['headers'] }) => ({
          id: request.id,
          method: request.method,
          url: request.url,
          headers: everyHeader ? request.headers : pickHeaders(request.headers),
        }),
        res: (response: { statusCode: number; headers: Record<string, unknown> }) =>
          everyHeader
            ? { statusCode: response.statusCode, headers: response.headers }
            : { statusCode: response.statusCode },
      },
    },
  };
}
