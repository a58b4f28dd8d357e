import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The service's own series, one registry per process. Every label takes its values from a
 * closed set (route templates, statuses, rail and operation names), never from ids or raw
 * URLs, so the number of series stays bounded whatever the traffic. docs/operability.md
 * explains each series.
 */
export const serviceRegistry = new Registry();

const httpRequestDuration = new Histogram({
  name: 'cbp_http_request_duration_seconds',
  help: 'Time to answer an API request, by route template, method and status.',
  labelNames: ['route', 'method', 'status'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [serviceRegistry],
});

const orderTransitions = new Counter({
  name: 'cbp_order_transitions_total',
  help: 'Committed order status changes, by flow, country, previous status (NEW for a created order) and new status.',
  labelNames: ['flow', 'country', 'from', 'to'] as const,
  registers: [serviceRegistry],
});

const callbackDeliveries = new Counter({
  name: 'cbp_callback_deliveries_total',
  help: 'Callback delivery attempts, by event and outcome (delivered, failed, undeliverable).',
  labelNames: ['event', 'outcome'] as const,
  registers: [serviceRegistry],
});

const railRequestDuration = new Histogram({
  name: 'cbp_rails_request_duration_seconds',
  help: 'Time of one HTTP call to a rail, by rail, operation and outcome (ok, declined, unavailable).',
  labelNames: ['rail', 'operation', 'outcome'] as const,
  buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [serviceRegistry],
});

const keyLookups = new Counter({
  name: 'cbp_key_lookups_total',
  help: "Payment-key look-ups clients asked for, by operation (validation, wallet, preview), the key's country and outcome (found, not_found, invalid).",
  labelNames: ['operation', 'country', 'outcome'] as const,
  registers: [serviceRegistry],
});

const quotaRefusals = new Counter({
  name: 'cbp_quota_refusals_total',
  help: 'Requests refused 429 because the client spent its quota, by quota class.',
  labelNames: ['class'] as const,
  registers: [serviceRegistry],
});

const admissionRefusals = new Counter({
  name: 'cbp_admission_refusals_total',
  help: 'New previews refused 503 while the workers were behind, by reason (OVER_FAIR_SHARE, BACKLOG_FULL).',
  labelNames: ['reason'] as const,
  registers: [serviceRegistry],
});

const backlogWait = new Gauge({
  name: 'cbp_admission_expected_wait_seconds',
  help: "How long a task added now to the order task queue would wait for a worker, as this api replica last read Temporal's statistics (admission's reading).",
  registers: [serviceRegistry],
});

export function observeHttpRequest(labels: { route: string; method: string; status: number }, seconds: number): void {
  httpRequestDuration.observe({ ...labels, status: String(labels.status) }, seconds);
}

export function countOrderTransition(labels: { flow: string; country: string; from: string; to: string }): void {
  orderTransitions.inc(labels);
}

export type CallbackOutcome = 'delivered' | 'failed' | 'undeliverable';

export function countCallbackDelivery(event: string, outcome: CallbackOutcome): void {
  callbackDeliveries.inc({ event, outcome });
}

export type RailOutcome = 'ok' | 'declined' | 'unavailable';

export function observeRailRequest(
  labels: { rail: string; operation: string; outcome: RailOutcome },
  seconds: number,
): void {
  railRequestDuration.observe(labels, seconds);
}

/**
 * A look-up of a payment key in its country's directory on a client's behalf: a validation,
 * Peru's wallet step, or a key preview's. `not_found`: the directory does not know the key (or
 * the wallet); `invalid`: its form was refused before any directory was asked.
 */
export type KeyLookupOperation = 'validation' | 'wallet' | 'preview';
export type KeyLookupOutcome = 'found' | 'not_found' | 'invalid';

export function countKeyLookup(labels: {
  operation: KeyLookupOperation;
  country: string;
  outcome: KeyLookupOutcome;
}): void {
  keyLookups.inc(labels);
}

/**
 * Every look-up series at 0 before the first look-up, so that a rule dividing one by another
 * (the share not found, validations per preview) has both terms from the start.
 */
export function startKeyLookupSeries(
  series: ReadonlyArray<{ operation: KeyLookupOperation; country: string; outcome: KeyLookupOutcome }>,
): void {
  for (const labels of series) keyLookups.inc(labels, 0);
}

let processMetricsOn = false;

/**
 * The Node process's own series (CPU, memory, event-loop lag, GC), under `cbp_`. Only the
 * processes that serve /metrics turn them on: they sample the event loop continuously.
 */
export function collectProcessMetrics(): void {
  if (processMetricsOn) return;
  processMetricsOn = true;
  collectDefaultMetrics({ register: serviceRegistry, prefix: 'cbp_' });
}

export function countQuotaRefusal(quotaClass: string): void {
  quotaRefusals.inc({ class: quotaClass });
}

export function countAdmissionRefusal(reason: string): void {
  admissionRefusals.inc({ reason });
}

/** Every refusal series at 0 from the start, so that a rate over them has both terms before the first refusal. */
export function startCapacitySeries(quotaClasses: readonly string[], admissionReasons: readonly string[]): void {
  for (const quotaClass of quotaClasses) quotaRefusals.inc({ class: quotaClass }, 0);
  for (const reason of admissionReasons) admissionRefusals.inc({ reason }, 0);
}

export function observeBacklogWait(seconds: number): void {
  backlogWait.set(seconds);
}
