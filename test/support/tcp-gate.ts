import { createConnection, createServer, Server, Socket } from 'node:net';
import { freePort } from '../../src/infra/free-port';

/** One client connection through the gate and its connection to the target (none while silent). */
interface Carried {
  client: Socket;
  upstream: Socket | null;
}

/**
 * A TCP forwarder on a loopback port of its own that a test can close and open, to make a
 * dependency (PostgreSQL, Temporal) go out of reach and come back without stopping the shared
 * one: closed, its port refuses connections and the ones it carried are cut. Silenced, it is a
 * network path gone quiet instead (a partition: no RST, no FIN): every byte either way is held,
 * and a new connection is taken but not forwarded, until `heal()` lets everything through.
 */
export class TcpGate {
  private server: Server | null = null;
  private readonly carried = new Set<Carried>();
  private silent = false;

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
      const carried: Carried = { client, upstream: null };
      this.carried.add(carried);
      client.on('error', () => undefined);
      client.on('close', () => {
        this.carried.delete(carried);
        carried.upstream?.destroy();
      });
      client.pause();
      if (!this.silent) this.connect(carried);
    });
    await new Promise<void>((resolve, reject) =>
      server.once('error', reject).listen(this.port, '127.0.0.1', () => resolve()),
    );
    this.server = server;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    for (const { client, upstream } of this.carried) {
      client.destroy();
      upstream?.destroy();
    }
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Holds every byte either way, as a cut network path does; connections stay open. */
  silence(): void {
    this.silent = true;
    for (const { client, upstream } of this.carried) {
      if (!upstream) continue;
      client.unpipe(upstream);
      upstream.unpipe(client);
      client.pause();
      upstream.pause();
    }
  }

  /** Lets everything held through, and forwards the connections taken while silent. */
  heal(): void {
    this.silent = false;
    for (const carried of this.carried) {
      if (carried.upstream) this.pipe(carried.client, carried.upstream);
      else this.connect(carried);
    }
  }

  private connect(carried: Carried): void {
    const upstream = createConnection(this.target);
    carried.upstream = upstream;
    upstream.on('error', () => undefined);
    upstream.on('close', () => carried.client.destroy());
    this.pipe(carried.client, upstream);
  }

  private pipe(client: Socket, upstream: Socket): void {
    client.pipe(upstream);
    upstream.pipe(client);
  }
}
