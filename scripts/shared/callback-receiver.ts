import { createServer } from 'node:http';
import { performance } from 'node:perf_hooks';
import { parseJson } from './json';
import { Mailbox } from './mailbox';

export interface Callback {
  body: any;
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
      callbacks.post(request.url ?? '/', { body: parseJson(Buffer.concat(chunks).toString('utf8')), at });
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
