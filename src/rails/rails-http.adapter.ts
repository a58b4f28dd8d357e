import type { z } from 'zod';
import { RailsDeclinedError, RailsError, RailsUnavailableError } from './rails.errors';
import type {
  KeyCountry,
  KeyLookupResult,
  MidRate,
  MovementOutcome,
  MovementStatus,
  PayoutRequest,
  PayoutResult,
  PeruWalletAccount,
  QrMerchant,
  RailCurrency,
  RailsPort,
  RefundRequest,
  RefundResult,
} from './rails.port';
import { mapWireStatus } from './rails-status.mapper';
import {
  errorBodySchema,
  keyLookupResultSchema,
  midRateSchema,
  movementStatusSchema,
  payoutResultSchema,
  peruWalletAccountSchema,
  qrMerchantSchema,
  refundResultSchema,
} from './rails-wire.schema';

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

/**
 * Classifies a payout or refund answer. A declined request moved nothing, except an
 * idempotency conflict: the id was used before, so the first request may have paid. An
 * unavailable rail may have executed the request before its answer was lost.
 */
async function movementOutcome(answer: Promise<PayoutResult | RefundResult>): Promise<MovementOutcome> {
  try {
    const result = await answer;
    if (result.status === 'COMPLETED') return { kind: 'COMPLETED', railReference: result.railReference };
    return { kind: 'REJECTED', railReference: result.railReference, reason: ('reason' in result && result.reason) || 'DESTINATION_REFUSED' };
  } catch (error) {
    if (!(error instanceof RailsError)) throw error;
    if (!(error instanceof RailsDeclinedError)) return { kind: 'UNKNOWN', reason: error.message };
    const reason = `${error.code}: ${error.message}`;
    return error.code === 'IDEMPOTENCY_CONFLICT' ? { kind: 'UNKNOWN', reason } : { kind: 'FAILED', reason };
  }
}

/** The rails port over HTTP (the simulator's routes, or any rail speaking the same contract). */
export class RailsHttpAdapter implements RailsPort {
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly timeoutMs: number,
  ) {
    // Concatenated rather than resolved with URL so that a base path such as /rails survives.
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  lookupKey(request: { country: KeyCountry; key: string }): Promise<KeyLookupResult> {
    return this.call('POST', '/keys/lookup', request, keyLookupResultSchema);
  }

  resolveWallet(request: {
    walletRecordId: string;
    selectedWalletId: string;
    country: 'PE';
  }): Promise<PeruWalletAccount> {
    return this.call('POST', '/peru/wallets/resolve', request, peruWalletAccountSchema);
  }

  resolveQrMerchant(request: { qr: string }): Promise<QrMerchant> {
    return this.call('POST', '/qr/merchant', request, qrMerchantSchema);
  }

  payout(request: PayoutRequest): Promise<MovementOutcome> {
    return movementOutcome(this.call('POST', '/payouts', request, payoutResultSchema));
  }

  payoutStatus(payoutId: string): Promise<MovementStatus> {
    return this.call('GET', `/payouts/${encodeURIComponent(payoutId)}`, undefined, movementStatusSchema);
  }

  refund(request: RefundRequest): Promise<MovementOutcome> {
    return movementOutcome(this.call('POST', '/refunds', request, refundResultSchema));
  }

  refundStatus(refundId: string): Promise<MovementStatus> {
    return this.call('GET', `/refunds/${encodeURIComponent(refundId)}`, undefined, movementStatusSchema);
  }

  midRate(base: RailCurrency, target: RailCurrency): Promise<MidRate> {
    const path = `/fx/rates/${encodeURIComponent(base)}/${encodeURIComponent(target)}`;
    return this.call('GET', path, undefined, midRateSchema);
  }

  private async call<T>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    schema: z.ZodType<T>,
  ): Promise<T> {
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
