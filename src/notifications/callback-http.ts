import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

export interface CallbackPost {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** For the whole attempt: connecting, sending and the answer's status line. */
  timeoutMs: number;
}

export interface CallbackAnswer {
  status: number;
  location: string | null;
}

/**
 * No answer came back. `reason` is all an integrator is shown: telling a refused port from a
 * closed one, or an unknown name from a refused address, would make the delivery log a
 * scanner of our network. `detail` is for our own logs.
 */
export class CallbackTransportError extends Error {
  override name = 'CallbackTransportError';

  constructor(
    readonly reason: 'timeout' | 'connection failed',
    readonly detail: string,
  ) {
    super(`${reason} (${detail})`);
  }
}

function describe(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return [code, message].filter(Boolean).join(': ') || String(error);
}

/**
 * POSTs callbacks over node:http(s). Every socket is opened by agents whose `lookup` is the
 * one given (publicOnlyLookup in production), so the address checked is the address
 * connected to. Redirects are never followed: node:http does not follow them.
 */
export class CallbackHttpClient {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(lookup?: LookupFunction) {
    const options = lookup ? { lookup } : {};
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  post(request: CallbackPost): Promise<CallbackAnswer> {
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const signal = AbortSignal.timeout(request.timeoutMs);
    return new Promise((resolve, reject) => {
      const outgoing = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
          agent: secure ? this.agents.https : this.agents.http,
          signal,
        },
        (response) => {
          // The answer's body means nothing to us; dropping it frees the socket.
          response.on('error', () => undefined);
          response.destroy();
          const location = response.headers.location;
          resolve({ status: response.statusCode ?? 0, location: typeof location === 'string' ? location : null });
        },
      );
      outgoing.on('error', (error) =>
        reject(signal.aborted ? new CallbackTransportError('timeout', `no response within ${request.timeoutMs} ms`) : new CallbackTransportError('connection failed', describe(error))),
      );
      outgoing.end(request.body);
    });
  }
}
