import type { Server, ServerResponse } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * The API's side of a graceful stop. Once draining, every response not yet begun carries
 * `Connection: close`: a client that keeps its connections alive (a load balancer) opens a
 * new one for its next request, which goes to another replica once the balancer has seen
 * /ready answer 503, and no idle connection is left for the listener's close to cut under a
 * request being sent.
 */
@Injectable()
export class HttpDrain {
  private draining = false;
  private readonly inFlight = new Set<ServerResponse>();

  get isDraining(): boolean {
    return this.draining;
  }

  /** The first middleware of every request: it counts the request in flight until its response ends. */
  readonly track = (_request: Request, response: Response, next: NextFunction): void => {
    this.inFlight.add(response);
    response.once('close', () => this.inFlight.delete(response));
    if (this.draining) response.setHeader('connection', 'close');
    next();
  };

  /** From now on, responses close their connections, the ones in flight included. */
  begin(): void {
    this.draining = true;
    for (const response of this.inFlight) if (!response.headersSent) response.setHeader('connection', 'close');
  }

  /**
   * Stops taking connections, closes the idle ones, and waits for the requests in flight for
   * up to `graceMs`; then cuts whatever is left. Resolves whether every request finished.
   */
  async close(server: Server, graceMs: number): Promise<boolean> {
    // close() also closes the idle keep-alive connections; each busy one closes after its response.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    let timer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), graceMs);
    });
    const finished = await Promise.race([closed.then(() => true as const), graceOver]);
    clearTimeout(timer);
    if (!finished) {
      server.closeAllConnections();
      await closed;
    }
    return finished;
  }
}
