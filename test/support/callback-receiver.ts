import { createServer, IncomingHttpHeaders, Server } from 'node:http';

export interface ReceivedCallback {
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  receivedAt: number;
}

/**
 * A real integrator endpoint on loopback: records every callback with its raw bytes, and
 * answers with whatever `respond` says (200 by default), so tests can play a failing receiver.
 */
export class CallbackReceiver {
  readonly received: ReceivedCallback[] = [];
  respond: (callback: ReceivedCallback) => number = () => 200;
  private server!: Server;
  url = '';

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const rawBody = Buffer.concat(chunks).toString('utf8');
        let body: unknown;
        try {
          body = JSON.parse(rawBody);
        } catch {
          body = undefined;
        }
        const callback = { path: request.url ?? '/', headers: request.headers, rawBody, body, receivedAt: Date.now() };
        this.received.push(callback);
        response.statusCode = this.respond(callback);
        response.end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    this.url = `http://127.0.0.1:${port}`;
    return this;
  }

  /** Callbacks sent to `path` (each test uses its own path), optionally filtered. */
  for(path: string, predicate: (callback: ReceivedCallback) => boolean = () => true): ReceivedCallback[] {
    return this.received.filter((callback) => callback.path === path && predicate(callback));
  }

  async waitFor(path: string, predicate: (callback: ReceivedCallback) => boolean, timeoutMs = 30_000): Promise<ReceivedCallback> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.for(path, predicate)[0];
      if (found) return found;
      if (Date.now() > deadline) {
        throw new Error(`no callback on ${path} matched within ${timeoutMs} ms; got: ${JSON.stringify(this.for(path).map((c) => c.body))}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
