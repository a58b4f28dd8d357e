/**
 * Admission on the backlog: whether a new preview is taken while the workers are behind. A
 * preview starts work that must end in a callback within seconds (docs/decisions.md, "What is
 * shed first"), so past a bound on how long work has waited for a worker the service says
 * "not now" (503 with Retry-After) instead of acknowledging work it would do minutes later.
 * Only new previews are shed: an amount, a decision, a cancel or a refund finishes an order
 * already acknowledged. Pure: the reading and the count come from the caller.
 */

/** How far behind the workers are on one queue, as Temporal reads it. */
export interface BacklogReading {
  /** The oldest task still waiting for a worker. */
  ageMs: number;
  /** Tasks waiting. */
  count: number;
  /** Tasks handed to workers a second, lately. */
  dispatchPerSecond: number;
}

/**
 * How long a task added now would wait for a worker: the backlog ahead of it at the rate the
 * workers take tasks, or, as soon as they take none, how long the oldest has waited. The first
 * sees a burst as it comes in, before anything in it has grown old; the second, workers gone.
 */
export function expectedWaitMs({ ageMs, count, dispatchPerSecond }: BacklogReading): number {
  return dispatchPerSecond > 0 ? Math.max(ageMs, (count / dispatchPerSecond) * 1000) : ageMs;
}

export interface AdmissionSettings {
  /** Past this expected wait, previews are shed (0: admission off). */
  maxBacklogAgeMs: number;
  /** While shedding, each client still gets this many previews a second, so a light client is not refused for a heavy one. */
  fairSharePerSecond: number;
}

/**
 * An expected wait this many times the bound sheds every new preview, light clients' too: far
 * enough past it that shedding the heavy clients has had its chance (a poll or two) and failed.
 */
export const FULL_FACTOR = 5;
/** The longest a refusal tells the client to wait. */
const MAX_RETRY_AFTER_SECONDS = 30;

/** The client's previews in its current quota window (null when quotas are off, and nothing is known of it). */
export interface ClientPreviews {
  counted: number;
  windowMs: number;
}

/** Why a preview was shed: its client over its fair share, or the backlog past every share. */
export const ADMISSION_REFUSAL_REASONS = ['OVER_FAIR_SHARE', 'BACKLOG_FULL'] as const;
export type AdmissionRefusal = { reason: (typeof ADMISSION_REFUSAL_REASONS)[number]; retryAfterSeconds: number };

/**
 * Null when the preview is admitted. Judged by the longer expected wait of the order's queues
 * (its workflow queue and its activity queue; null: unknown, Temporal not answering, which
 * admits: the workflow start will tell). Past the bound, a client that has sent more than its
 * fair share in its window is refused first; past FULL_FACTOR times the bound, everyone is.
 */
export function admissionRefusal(
  queues: readonly BacklogReading[] | null,
  previews: ClientPreviews | null,
  settings: AdmissionSettings,
): AdmissionRefusal | null {
  if (settings.maxBacklogAgeMs === 0 || queues === null) return null;
  const waitMs = Math.max(0, ...queues.map(expectedWaitMs));
  if (waitMs <= settings.maxBacklogAgeMs) return null;
  // What a preview taken now would wait, roughly: come back after it.
  const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(waitMs / 1000)));
  if (waitMs > FULL_FACTOR * settings.maxBacklogAgeMs || previews === null)
    return { reason: 'BACKLOG_FULL', retryAfterSeconds };
  const share = Math.max(1, Math.ceil((settings.fairSharePerSecond * previews.windowMs) / 1000));
  return previews.counted > share ? { reason: 'OVER_FAIR_SHARE', retryAfterSeconds } : null;
}
