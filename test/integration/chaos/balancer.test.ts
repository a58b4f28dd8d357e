import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { Balancer } from '../../../scripts/chaos/balancer';
import { until } from '../../support/until';

/** A replica on loopback: `/ready` answers `ready`; every other request goes to `handle`, by default 200 with its name. */
class Replica {
  ready = 200;
  seen: Array<{ body: string; forwardedFor: string | undefined }> = [];
  handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) =>
    response.end(this.name);
  private server!: Server;
  url!: string;

  constructor(readonly name: string) {}

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      if (request.url === '/ready') return void response.writeHead(this.ready).end();
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        this.seen.push({
          body: Buffer.concat(chunks).toString(),
          forwardedFor: request.headers['x-forwarded-for'] as string | undefined,
        });
        this.handle(request, response);
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

describe('the chaos balancer', () => {
  let balancer: Balancer;
  let url: string;
  let replicas: Replica[];

  const post = async (body = '{}') => {
    const response = await fetch(`${url}/v2/payments`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
    });
    return { status: response.status, text: await response.text() };
  };

  beforeEach(async () => {
    balancer = new Balancer({ probeIntervalMs: 50, probeTimeoutMs: 200, upstreamTimeoutMs: 2_000 });
    url = await balancer.listen();
    replicas = await Promise.all(['a', 'b'].map((name) => new Replica(name).start()));
    for (const replica of replicas) balancer.add(replica.name, replica.url);
    await Promise.all(replicas.map((replica) => balancer.whenReady(replica.name, 5_000)));
  });

  afterEach(async () => {
    await balancer.close();
    await Promise.all(replicas.map((replica) => replica.stop()));
  });

  it('spreads requests round-robin over the ready replicas, passing the body and the caller’s address on', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post(`{"i":${i}}`)).text);
    expect(answers.sort()).toEqual(['a', 'a', 'b', 'b']);
    expect(replicas.flatMap((replica) => replica.seen.map((seen) => seen.body)).sort()).toEqual([
      '{"i":0}',
      '{"i":1}',
      '{"i":2}',
      '{"i":3}',
    ]);
    expect(replicas[0]!.seen[0]!.forwardedFor).toMatch(/127\.0\.0\.1/);
    expect(balancer.stats).toEqual({ forwarded: 4, resentToAnotherReplica: 0, answeredByBalancer: 0 });
  });

  it('takes a replica whose readiness probe answers 503 out of rotation, and back once it answers 200', async () => {
    replicas[0]!.ready = 503;
    await until('a out of rotation', () => balancer.rotation.some((change) => change.replica === 'a' && !change.ready));
    for (let i = 0; i < 4; i++) expect((await post()).text).toBe('b');
    replicas[0]!.ready = 200;
    await balancer.whenReady('a', 5_000);
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await post()).text);
    expect(answers).toContain('a');
  });

  it('resends a request to another replica when the first fails before answering anything', async () => {
    replicas[0]!.handle = (request) => request.socket.destroy();
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(await post());
    expect(answers).toEqual([
      { status: 200, text: 'b' },
      { status: 200, text: 'b' },
    ]);
    expect(balancer.stats.resentToAnotherReplica).toBeGreaterThanOrEqual(1);
    expect(replicas[0]!.seen.length).toBeGreaterThanOrEqual(1);
  });

  it('never resends a request a replica began to answer', async () => {
    for (const replica of replicas) {
      replica.handle = (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('partial');
        setTimeout(() => response.socket?.destroy(), 20);
      };
    }
    await expect(post()).rejects.toThrow();
    expect(replicas[0]!.seen.length + replicas[1]!.seen.length).toBe(1);
    expect(balancer.stats.resentToAnotherReplica).toBe(0);
  });

  it('sends requests to every replica when none is ready, so that the API’s own 503 reaches the integrator', async () => {
    for (const replica of replicas) {
      replica.ready = 503;
      replica.handle = (_request, response) => response.writeHead(503, { 'retry-after': '5' }).end(replica.name);
    }
    await until('both out of rotation', () =>
      ['a', 'b'].every((name) => balancer.rotation.some((change) => change.replica === name && !change.ready)),
    );
    const answer = await post();
    expect(answer.status).toBe(503);
    expect(['a', 'b']).toContain(answer.text);
  });

  it('answers 502 itself when no replica answers', async () => {
    for (const replica of replicas) replica.handle = (request) => request.socket.destroy();
    const answer = await post();
    expect(answer.status).toBe(502);
    expect(JSON.parse(answer.text)).toMatchObject({ statusCode: 502, message: 'balancer: no replica answered' });
    expect(balancer.stats.answeredByBalancer).toBe(1);
  });

  it('forgets a removed replica', async () => {
    balancer.remove('a');
    for (let i = 0; i < 3; i++) expect((await post()).text).toBe('b');
  });
});
