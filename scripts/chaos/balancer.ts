import {
  Agent,
  createServer,
  IncomingHttpHeaders,
  IncomingMessage,
  request as httpRequest,
  Server,
  ServerResponse,
} from 'node:http';
import { performance } from 'node:perf_hooks';

export interface BalancerOptions {
  /** How often each replica's `GET /ready` is asked, as a Kubernetes readiness probe's periodSeconds. */
  probeIntervalMs: number;
  /** A probe not answered by then counts as not ready. */
  probeTimeoutMs: number;
  /** A request a replica has not answered by then is answered 504 (nginx's proxy_read_timeout). */
  upstreamTimeoutMs: number;
}

export const BALANCER_DEFAULTS: BalancerOptions = {
  probeIntervalMs: 1_000,
  probeTimeoutMs: 1_000,
  upstreamTimeoutMs: 60_000,
};

/** When a replica went in or out of rotation, ms after the balancer started. */
export interface RotationChange {
  atMs: number;
  replica: string;
  ready: boolean;
}

export interface BalancerStats {
  /** Requests answered by a replica. */
  forwarded: number;
  /** Requests resent to another replica after the first failed before answering anything (a reset keep-alive connection, a refused connect). */
  resentToAnotherReplica: number;
  /** Requests the balancer answered itself: no replica answered (502) or in time (504). */
  answeredByBalancer: number;
}

interface Member {
  id: string;
  host: string;
  port: number;
  agent: Agent;
  ready: boolean;
  probe: NodeJS.Timeout;
  waiters: Array<() => void>;
}

const HOP_BY_HOP = ['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer'];

function withoutHopByHop(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept = { ...headers };
  for (const name of HOP_BY_HOP) delete kept[name];
  return kept;
}

/**
 * The chaos run's load balancer in front of the API replicas, as a Kubernetes Service with an
 * ingress does it: round-robin over the replicas whose readiness probe (`GET /ready`) answered
 * 200 last, probing each every second on a fresh connection, and keep-alive connections to
 * each replica. A replica that is stopping answers 503 to its probe at once and keeps serving
 * for its drain delay, so it leaves the rotation before it closes its listener.
 *
 * Two decisions a real balancer makes too:
 * - A request whose replica failed before answering anything (a refused connect, or an idle
 *   keep-alive connection the replica closed just as the request went out on it) is resent
 *   once to another replica, as nginx's `proxy_next_upstream error non_idempotent` does. Safe
 *   here because the API executes a request with an idempotency-key once, however often it
 *   arrives; a request is never resent once any byte of an answer came back.
 * - When no replica is ready (each says PostgreSQL or Temporal is unreachable), requests go to
 *   all of them rather than nowhere (Envoy's panic threshold), so the integrator gets the API's
 *   own fast 503 with Retry-After instead of the balancer's bare refusal.
 */
export class Balancer {
  readonly stats: BalancerStats = { forwarded: 0, resentToAnotherReplica: 0, answeredByBalancer: 0 };
  readonly rotation: RotationChange[] = [];
  private readonly members: Member[] = [];
  private readonly server: Server;
  private readonly started = performance.now();
  private turn = 0;

  constructor(private readonly options: BalancerOptions = BALANCER_DEFAULTS) {
    this.server = createServer((request, response) => void this.handle(request, response));
  }

  /** Listens on loopback; answers the URL integrators use. */
  async listen(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  /** Puts a replica behind the balancer; it takes traffic once its probe answers 200. */
  add(id: string, url: string): void {
    const { hostname, port } = new URL(url);
    const member: Member = {
      id,
      host: hostname,
      port: Number(port),
      agent: new Agent({ keepAlive: true }),
      ready: false,
      probe: setInterval(() => void this.probe(member), this.options.probeIntervalMs),
      waiters: [],
    };
    this.members.push(member);
    void this.probe(member);
  }

  /** Takes a replica out for good (it has exited). */
  remove(id: string): void {
    const index = this.members.findIndex((member) => member.id === id);
    if (index < 0) return;
    const [member] = this.members.splice(index, 1);
    clearInterval(member!.probe);
    member!.agent.destroy();
    if (member!.ready) this.rotation.push({ atMs: performance.now() - this.started, replica: id, ready: false });
  }

  /** Resolves once the replica is in rotation; rejects after `timeoutMs`. */
  whenReady(id: string, timeoutMs: number): Promise<void> {
    const member = this.members.find((candidate) => candidate.id === id);
    if (!member) return Promise.reject(new Error(`no replica ${id} behind the balancer`));
    if (member.ready) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`replica ${id} was not ready within ${timeoutMs / 1000} s`)),
        timeoutMs,
      );
      member.waiters.push(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    for (const member of [...this.members]) this.remove(member.id);
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private setReady(member: Member, ready: boolean): void {
    if (member.ready === ready || !this.members.includes(member)) return;
    member.ready = ready;
    this.rotation.push({ atMs: performance.now() - this.started, replica: member.id, ready });
    if (ready) member.waiters.splice(0).forEach((wake) => wake());
  }

  private probe(member: Member): Promise<void> {
    return new Promise((resolve) => {
      const done = (ready: boolean) => {
        this.setReady(member, ready);
        resolve();
      };
      const probe = httpRequest(
        { host: member.host, port: member.port, path: '/ready', agent: false, timeout: this.options.probeTimeoutMs },
        (response) => {
          response.resume();
          done(response.statusCode === 200);
        },
      );
      probe.on('timeout', () => probe.destroy(new Error('probe timed out')));
      probe.on('error', () => done(false));
      probe.end();
    });
  }

  /** The next replica in turn among the ready ones (all of them when none is), skipping those already tried. */
  private pick(tried: Set<Member>): Member | undefined {
    const ready = this.members.filter((member) => member.ready);
    const candidates = (ready.length > 0 ? ready : this.members).filter((member) => !tried.has(member));
    if (candidates.length === 0) return undefined;
    return candidates[this.turn++ % candidates.length];
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const headers = {
      ...withoutHopByHop(request.headers),
      'x-forwarded-for': [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', '),
    };
    const tried = new Set<Member>();
    // At most two attempts: the first replica, then one other when the first answered nothing.
    for (let attempt = 0; attempt < 2; attempt++) {
      const member = this.pick(tried);
      if (!member) break;
      tried.add(member);
      if (attempt > 0) this.stats.resentToAnotherReplica += 1;
      const outcome = await this.forward(member, request, headers, body, response);
      if (outcome === 'answered') return;
      if (outcome === 'timed out') return this.answer(response, 504, 'the replica did not answer in time');
      // Refused or reset before any answer: out of rotation until its probe says otherwise.
      this.setReady(member, false);
    }
    this.answer(response, 502, 'no replica answered');
  }

  private forward(
    member: Member,
    request: IncomingMessage,
    headers: IncomingHttpHeaders,
    body: Buffer,
    response: ServerResponse,
  ): Promise<'answered' | 'failed' | 'timed out'> {
    return new Promise((resolve) => {
      const upstream = httpRequest(
        {
          host: member.host,
          port: member.port,
          method: request.method,
          path: request.url,
          headers: { ...headers, 'content-length': String(body.length) },
          agent: member.agent,
        },
        (answer) => {
          this.stats.forwarded += 1;
          response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
          answer.pipe(response);
          answer.on('error', () => response.destroy());
          resolve('answered');
        },
      );
      upstream.setTimeout(this.options.upstreamTimeoutMs, () => {
        upstream.destroy();
        resolve('timed out');
      });
      upstream.on('error', () => resolve('failed'));
      // The integrator gave up: so does the balancer.
      response.on('close', () => {
        if (!response.writableFinished) upstream.destroy();
      });
      upstream.end(body);
    });
  }

  private answer(response: ServerResponse, status: number, message: string): void {
    this.stats.answeredByBalancer += 1;
    if (response.headersSent) return void response.destroy();
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ statusCode: status, message: `balancer: ${message}` }));
  }
}
