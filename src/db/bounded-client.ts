import { Client } from 'pg';

/** How much longer than statement_timeout the client waits: the server's own cancel comes first whenever it can answer. */
export const CLIENT_MARGIN_MS = 2000;

/** The error a query gets when its connection is given up on: a socket failure, which the API answers 503. */
export function silentServerError(waitedMs: number): Error {
  return Object.assign(new Error(`PostgreSQL did not answer within ${waitedMs} ms; the connection was dropped`), {
    code: 'ETIMEDOUT',
  });
}

/**
 * Drops a connection whose server stopped answering. A silent peer (a cut network path, no
 * RST, no FIN) never ends a query by itself: only TCP's retransmission timeout would, after
 * about 15 minutes. Destroying the socket fails its queries at once with `silentServerError`,
 * and the pool, told by the client's `error` event, never hands the connection out again.
 */
export function dropConnection(client: Client, waitedMs: number): void {
  (client as unknown as { connection: { stream: { destroy(error: Error): void } } }).connection.stream.destroy(
    silentServerError(waitedMs),
  );
}

/**
 * A node-postgres client whose queries end within `answerWithinMs`: one that has no answer by
 * then drops its connection. Only promise queries (all TypeORM sends) are bounded here; a
 * cursor bounds each of its reads itself (src/reports/movement-cursor.ts), since it lives as
 * long as its reader.
 */
export function clientAnsweringWithin(answerWithinMs: number): typeof Client {
  return class BoundedClient extends Client {
    // pg's Client.query has a dozen overloads, each answering its own type: one override answers for all of them.
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    override query(...args: unknown[]): any {
      const result: unknown = (Client.prototype.query as (...queryArgs: unknown[]) => unknown).apply(this, args);
      if (!(result instanceof Promise)) return result;
      const timer = setTimeout(() => dropConnection(this, answerWithinMs), answerWithinMs);
      return result.finally(() => clearTimeout(timer));
    }
  };
}
