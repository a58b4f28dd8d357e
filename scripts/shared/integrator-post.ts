import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseJson } from './json';

export interface PostRequest {
  url: string;
  token: string;
  /** The idempotency-key: a retry sends the same one, so the API executes the request once. */
  key: string;
  body: unknown;
  signal: AbortSignal;
  /** POST unless given: an open amount is a PUT. */
  method?: 'POST' | 'PUT';
}

/** The fields of an API answer the scripts read. */
export interface AnswerFields {
  status?: string;
  error_code?: string;
  message?: string;
}

export interface Answer {
  status: number;
  /** Parsed when JSON, else the text. */
  body: AnswerFields | string | undefined;
  /** Seconds, when the answer carried Retry-After. */
  retryAfter?: number;
}

/** What the bench's and the chaos command's flows send to the API. */
export type Post = (request: PostRequest) => Promise<Answer>;

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

/** One request, its answer as it came. */
export const postOnce: Post = async ({ url, token, key, body, signal, method = 'POST' }) => {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  const retryAfter = Number(response.headers.get('retry-after') ?? NaN);
  return {
    status: response.status,
    body: (parseJson(text) as AnswerFields | undefined) ?? text,
    ...(Number.isFinite(retryAfter) ? { retryAfter } : {}),
  };
};

/**
 * How one attempt went for the integrator:
 * - `answered`: a real answer (2xx, 4xx);
 * - `retried`: an answer that says "send it again" the documented way: 503 or 429 with
 *   Retry-After, 409 REQUEST_IN_PROGRESS (the key's first execution has not finished);
 * - `failed`: the request failed (a reset or refused connection, a 5xx without Retry-After,
 *   the balancer's own 502/504). The integrator resends those too, but the service let it down.
 */
export type Verdict = 'answered' | 'retried' | 'failed';

export interface Attempt {
  /** performance.now() when it was sent. */
  sentAt: number;
  ms: number;
  /** The status and error code, or the network error. */
  outcome: string;
  verdict: Verdict;
}

export function verdictOf(outcome: Answer | Error): { verdict: Verdict; outcome: string } {
  if (outcome instanceof Error)
    return {
      verdict: 'failed',
      outcome: `network error (${outcome.cause instanceof Error ? outcome.cause.message : outcome.message})`,
    };
  const described = `${outcome.status} ${fieldsOf(outcome.body).error_code ?? ''}`.trim();
  if (outcome.status >= 500 || outcome.status === 429)
    return { verdict: outcome.retryAfter === undefined ? 'failed' : 'retried', outcome: described };
  if (outcome.status === 409 && fieldsOf(outcome.body).error_code === 'REQUEST_IN_PROGRESS')
    return { verdict: 'retried', outcome: described };
  return { verdict: 'answered', outcome: described };
}

/**
 * What an integrator must do: resend a request that failed or was refused for now, with the
 * same idempotency-key and body, after Retry-After when the answer gave one (backing off from
 * 250 ms to 2 s otherwise), until a real answer or the signal's end. `onAttempt` hears of every
 * attempt.
 */
export function retryingPost(onAttempt: (attempt: Attempt) => void): Post {
  return async (request) => {
    for (let backoff = FIRST_RETRY_MS; ; backoff = Math.min(backoff * 2, MAX_RETRY_MS)) {
      const sentAt = performance.now();
      const outcome = await postOnce(request).catch((error: unknown) => {
        if (request.signal.aborted) throw error;
        return error instanceof Error ? error : new Error(String(error));
      });
      const judged = verdictOf(outcome);
      onAttempt({ sentAt, ms: performance.now() - sentAt, ...judged });
      if (judged.verdict === 'answered') return outcome as Answer;
      const retryAfter = outcome instanceof Error ? undefined : outcome.retryAfter;
      await sleep(retryAfter === undefined ? backoff : retryAfter * 1000, undefined, { signal: request.signal });
    }
  };
}

/** An answer's JSON fields; none when its body was text. */
export const fieldsOf = (body: Answer['body']): AnswerFields => (typeof body === 'object' ? body : {});
