import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseJson } from './json';
import type { OrderStatus } from '../../src/orders/lifecycle';
import { Mailbox } from './mailbox';

/** The fields of an order callback the scripts read; undefined when the body was not JSON. */
export interface CallbackBody {
  event?: string;
  status?: OrderStatus;
  error_code?: string | null;
  expires_at?: string;
  order?: { id: string };
}

export interface Callback {
  body: CallbackBody | undefined;
  /** performance.now() when its last byte arrived. */
  at: number;
}

export interface CallbackReceiver {
  url: string;
  callbacks: Mailbox<Callback>;
  close: () => Promise<void>;
}

/**
 * The integrator's endpoint, on loopback (or `host`): answers 200 at once and posts each callback to a
 * mailbox under its path (the bench gives every flow its own path).
 */
export async function startCallbackReceiver(host = '127.0.0.1'): Promise<CallbackReceiver> {
  const callbacks = new Mailbox<Callback>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const at = performance.now();
      response.end();
      callbacks.post(request.url ?? '/', {
        body: parseJson(Buffer.concat(chunks).toString('utf8')) as CallbackBody | undefined,
        at,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://${host}:${port}`,
    callbacks,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
