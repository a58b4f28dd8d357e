import { createConnection, createServer, Server, Socket } from 'node:net';
import { freePort } from '../../src/infra/free-port';

/**
 * A TCP forwarder on a loopback port of its own that a test can close and open, to make a
 * dependency (PostgreSQL, Temporal) go out of reach and come back without stopping the shared
 * one: closed, its port refuses connections and the ones it carried are cut.
 */
export class TcpGate {
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();

  private constructor(
    readonly port: number,
    private readonly target: { host: string; port: number },
  ) {}

  /** A gate to `target` (host:port), closed until `open()`. */
  static async to(target: { host: string; port: number }): Promise<TcpGate> {
    return new TcpGate(await freePort(), target);
  }

  /** `url` with its host and port replaced by the gate's. */
  static rewrite(url: string, port: number): string {
    const rewritten = new URL(url);
    rewritten.hostname = '127.0.0.1';
    rewritten.port = String(port);
    return rewritten.toString();
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  async open(): Promise<void> {
    if (this.server) return;
    const server = createServer((client) => {
      const upstream = createConnection(this.target);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(this.port, '127.0.0.1', () => resolve()));
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
