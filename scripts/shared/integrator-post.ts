import { setTimeout as sleep } from 'node:timers/promises';
import { parseJson } from './json';

export interface PostRequest {
  url: string;
  token: string;
  /** The idempotency-key: a retry sends the same one, so the API executes the request once. */
  key: string;
  body: unknown;
  signal: AbortSignal;
}

export interface Answer {
  status: number;
  body: any;
}

/** What the bench's and the chaos command's flows send to the API. */
export type Post = (request: PostRequest) => Promise<Answer>;

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 2_000;

/** One POST, its answer as it came. */
export const postOnce: Post = async ({ url, token, key, body, signal }) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'idempotency-key': key },
    body: JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  return { status: response.status, body: parseJson(text) ?? text };
};

/**
 * Why an answer (or its absence) is worth the same request again: the API or a part behind it
 * was out of reach (a network error, 5xx), the key's first execution has not finished (409
 * REQUEST_IN_PROGRESS), or the caller was throttled (429). Null for a real answer.
 */
export function transientReason(outcome: Answer | Error): string | null {
  if (outcome instanceof Error) return `network error (${outcome.message})`;
  if (outcome.status >= 500 || outcome.status === 429) return `${outcome.status} ${outcome.body?.error_code ?? ''}`.trim();
  if (outcome.status === 409 && outcome.body?.error_code === 'REQUEST_IN_PROGRESS') return '409 REQUEST_IN_PROGRESS';
  return null;
}

/**
 * What an integrator must do: resend a request that failed transiently, with the same
 * idempotency-key and body, backing off, until a real answer or the signal's end.
 */
export function retryingPost(onRetry: (reason: string) => void): Post {
  return async (request) => {
    for (let wait = FIRST_RETRY_MS; ; wait = Math.min(wait * 2, MAX_RETRY_MS)) {
      const outcome = await postOnce(request).catch((error: unknown) => {
        if (request.signal.aborted) throw error;
        return error instanceof Error ? error : new Error(String(error));
      });
      const reason = transientReason(outcome);
      if (reason === null) return outcome as Answer;
      onRetry(reason);
      await sleep(wait, undefined, { signal: request.signal });
    }
  };
}
