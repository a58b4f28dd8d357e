import { createServer, IncomingHttpHeaders, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers the n-th request (0-based); 'hang' never answers. */
export type Answer = { status: number; headers?: Record<string, string> } | 'hang';

export interface CallbackReceiver {
  url(path?: string): string;
  received: ReceivedCallback[];
  close(): Promise<void>;
}

/** A real HTTP receiver on a free loopback port that records every request it gets. */
export async function startCallbackReceiver(answer: (index: number, request: ReceivedCallback) => Answer): Promise<CallbackReceiver> {
  const received: ReceivedCallback[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const callback = { path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      received.push(callback);
      const reply = answer(received.length - 1, callback);
      if (reply === 'hang') return void hanging.push(response);
      response.writeHead(reply.status, reply.headers).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/callbacks') => `http://127.0.0.1:${port}${path}`,
    received,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
