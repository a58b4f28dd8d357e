import { createServer, IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './until';

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  /** The bytes as sent, for signature checks. */
  rawBody: string;
  /** `rawBody` parsed as JSON, or undefined when it is not JSON. */
  body: any;
  receivedAt: number;
}

/** How the receiver answers the n-th request (0-based); 'hang' never answers. */
export type Answer = { status: number; headers?: Record<string, string>; body?: string | Buffer } | 'hang';

export interface CallbackReceiver {
  /** Every request received so far, in order. */
  readonly received: ReceivedCallback[];
  /** TCP connections accepted so far, requests or not: zero proves nothing reached the port. */
  readonly connections: number;
  url(path?: string): string;
  /** Callbacks sent to `path` (each test uses its own path), optionally filtered. */
  for(path: string, predicate?: (callback: ReceivedCallback) => boolean): ReceivedCallback[];
  waitFor(
    path: string,
    predicate: (callback: ReceivedCallback) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedCallback>;
  /** Stops listening and drops the responses still hanging. */
  close(): Promise<void>;
}

/**
 * A real integrator endpoint on a free loopback port: records every request with its raw bytes
 * and answers with whatever `answer` says (200 by default), so tests can play a failing receiver.
 */
export async function startCallbackReceiver(
  answer: (index: number, callback: ReceivedCallback) => Answer = () => ({ status: 200 }),
): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const callback = {
        path: request.url ?? '/',
        headers: request.headers,
        rawBody,
        body: parseJson(rawBody),
        receivedAt: Date.now(),
      };
      received.push(callback);
      const reply = answer(received.length - 1, callback);
      if (reply === 'hang') return void hanging.push(response);
      response.writeHead(reply.status, reply.headers).end(reply.body);
    });
  });
  let connections = 0;
  server.on('connection', () => void connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const receiver: CallbackReceiver = {
    received,
    get connections() {
      return connections;
    },
    url: (path = '/callbacks') => `http://127.0.0.1:${port}${path}`,
    for: (path, predicate = () => true) => received.filter((callback) => callback.path === path && predicate(callback)),
    waitFor(path, predicate, timeoutMs = 30_000) {
      return until(`a callback on ${path} to match`, () => receiver.for(path, predicate)[0], {
        timeoutMs,
        intervalMs: 50,
        detail: () => `got: ${JSON.stringify(receiver.for(path).map((c) => c.body))}`,
      });
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** What every callback body ends with (its `webhook` envelope), for a test that compares whole bodies. */
export function callbackEnvelope(type: string, id: unknown = expect.any(String)) {
  return { id, type, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/), version: '2' };
}
