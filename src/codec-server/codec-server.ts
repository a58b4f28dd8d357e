import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Payload, PayloadCodec } from '@temporalio/common';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { OperatorAuthorizer } from './operator-authorizer';

/** A batch the Web UI or the CLI sends: one event's payloads; far under this. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;
const base64 = z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64');

/**
 * The codec server protocol's body, both ways: Temporal's Payloads in proto3 JSON (bytes as
 * base64), which leaves an empty list out: `{}` is no payloads (the CLI sends it for a query
 * without arguments).
 */
const payloadsSchema = z.object({
  payloads: z.array(z.object({ metadata: z.record(z.string(), base64).nullish(), data: base64.nullish() })).default([]),
});
type PayloadsJson = z.infer<typeof payloadsSchema>;

const fromJson = ({ payloads }: PayloadsJson): Payload[] =>
  payloads.map(({ metadata, data }) => ({
    metadata: Object.fromEntries(
      Object.entries(metadata ?? {}).map(([name, value]) => [name, Buffer.from(value, 'base64')]),
    ),
    data: Buffer.from(data ?? '', 'base64'),
  }));

const toJson = (payloads: Payload[]): PayloadsJson => ({
  payloads: payloads.map(({ metadata, data }) => ({
    metadata: Object.fromEntries(
      Object.entries(metadata ?? {}).map(([name, value]) => [name, Buffer.from(value).toString('base64')]),
    ),
    data: Buffer.from(data ?? new Uint8Array()).toString('base64'),
  })),
});

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

async function bodyOf(request: IncomingMessage): Promise<PayloadsJson> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) throw new Refusal(413, `the body is over ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk);
  }
  let json: unknown;
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new Refusal(400, 'the body is not JSON');
  }
  const parsed = payloadsSchema.safeParse(json);
  if (!parsed.success)
    throw new Refusal(
      400,
      `the body is not {"payloads": [...]}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return parsed.data;
}

export interface CodecServerOptions {
  codec: PayloadCodec;
  authorize: OperatorAuthorizer;
  /** Web UI origins whose pages may call it from a browser (CORS); requests naming another origin are refused. */
  corsOrigins: readonly string[];
  log: Logger;
}

/**
 * Temporal's codec server protocol (what the Web UI's "codec endpoint" and the CLI's
 * `--codec-endpoint` call): `POST /decode` and `POST /encode` with `{"payloads": [...]}`, answered
 * in kind, after the operator authorizer has said yes. The Web UI calls it from the operator's
 * browser, so it answers CORS for `corsOrigins` (credentials included: the UI may send cookies),
 * and refuses a request from any other origin before reading it. `GET /health` for probes.
 * Each answer is logged with who asked and how many payloads, never their content.
 */
export function createCodecServer({ codec, authorize, corsOrigins, log }: CodecServerOptions): Server {
  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = (request.url ?? '').split('?')[0]!;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!corsOrigins.includes(origin))
        throw new Refusal(403, `origin ${origin} is not one of CODEC_SERVER_CORS_ORIGINS`);
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-allow-credentials', 'true');
      response.setHeader('vary', 'origin');
    }
    if (path === '/health' && request.method === 'GET') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'up' }));
      return;
    }
    const operation = path.match(/\/(encode|decode)$/)?.[1] as 'encode' | 'decode' | undefined;
    if (!operation) throw new Refusal(404, 'not found: POST /decode or /encode');
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          'access-control-allow-methods': 'POST, OPTIONS',
          'access-control-allow-headers': 'authorization, content-type, x-namespace',
          'access-control-max-age': '600',
        })
        .end();
      return;
    }
    if (request.method !== 'POST') throw new Refusal(405, 'method not allowed: POST', { allow: 'POST, OPTIONS' });
    const decision = await authorize(request.headers.authorization);
    if (!decision.allowed) {
      log.warn({ operation, origin, reason: decision.reason }, 'codec request refused');
      throw new Refusal(
        decision.status,
        decision.status === 401 ? 'a valid bearer credential is required' : 'not allowed to see payloads',
        decision.status === 401 ? { 'www-authenticate': 'Bearer' } : {},
      );
    }
    const payloads = fromJson(await bodyOf(request));
    let answered: Payload[];
    try {
      answered = operation === 'decode' ? await codec.decode(payloads) : await codec.encode(payloads);
    } catch (error) {
      throw new Refusal(422, `cannot ${operation}: ${(error as Error).message}`);
    }
    log.info(
      { operation, operator: decision.operator, namespace: request.headers['x-namespace'], payloads: payloads.length },
      'codec request',
    );
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(toJson(answered)));
  };

  return createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      const refusal = error instanceof Refusal ? error : new Refusal(503, 'cannot answer now');
      if (!(error instanceof Refusal)) log.error({ error }, 'codec request failed');
      // A refused request's body is never read: close the connection rather than drain it.
      response
        .writeHead(refusal.status, { 'content-type': 'application/json', connection: 'close', ...refusal.headers })
        .end(JSON.stringify({ statusCode: refusal.status, message: refusal.message }));
    });
  });
}
