import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { SimulatorHttpError } from './simulator-http.error';

const MAX_BODY_BYTES = 64 * 1024;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    const buffer = chunk as Buffer;
    size += buffer.length;
    if (size > MAX_BODY_BYTES)
      throw new SimulatorHttpError(413, 'PAYLOAD_TOO_LARGE', `body over ${MAX_BODY_BYTES} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** Reads and validates a JSON body; every malformed request is a 400 INVALID_REQUEST. */
export async function readJson<T>(request: IncomingMessage, schema: z.ZodType<T>): Promise<T> {
  const text = await readBody(request);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new SimulatorHttpError(400, 'INVALID_REQUEST', 'body is not JSON');
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw new SimulatorHttpError(400, 'INVALID_REQUEST', z.prettifyError(parsed.error));
  return parsed.data;
}

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}
