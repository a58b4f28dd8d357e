import type { z } from 'zod';
import { observeRailRequest, RailOutcome } from '../../observability/metrics';
import { RailsDeclinedError, RailsError, RailsUnavailableError } from '../rails.errors';
import type { MovementOutcome } from '../rail-terms';
import { mapWireStatus } from '../rails-status.mapper';
import { errorBodySchema } from './error-body.schema';

function parseJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Duck-typed: fetch's DOMException may come from another realm (jest), failing instanceof Error. */
function describe(error: unknown): string {
  const { name, message, cause } = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    message?: unknown;
    cause?: { code?: unknown };
  };
  if (name === 'TimeoutError') return 'timed out';
  // undici says only "fetch failed"; the socket error code (ECONNREFUSED…) is in the cause.
  const code = typeof cause?.code === 'string' ? ` (${cause.code})` : '';
  return typeof message === 'string' ? message + code : String(error);
}

/** What a call asks of its rail, in the port's words: the `operation` label of the same series. */
export type RailOperation =
  | 'resolve_merchant'
  | 'lookup_key'
  | 'resolve_wallet'
  | 'payout'
  | 'payout_status'
  | 'refund'
  | 'refund_status'
  | 'mid_rate'
  | 'force_payout_answer';

/**
 * JSON over HTTP to one rail, with the failures every rail shares: no answer in time, an
 * answer we cannot read, or a status that is not an answer (RailsUnavailableError, retried);
 * a business refusal (RailsDeclinedError, not retried). Each rail's adapter gives the paths
 * and its own wire schemas. Every call is timed by rail, operation and outcome.
 */
export class RailHttpClient {
  private readonly baseUrl: string;

  /**
   * `rail` names the rail as the `rail` label of cbp_rails_request_duration_seconds: `acquirer`,
   * `fx_provider`, a key country's rail (its descriptor's, src/rails/<cc>/), or `simulator`, the
   * sandbox's admin side of the rails simulator.
   */
  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
    private readonly rail: string,
  ) {
    // Concatenated rather than resolved with URL so that a base path such as /rails survives.
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  get<T>(operation: RailOperation, path: string, schema: z.ZodType<T>): Promise<T> {
    return this.timed(operation, () => this.call('GET', path, undefined, schema));
  }

  post<T>(operation: RailOperation, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    return this.timed(operation, () => this.call('POST', path, body, schema));
  }

  private async timed<T>(operation: RailOperation, call: () => Promise<T>): Promise<T> {
    const started = process.hrtime.bigint();
    let outcome: RailOutcome = 'unavailable';
    try {
      const answer = await call();
      outcome = 'ok';
      return answer;
    } catch (error) {
      if (error instanceof RailsDeclinedError) outcome = 'declined';
      throw error;
    } finally {
      observeRailRequest({ rail: this.rail, operation, outcome }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  }

  private async call<T>(method: 'GET' | 'POST', path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const operation = `${method} ${path}`;
    let status: number;
    let text: string;
    try {
      // One signal covers the headers and the body: a rail that stalls mid-body is as down as one that never answers.
      const response = await fetch(this.baseUrl + path, {
        method,
        headers: body === undefined ? undefined : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      status = response.status;
      text = await response.text();
    } catch (error) {
      throw new RailsUnavailableError(`${operation}: ${describe(error)}`, { cause: error });
    }

    const json = parseJson(text);
    const errorBody = errorBodySchema.safeParse(json).data;
    const outcome = mapWireStatus(status, errorBody?.code);
    switch (outcome.kind) {
      case 'ok': {
        const parsed = schema.safeParse(json);
        if (!parsed.success) {
          throw new RailsUnavailableError(`${operation}: unexpected response body (${status})`, {
            cause: parsed.error,
          });
        }
        return parsed.data;
      }
      case 'declined':
        throw new RailsDeclinedError(
          outcome.code,
          `${operation}: ${errorBody?.message ?? `declined with status ${status}`}`,
        );
      case 'unavailable':
        throw new RailsUnavailableError(`${operation}: ${outcome.reason}`);
    }
  }
}

/**
 * Turns a money movement's answer into its outcome. A declined request moved nothing, except
 * an idempotency conflict: the id was used before, so the first request may have paid. An
 * unavailable rail may have executed the request before its answer was lost.
 */
export async function movementOutcome(answer: () => Promise<MovementOutcome>): Promise<MovementOutcome> {
  try {
    return await answer();
  } catch (error) {
    if (!(error instanceof RailsError)) throw error;
    if (!(error instanceof RailsDeclinedError)) return { kind: 'UNKNOWN', reason: error.message };
    const reason = `${error.code}: ${error.message}`;
    return error.code === 'IDEMPOTENCY_CONFLICT' ? { kind: 'UNKNOWN', reason } : { kind: 'FAILED', reason };
  }
}
