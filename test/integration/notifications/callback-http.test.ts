import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { CallbackHttpClient, CallbackTransportError } from '../../../src/notifications/callback-http';

/**
 * CallbackHttpClient keeps its connections to a receiver for the next callback, and a kept
 * connection that the receiver closes as a callback goes out on it costs no failed attempt.
 * Real receivers on loopback: what is asserted is what they saw.
 */
describe('callback connections', () => {
  const client = new CallbackHttpClient();
  const servers: http.Server[] = [];

  /** A receiver answering 204 to everything except what `drop` says to cut off unanswered; it records each request's connection. */
  async function receiver(drop: (request: number, socket: Socket) => boolean = () => false) {
    const seen: Array<{ connection: number; eventId: string | undefined }> = [];
    const connections = new Map<Socket, number>();
    const server = http.createServer((request, response) => {
      const socket = request.socket;
      if (!connections.has(socket)) connections.set(socket, connections.size + 1);
      seen.push({ connection: connections.get(socket)!, eventId: request.headers['x-event-id'] as string | undefined });
      request.resume();
      if (drop(seen.length, socket)) socket.destroy();
      else request.on('end', () => response.writeHead(204).end());
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, seen };
  }

  const post = (url: string, eventId: string) =>
    client.post({
      url,
      headers: { 'content-type': 'application/json', 'x-event-id': eventId },
      body: '{"ok":true}',
      timeoutMs: 5_000,
    });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
  });

  it('sends a receiver its callbacks over one connection', async () => {
    const { url, seen } = await receiver();

    for (const eventId of ['a', 'b', 'c']) expect((await post(url, eventId)).status).toBe(204);

    expect(seen).toEqual([
      { connection: 1, eventId: 'a' },
      { connection: 1, eventId: 'b' },
      { connection: 1, eventId: 'c' },
    ]);
  });

  it('sends a callback again on a new connection when the kept one is closed as it goes out, once', async () => {
    // The second request arrives on the kept connection, which the receiver then closes unanswered.
    const { url, seen } = await receiver((request) => request === 2);

    expect((await post(url, 'first')).status).toBe(204);
    expect((await post(url, 'second')).status).toBe(204);

    expect(seen).toEqual([
      { connection: 1, eventId: 'first' },
      { connection: 1, eventId: 'second' },
      { connection: 2, eventId: 'second' },
    ]);
  });

  it('reports a connection closed unanswered when it was a new one: nothing is sent twice there', async () => {
    const { url, seen } = await receiver(() => true);

    await expect(post(url, 'only')).rejects.toBeInstanceOf(CallbackTransportError);

    expect(seen).toEqual([{ connection: 1, eventId: 'only' }]);
  });

  it('answers a receiver that acknowledges and then holds its body open within a second, with what of the body came', async () => {
    const server = http.createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/plain' });
        response.write('accepted, still writing');
      });
    });
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const started = Date.now();
    const answer = await post(`http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, 'held');
    expect(answer).toEqual({ status: 200, location: null, excerpt: 'accepted, still writing', peer: '127.0.0.1' });
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
