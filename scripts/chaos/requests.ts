import type { Attempt } from '../shared/integrator-post';

/** What the integrators' requests met: every attempt, by how it went. */
export interface RequestSummary {
  /** Attempts sent, resends included. */
  sent: number;
  answered: number;
  /** Answers that said "send it again" the documented way (503 or 429 with Retry-After, 409 REQUEST_IN_PROGRESS), by status and code. */
  retried: Record<string, number>;
  /** Attempts that failed (a reset or refused connection, a 5xx without Retry-After, the balancer's own 502/504), by what happened. */
  failed: Record<string, number>;
  /** The longest attempt, from its sending to its answer (or failure), and what it was. */
  longest: { ms: number; outcome: string } | null;
}

/** The requests under way while one fault lasted. */
export interface RequestsInWindow {
  what: string;
  /** ms after the drive started. */
  fromMs: number;
  toMs: number;
  summary: RequestSummary;
}

function tallyInto(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

export function summarizeRequests(attempts: readonly Attempt[]): RequestSummary {
  const summary: RequestSummary = { sent: attempts.length, answered: 0, retried: {}, failed: {}, longest: null };
  for (const attempt of attempts) {
    if (attempt.verdict === 'answered') summary.answered += 1;
    else tallyInto(attempt.verdict === 'retried' ? summary.retried : summary.failed, attempt.outcome);
    if (summary.longest === null || attempt.ms > summary.longest.ms)
      summary.longest = { ms: attempt.ms, outcome: attempt.outcome };
  }
  return summary;
}

/**
 * The attempts under way during each window (sent before it ended and answered after it began;
 * ms after `startedAt`, the drive's start in performance.now() time): one sent just before a cut
 * that hangs into it counts too.
 */
export function requestsInWindows(
  attempts: readonly Attempt[],
  startedAt: number,
  windows: ReadonlyArray<{ what: string; fromMs: number; toMs: number }>,
): RequestsInWindow[] {
  return windows.map(({ what, fromMs, toMs }) => ({
    what,
    fromMs,
    toMs,
    summary: summarizeRequests(
      attempts.filter(
        (attempt) => attempt.sentAt - startedAt < toMs && attempt.sentAt - startedAt + attempt.ms > fromMs,
      ),
    ),
  }));
}

export const count = (counts: Record<string, number>) =>
  Object.values(counts).reduce((total, value) => total + value, 0);
