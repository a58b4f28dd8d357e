/**
 * Admission on the backlog: whether a new preview is taken while the workers are behind. A
 * preview starts work that must end in a callback within seconds (docs/decisions.md, "What is
 * shed first"), so past a bound on how long work has waited for a worker the service says
 * "not now" (503 with Retry-After) instead of acknowledging work it would do minutes later.
 * Only new previews are shed: an amount, a decision, a cancel or a refund finishes an order
 * already acknowledged. Pure: the reading and the count come from the caller.
 */

/** How far behind the workers are, as Temporal reads its task queues. */
export interface BacklogReading {
  /** The oldest task still waiting for a worker, in the queues the order's work goes through. */
  ageMs: number;
  /** Tasks waiting in them. */
  count: number;
}

export interface AdmissionSettings {
  /** Past this, previews are shed (0: admission off). */
  maxBacklogAgeMs: number;
  /** While shedding, each client still gets this many previews a second, so a light client is not refused for a heavy one. */
  fairSharePerSecond: number;
}

/** A backlog this many times past the bound sheds every new preview, light clients' too. */
export const FULL_FACTOR = 3;
/** The longest a refusal tells the client to wait. */
const MAX_RETRY_AFTER_SECONDS = 30;

/** The client's previews in its current quota window (null when quotas are off, and nothing is known of it). */
export interface ClientPreviews {
  counted: number;
  windowMs: number;
}

export type AdmissionRefusal = { reason: 'OVER_FAIR_SHARE' | 'BACKLOG_FULL'; retryAfterSeconds: number };

/**
 * Null when the preview is admitted. Past the bound, a client that has sent more than its fair
 * share in its window is refused first; past FULL_FACTOR times the bound, everyone is. An
 * unknown backlog (Temporal not answering) admits: the workflow start will tell.
 */
export function admissionRefusal(backlog: BacklogReading | null, previews: ClientPreviews | null, settings: AdmissionSettings): AdmissionRefusal | null {
  if (settings.maxBacklogAgeMs === 0 || backlog === null || backlog.ageMs <= settings.maxBacklogAgeMs) return null;
  // The backlog's age is what a preview taken now would wait, roughly: come back after it.
  const retryAfterSeconds = Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil(backlog.ageMs / 1000)));
  if (backlog.ageMs > FULL_FACTOR * settings.maxBacklogAgeMs || previews === null) return { reason: 'BACKLOG_FULL', retryAfterSeconds };
  const share = Math.max(1, Math.ceil((settings.fairSharePerSecond * previews.windowMs) / 1000));
  return previews.counted > share ? { reason: 'OVER_FAIR_SHARE', retryAfterSeconds } : null;
}
