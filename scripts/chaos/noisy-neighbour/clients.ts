import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Callback } from '../../shared/callback-receiver';
import { abortable, runLanes } from '../../shared/driver';
import { Attempt, fieldsOf, Post, postOnce, PostRequest, retryingPost } from '../../shared/integrator-post';
import type { Mailbox } from '../../shared/mailbox';
import { callbackPath, ordinaryAmount, previewBody, qrFlow } from '../../shared/qr-flow';

/** Where a client sends its requests and hears its callbacks. */
export interface ClientTarget {
  apiUrl: string;
  token: string;
  receiverUrl: string;
  callbacks: Mailbox<Callback>;
  /** performance.now() when the drive started: every time below is ms after it. */
  startedAt: number;
}

/** One request the noisy client sent, and how it was answered. */
export interface Exchange {
  route: 'preview' | 'pay';
  /** ms after the drive started. */
  sentAtMs: number;
  ms: number;
  /** null: no answer (a network error, or no answer within the request's limit). */
  status: number | null;
  /** The answer's error_code, or what went wrong on the way. */
  code: string | null;
  retryAfter: boolean;
}

/** One preview the service acknowledged (200), and what followed. */
export interface Acknowledged {
  /** The preview's external_reference, by which its order is found. */
  reference: string;
  sentAtMs: number;
  /** From sending the preview to its callback; null when none came before the end. */
  callbackMs: number | null;
  orderId: string | null;
  /** The pay was answered 200. */
  paid: boolean;
  /** From sending the pay to the final callback; null when no pay went or no final callback came. */
  finalMs: number | null;
}

export interface NoisyRecord {
  /** Previews the schedule called for, and those sent. */
  scheduled: number;
  sent: number;
  /** How late the latest preview went out after its due time: the driver kept its schedule when small. */
  maxSendLagMs: number;
  exchanges: Exchange[];
  acknowledged: Acknowledged[];
}

/** A request nobody answers for this long has hung; it counts as no answer. */
const REQUEST_LIMIT_MS = 30_000;

const isPreviewCallback = (callback: Callback) =>
  callback.body?.order?.id !== undefined || Boolean(callback.body?.error_code);
const isFinalCallback = (callback: Callback) =>
  ['COMPLETED', 'REJECTED', 'FAILED', 'CANCELED'].includes(callback.body?.status ?? '');

/** The first callback under `path` that matches, or null once `deadline` (performance.now()) has passed. */
export async function callbackBy(
  callbacks: Mailbox<Callback>,
  path: string,
  matches: (callback: Callback) => boolean,
  deadline: number,
): Promise<Callback | null> {
  const timer = new AbortController();
  try {
    return await Promise.race([
      callbacks.waitFor(path, matches),
      sleep(Math.max(0, deadline - performance.now()), null, { signal: timer.signal }),
    ]);
  } finally {
    timer.abort();
  }
}

/**
 * The misbehaving client A: previews of closed-amount Pix QRs on a fixed clock (each due
 * `dueMs` after `fromMs`), each sent once, whatever the service answered to the ones
 * before (open loop) and whatever it answers to this one: a refusal is never resent, a
 * Retry-After never honoured. Every preview whose callback comes is paid at once (once). Waits
 * for callbacks until `endMs`.
 */
export async function runNoisyClient(
  target: ClientTarget,
  options: { runId: string; dueMs: readonly number[]; fromMs: number; endMs: number },
): Promise<NoisyRecord> {
  const record: NoisyRecord = {
    scheduled: options.dueMs.length,
    sent: 0,
    maxSendLagMs: 0,
    exchanges: [],
    acknowledged: [],
  };
  const at = (ms: number) => target.startedAt + ms;
  const deadline = at(options.endMs);

  const send = async (route: Exchange['route'], request: Omit<PostRequest, 'signal' | 'token'>) => {
    const sent = performance.now();
    const exchange: Exchange = {
      route,
      sentAtMs: sent - target.startedAt,
      ms: 0,
      status: null,
      code: null,
      retryAfter: false,
    };
    record.exchanges.push(exchange);
    try {
      const answer = await postOnce({ ...request, token: target.token, signal: AbortSignal.timeout(REQUEST_LIMIT_MS) });
      Object.assign(exchange, {
        status: answer.status,
        code: fieldsOf(answer.body).error_code ?? null,
        retryAfter: answer.retryAfter !== undefined,
      });
      return answer;
    } catch (error) {
      exchange.code =
        error instanceof Error
          ? `${error.name}: ${error.cause instanceof Error ? error.cause.message : error.message}`
          : String(error);
      return null;
    } finally {
      exchange.ms = performance.now() - sent;
    }
  };

  const flow = async (index: number) => {
    const reference = `${options.runId}-${index}`;
    const path = callbackPath(reference);
    const url = `${target.receiverUrl}${path}`;
    const sentAtMs = performance.now() - target.startedAt;
    try {
      const answer = await send('preview', {
        url: `${target.apiUrl}/v2/payments/previews`,
        key: `${reference}:preview`,
        body: previewBody(reference, url, ordinaryAmount(index)),
      });
      if (answer?.status !== 200) return;
      const acknowledged: Acknowledged = {
        reference,
        sentAtMs,
        callbackMs: null,
        orderId: null,
        paid: false,
        finalMs: null,
      };
      record.acknowledged.push(acknowledged);
      const preview = await callbackBy(target.callbacks, path, isPreviewCallback, deadline);
      if (!preview) return;
      acknowledged.callbackMs = preview.at - target.startedAt - sentAtMs;
      const orderId = preview.body?.order?.id;
      if (!orderId) return;
      acknowledged.orderId = orderId;
      const paySent = performance.now();
      const paid = await send('pay', {
        url: `${target.apiUrl}/v2/payments`,
        key: `${reference}:pay`,
        body: { order_id: orderId, status: 'accepted', notification_url: url },
      });
      if (paid?.status !== 200) return;
      acknowledged.paid = true;
      const final = await callbackBy(target.callbacks, path, isFinalCallback, deadline);
      if (final) acknowledged.finalMs = final.at - paySent;
    } finally {
      target.callbacks.forget(path);
    }
  };

  const flows: Array<Promise<void>> = [];
  for (const [index, dueMs] of options.dueMs.entries()) {
    const due = at(options.fromMs + dueMs);
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    record.maxSendLagMs = Math.max(record.maxSendLagMs, performance.now() - due);
    record.sent += 1;
    flows.push(flow(index));
  }
  await Promise.all(flows);
  return record;
}

/** One flow of the steady client B. */
export interface SteadyFlow {
  startedAtMs: number;
  /** From sending the preview to its callback, and from sending the pay to the final callback; null when the flow failed. */
  previewCallbackMs: number | null;
  payFinalMs: number | null;
  failure: string | null;
}

export interface SteadyRecord {
  flows: SteadyFlow[];
  /** Every request B sent, resends included. */
  attempts: Attempt[];
}

/**
 * The steady client B: one complete QR flow a second on a fixed clock (preview, its callback,
 * pay at once, the final callback, which must say COMPLETED), as a well-behaved integrator sends
 * them: each request with an idempotency-key, resent after Retry-After if refused (the report
 * counts every refusal: B is to meet none).
 */
export async function runSteadyClient(
  target: ClientTarget,
  options: { runId: string; dueMs: readonly number[]; flowLimitMs: number },
): Promise<SteadyRecord> {
  const record: SteadyRecord = { flows: [], attempts: [] };
  const post = retryingPostRecordingInto(record.attempts);
  const flow = qrFlow({
    apiUrl: target.apiUrl,
    token: target.token,
    receiverUrl: target.receiverUrl,
    callbacks: target.callbacks,
    runId: options.runId,
    amountOf: ordinaryAmount,
    post,
  });
  const running: Array<Promise<void>> = [];
  for (const [index, dueMs] of options.dueMs.entries()) {
    const wait = target.startedAt + dueMs - performance.now();
    if (wait > 0) await sleep(wait);
    const steady: SteadyFlow = {
      startedAtMs: performance.now() - target.startedAt,
      previewCallbackMs: null,
      payFinalMs: null,
      failure: null,
    };
    record.flows.push(steady);
    const signal = AbortSignal.timeout(options.flowLimitMs);
    running.push(
      abortable(flow(index, signal), signal).then(
        (timings) => {
          steady.previewCallbackMs = timings.previewToCallback ?? null;
          steady.payFinalMs = timings.decisionToCompleted;
        },
        (error: unknown) => {
          steady.failure = error instanceof Error ? error.message : String(error);
        },
      ),
    );
  }
  await Promise.all(running);
  return record;
}

/** The calibration: previews a second the service turned into callbacks while kept busy. */
export interface CalibrationRecord {
  /** When each preview callback arrived, ms after the drive started. */
  callbackAtMs: number[];
  attempts: Attempt[];
  failures: number;
  firstFailures: string[];
}

/**
 * The calibration client: `concurrency` previews in flight at once, each followed by the next
 * as soon as its callback came (closed loop), for `durationMs`; its quotas lifted beforehand.
 * Its orders are never paid: they expire. Resends what is refused for now, as B does.
 */
export async function runCalibrationClient(
  target: ClientTarget,
  options: { runId: string; durationMs: number; concurrency: number; flowLimitMs: number },
): Promise<CalibrationRecord> {
  const callbackAtMs: number[] = [];
  const attempts: Attempt[] = [];
  const post = retryingPostRecordingInto(attempts);
  const preview = async (index: number, signal: AbortSignal) => {
    const reference = `${options.runId}-${index}`;
    const path = callbackPath(reference);
    try {
      const answer = await post({
        url: `${target.apiUrl}/v2/payments/previews`,
        token: target.token,
        key: `${reference}:preview`,
        body: previewBody(reference, `${target.receiverUrl}${path}`, ordinaryAmount(index)),
        signal,
      });
      if (answer.status !== 200) throw new Error(`preview answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      const callback = await target.callbacks.waitFor(path, isPreviewCallback);
      callbackAtMs.push(callback.at - target.startedAt);
    } finally {
      target.callbacks.forget(path);
    }
  };
  const run = await runLanes(preview, {
    label: 'calibration',
    flows: Number.MAX_SAFE_INTEGER,
    concurrency: options.concurrency,
    flowTimeoutMs: options.flowLimitMs,
    runTimeoutMs: Infinity,
    stopStarting: AbortSignal.timeout(options.durationMs),
    say: () => undefined,
  });
  return { callbackAtMs, attempts, failures: run.failures, firstFailures: run.firstFailures };
}

const retryingPostRecordingInto = (attempts: Attempt[]): Post => retryingPost((attempt) => attempts.push(attempt));
