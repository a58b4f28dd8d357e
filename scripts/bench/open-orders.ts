import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import type { TemporalBackend } from '../../src/config/env';
import { runFlows, runLanes } from '../shared/driver';
import { fieldsOf, retryingPost } from '../shared/integrator-post';
import { describeMachine, machine, Machine } from '../shared/machine';
import { callbackPath, previewBody, qrFlow } from '../shared/qr-flow';
import { Summary, summarize } from '../shared/stats';
import { residentMiB } from './process-memory';
import type { BenchStack, StackOptions } from './stack';
import { describeVerdict, OpenOrdersVerdicts, openOrdersVerdicts } from './targets';

/** Short enough for a run of minutes, long enough that thousands of orders wait at once. */
export const OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS = 300;

const WARM_UP_FLOWS = 20;
const PREVIEW_TIMEOUT_MS = 60_000;
const CREATION_TIMEOUT_MS = 60 * 60_000;
/** How long after the last order's expiry its callback may still arrive before it counts as missing. */
const EXPIRY_GRACE_MS = 5 * 60_000;
const SAMPLE_EVERY_MS = 1_000;
const TIMELINE_EVERY_MS = 15_000;

/**
 * The open-orders run needs no bare worker, and the orders' expiry. Its one client sends far
 * more previews than an integrator's default quota takes, so it has a quota of its own, as an
 * operator would give a bulk client (`clients:limits`): the run measures the engine, and
 * admission on the backlog still paces it to what the workers prepare.
 */
export function openOrdersStackOptions(profileDir?: string): StackOptions {
  return {
    env: { QR_EXPIRY_SECONDS: process.env.QR_EXPIRY_SECONDS ?? String(OPEN_ORDERS_DEFAULT_EXPIRY_SECONDS) },
    payerQuotas: { previews: { rate: 1000, burst: 2000 } },
    ...(profileDir ? { profileDir } : {}),
  };
}

/** One moment of the run. */
export interface OpenOrdersSample {
  /** Seconds since the first order was sent. */
  atS: number;
  /** Orders previewed so far, and of those, how many have expired with their callback. */
  created: number;
  expired: number;
  workerRssMiB: number | null;
  temporalServerRssMiB: number | null;
}

export interface OpenOrdersReport {
  orders: number;
  concurrency: number;
  machine: Machine;
  infrastructure: BenchStack['infrastructure'];
  qrExpirySeconds: number;
  /** The worker's WORKER_MAX_CACHED_WORKFLOWS. */
  maxCachedWorkflows: number;
  /** `shed`: previews answered 429/503 with Retry-After (admission on the backlog) and sent again. */
  creation: {
    wallMs: number;
    perSecond: number;
    previewAck: Summary;
    failures: number;
    firstFailures: string[];
    shed: number;
  };
  /** The most orders waiting on their expiry timers at one time. */
  peakWaiting: number;
  /** QR_EXPIRED callbacks received, each saying CANCELED with EXPIRED. */
  expired: number;
  /** Created orders whose QR_EXPIRED callback had not arrived by the end. */
  missing: number;
  /** How long after its expires_at each callback arrived, in seconds (expires_at has whole seconds). */
  expiryDelayS: Summary;
  /**
   * How long after the preview's ack its preview callback arrived, in seconds: how far the
   * worker's preparations fell behind the API's creations.
   */
  previewCallbackDelayS: Summary;
  /** The worker's resident memory: before the first order, its peak, when the last was created, once all had expired. */
  workerRssMiB: { before: number | null; peak: number | null; atLastCreated: number | null; after: number | null };
  /** Every TIMELINE_EVERY_MS. */
  timeline: OpenOrdersSample[];
  /** Issue #22's targets against this run's figures. */
  targets: OpenOrdersVerdicts;
}

/**
 * `npm run bench -- --open N`: N open-amount Pix QRs previewed over HTTP at `concurrency`,
 * each then waiting for an amount that never comes until its expiry timer cancels it and the
 * payer hears QR_EXPIRED. Measures how long creating them took, how many waited at once, the
 * worker process's memory all along, and that each one expired with its callback.
 */
export async function runOpenOrders(
  options: { orders: number; concurrency: number; temporalBackend: TemporalBackend },
  stack: BenchStack,
  say: (message: string) => void,
): Promise<OpenOrdersReport> {
  const host = machine();
  const run = randomUUID().slice(0, 8);
  const workerPid = stack.pids.worker!;
  const temporalPid = stack.pids.temporal;
  const lanes = {
    concurrency: options.concurrency,
    flowTimeoutMs: PREVIEW_TIMEOUT_MS,
    runTimeoutMs: CREATION_TIMEOUT_MS,
    say,
  };

  // Closed-amount flows start the worker's pollers, caches and JIT before its memory is first read.
  say(`warm-up: ${WARM_UP_FLOWS} closed-amount flows…`);
  await runFlows(qrFlow({ ...stack.engine, runId: `bench-${run}-warm` }), {
    ...lanes,
    label: 'warm-up',
    flows: WARM_UP_FLOWS,
    runTimeoutMs: 5 * 60_000,
  });

  const started = performance.now();
  let created = 0;
  let expired = 0;
  let peakWaiting = 0;
  const samples: OpenOrdersSample[] = [];
  const sample = () => {
    peakWaiting = Math.max(peakWaiting, created - expired);
    samples.push({
      atS: (performance.now() - started) / 1000,
      created,
      expired,
      workerRssMiB: residentMiB(workerPid),
      temporalServerRssMiB: temporalPid === null ? null : residentMiB(temporalPid),
    });
  };
  sample();
  const sampling = setInterval(sample, SAMPLE_EVERY_MS);

  const expiries: Array<Promise<void>> = [];
  // Kept as they arrive: a run that ends at its deadline still reports those that came.
  const delays: number[] = [];
  const previewDelays: number[] = [];
  const previewOf = (reference: string, ackedAt: number) =>
    void stack.engine.callbacks
      .waitFor(
        callbackPath(reference),
        (callback) => callback.body?.order?.id !== undefined || callback.body?.error_code !== undefined,
      )
      .then((callback) => previewDelays.push((callback.at - ackedAt) / 1000));
  let lastExpiresAt = 0;
  const expiryOf = (reference: string) =>
    stack.engine.callbacks
      .waitFor(callbackPath(reference), (callback) => callback.body?.event === 'QR_EXPIRED')
      .then((callback) => {
        stack.engine.callbacks.forget(callbackPath(reference));
        const { status, error_code: errorCode, expires_at: expiresAt } = callback.body ?? {};
        if (status !== 'CANCELED' || errorCode !== 'EXPIRED' || expiresAt === undefined) return;
        expired++;
        delays.push((performance.timeOrigin + callback.at - Date.parse(expiresAt)) / 1000);
      });

  say(
    `creating ${options.orders} open-amount orders, ${options.concurrency} at a time (QR_EXPIRY_SECONDS=${stack.env.QR_EXPIRY_SECONDS})…`,
  );
  // Resent after Retry-After while admission sheds it: the run creates as fast as the workers prepare.
  let shed = 0;
  const post = retryingPost((attempt) => {
    if (attempt.verdict === 'retried') shed++;
  });
  const creation = await runLanes(
    async (index, signal) => {
      const reference = `bench-open-${run}-${index}`;
      const sent = performance.now();
      const { apiUrl, token, receiverUrl } = stack.engine;
      const body = previewBody(reference, `${receiverUrl}${callbackPath(reference)}`, null);
      const preview = await post({
        url: `${apiUrl}/v2/payments/previews`,
        token,
        key: `${reference}:preview`,
        body,
        signal,
      });
      if (preview.status !== 200 || fieldsOf(preview.body).status !== 'missing_amount')
        throw new Error(`preview answered ${preview.status}: ${JSON.stringify(preview.body)}`);
      created++;
      previewOf(reference, performance.now());
      // The order was created before this answer, so it expires no later than this.
      lastExpiresAt = Date.now() + stack.env.QR_EXPIRY_SECONDS * 1000;
      expiries.push(expiryOf(reference));
      return performance.now() - sent;
    },
    { ...lanes, label: 'open orders', flows: options.orders },
  );
  sample();
  const atLastCreated = samples.at(-1)!.workerRssMiB;
  say(`created ${created} in ${(creation.wallMs / 1000).toFixed(1)} s; waiting for their expiry…`);

  const deadline = lastExpiresAt + EXPIRY_GRACE_MS;
  await Promise.race([
    Promise.all(expiries),
    new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(0, deadline - Date.now()))),
  ]);
  clearInterval(sampling);
  sample();

  const expiryDelayS = summarize(delays);
  const rss = samples.map((s) => s.workerRssMiB).filter((value): value is number => value !== null);
  return {
    orders: options.orders,
    concurrency: options.concurrency,
    machine: { ...host, loadAfter: loadavg()[0]! },
    infrastructure: stack.infrastructure,
    qrExpirySeconds: stack.env.QR_EXPIRY_SECONDS,
    maxCachedWorkflows: stack.env.WORKER_MAX_CACHED_WORKFLOWS,
    creation: {
      wallMs: creation.wallMs,
      perSecond: creation.results.length / (creation.wallMs / 1000),
      previewAck: summarize(creation.results),
      failures: creation.failures,
      firstFailures: creation.firstFailures,
      shed,
    },
    peakWaiting,
    expired,
    missing: created - expired,
    expiryDelayS,
    previewCallbackDelayS: summarize(previewDelays),
    workerRssMiB: {
      before: samples[0]!.workerRssMiB,
      peak: rss.length ? Math.max(...rss) : null,
      atLastCreated,
      after: samples.at(-1)!.workerRssMiB,
    },
    timeline: samples.filter((_, i) => i % (TIMELINE_EVERY_MS / SAMPLE_EVERY_MS) === 0 || i === samples.length - 1),
    targets: openOrdersVerdicts({ expiryDelayP99S: expiryDelayS.p99, missing: created - expired }),
  };
}

const mib = (value: number | null) => (value === null ? '-' : `${value.toFixed(0)} MiB`);

/** The human-readable report for stdout. */
export function formatOpenOrdersReport(report: OpenOrdersReport): string {
  const { machine: m, creation } = report;
  return [
    `npm run bench -- --open ${report.orders}: concurrency ${report.concurrency}, QR_EXPIRY_SECONDS=${report.qrExpirySeconds}, WORKER_MAX_CACHED_WORKFLOWS=${report.maxCachedWorkflows}`,
    `${describeMachine(m)}; PostgreSQL ${report.infrastructure.database}, Temporal ${report.infrastructure.temporal}`,
    '',
    `created        ${report.orders - creation.failures}/${report.orders} in ${(creation.wallMs / 1000).toFixed(1)} s (${creation.perSecond.toFixed(1)}/s, ${creation.shed} sent again after Retry-After); preview ack p50 ${creation.previewAck.p50.toFixed(0)} ms, p99 ${creation.previewAck.p99.toFixed(0)} ms`,
    `preview callback after its ack  p50 ${report.previewCallbackDelayS.p50.toFixed(1)} s, p99 ${report.previewCallbackDelayS.p99.toFixed(1)} s`,
    `waiting at once, at most   ${report.peakWaiting}`,
    `expired with QR_EXPIRED    ${report.expired}, missing ${report.missing} (target: none; ${report.targets.missing.met ? 'met' : 'NOT MET'}); callback after expires_at p50 ${report.expiryDelayS.p50.toFixed(1)} s, p99 ${report.expiryDelayS.p99.toFixed(1)} s (target: ${describeVerdict(report.targets.expiryDelayP99S, ' s')})`,
    `worker RSS     before ${mib(report.workerRssMiB.before)}, peak ${mib(report.workerRssMiB.peak)}, when the last was created ${mib(report.workerRssMiB.atLastCreated)}, after ${mib(report.workerRssMiB.after)}`,
    '',
    '     s   created   expired   waiting   worker RSS   Temporal RSS',
    ...report.timeline.map((s) =>
      [
        s.atS.toFixed(0).padStart(6),
        String(s.created).padStart(9),
        String(s.expired).padStart(9),
        String(s.created - s.expired).padStart(9),
        mib(s.workerRssMiB).padStart(12),
        mib(s.temporalServerRssMiB).padStart(14),
      ].join(' '),
    ),
    ...creation.firstFailures,
    '',
  ].join('\n');
}
