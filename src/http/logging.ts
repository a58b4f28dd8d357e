import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import type { DestinationStream } from 'pino';
import type { Env } from '../config/env';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,100}$/;

/**
 * Structured JSON logs with the request id on every line. Credentials never reach a log:
 * the headers that carry them and any body field named like a secret are redacted.
 */
export function loggingParams(env: Env, destination?: DestinationStream): Params {
  return {
    pinoHttp: {
      level: env.LOG_LEVEL,
      ...(destination ? { stream: destination } : {}),
      genReqId: (request: IncomingMessage, response: ServerResponse) => {
        const incoming = request.headers['x-request-id'];
        const id = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
        response.setHeader('x-request-id', id);
        return id;
      },
      customProps: (request: IncomingMessage) => ({ requestId: (request as IncomingMessage & { id?: unknown }).id }),
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers["x-api-key"]',
          'req.headers.cookie',
          '*.accessToken',
          '*.refreshToken',
          '*.apiKey',
          '*.webhookSecret',
          '*.password',
        ],
        censor: '[redacted]',
      },
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
