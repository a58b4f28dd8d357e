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
  /** The first EXCERPT_BYTES of the answer's body, as UTF-8 text; null when it had none. */
  excerpt: string | null;
  /** The address the answer came from (the socket's peer). */
  peer: string | null;
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

/** How much of an answer's body is read (and thrown away) so that its connection can carry the next callback. */
const DRAINED_BODY_BYTES = 64 * 1024;
/** How much of an answer's body is kept for the delivery log: enough for an error message, too little to read a page. */
export const EXCERPT_BYTES = 256;
/**
 * How long the answer waits for that much of the body after its status line: a receiver that
 * acknowledges and then holds its body open still acknowledged, and its attempt is not held.
 */
const EXCERPT_WAIT_MS = 1_000;

/** PostgreSQL's text cannot hold NUL; a cut multi-byte character reads as U+FFFD. */
function excerptOf(chunks: Buffer[]): string | null {
  const text = Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8').replaceAll('\u0000', '\uFFFD');
  return text === '' ? null : text;
}
/**
 * How long an idle connection is kept: under the 5 s a Node.js server keeps one (and most proxies
 * longer), so that it is mostly this side that closes it, not the receiver as a callback goes out.
 */
const IDLE_CONNECTION_MS = 4_000;

/**
 * A callback leaves our boundary with the headers written for it and no others. With tracing on,
 * the instrumentation adds its propagator's (`traceparent`, `tracestate`, `baggage`) to every
 * request it sees: our trace ids and whatever the context carries are no receiver's business. The
 * client span stays ours. Node sets `host` itself.
 */
function sendOnly(outgoing: http.ClientRequest, headers: Record<string, string>): void {
  const written = new Set(['host', ...Object.keys(headers).map((name) => name.toLowerCase())]);
  for (const name of outgoing.getHeaderNames()) if (!written.has(name)) outgoing.removeHeader(name);
}

function isResetBeforeAnswer(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === 'ECONNRESET' || code === 'EPIPE';
}

/**
 * POSTs callbacks over node:http(s), with the headers given and no others (sendOnly). Every
 * socket is opened by agents whose `lookup` is the one given (publicOnlyLookup in production),
 * so the address checked is the address connected to. Redirects are never followed: node:http
 * does not follow them.
 *
 * Connections are kept and reused for the same receiver: a payment's callbacks go to one URL,
 * and each new connection cost a TCP (and, over https, a TLS) handshake on both sides.
 */
export class CallbackHttpClient {
  private readonly agents: { http: http.Agent; https: https.Agent };

  constructor(lookup?: LookupFunction) {
    const options = { keepAlive: true, timeout: IDLE_CONNECTION_MS, ...(lookup ? { lookup } : {}) };
    this.agents = { http: new http.Agent(options), https: new https.Agent(options) };
  }

  post(request: CallbackPost): Promise<CallbackAnswer> {
    return this.attempt(request, AbortSignal.timeout(request.timeoutMs), true);
  }

  private attempt(request: CallbackPost, signal: AbortSignal, mayResend: boolean): Promise<CallbackAnswer> {
    const url = new URL(request.url);
    const secure = url.protocol === 'https:';
    const headers = { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) };
    return new Promise((resolve, reject) => {
      let answering = false;
      const outgoing = (secure ? https : http).request(
        url,
        {
          method: 'POST',
          headers,
          agent: secure ? this.agents.https : this.agents.http,
          signal,
        },
        (response) => {
          answering = true;
          const location = response.headers.location;
          const peer = response.socket?.remoteAddress ?? null;
          const kept: Buffer[] = [];
          let read = 0;
          const answer = () => {
            clearTimeout(waiting);
            resolve({
              status: response.statusCode ?? 0,
              location: typeof location === 'string' ? location : null,
              excerpt: excerptOf(kept),
              peer,
            });
          };
          const waiting = setTimeout(answer, EXCERPT_WAIT_MS);
          // Past its excerpt the body means nothing to us: read to its end, it frees the connection for the next callback; past a bound, the connection goes instead.
          response.on('error', answer);
          response.on('end', answer);
          response.on('close', answer);
          response.on('data', (chunk: Buffer) => {
            if (read < EXCERPT_BYTES) kept.push(chunk);
            read += chunk.length;
            if (read >= EXCERPT_BYTES) answer();
            if (read > DRAINED_BODY_BYTES) response.destroy();
          });
        },
      );
      sendOnly(outgoing, headers);
      outgoing.on('error', (error) => {
        // The status line came: the answer stands, with whatever of its body arrived.
        if (answering) return;
        // A kept connection the receiver closed as this callback went out on it: nothing was
        // answered there, so the callback goes once more on a new connection (each carries its
        // x-event-id: a receiver that did see the first treats the second as the same event).
        if (mayResend && outgoing.reusedSocket && !signal.aborted && isResetBeforeAnswer(error)) {
          resolve(this.attempt(request, signal, false));
          return;
        }
        reject(
          signal.aborted
            ? new CallbackTransportError('timeout', `no response within ${request.timeoutMs} ms`)
            : new CallbackTransportError('connection failed', describe(error)),
        );
      });
      outgoing.end(request.body);
    });
  }
}
