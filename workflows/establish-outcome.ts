import { condition } from '@temporalio/workflow';
import type { MovementInquiry } from '../src/orders/order-steps';
import type { MovementOutcome } from '../src/rails/rails.port';

/** How soon the rail is asked again about a movement of unknown outcome, doubling up to a cap. */
const FIRST_INQUIRY_MS = 1_000;
const MAX_INQUIRY_MS = 60_000;
/** Once flagged, the rail is still asked, so a movement settles by itself when the rail comes back. */
const FLAGGED_INQUIRY_MS = 5 * 60_000;

/** A payout or a refund at a rail, as the workflow that waits for its outcome drives it. */
export interface MovementProbe {
  /** 'payout' or 'refund', for the reasons the outcome gives. */
  what: string;
  /** Executes (or replays: the rail de-duplicates on the id) the movement. */
  send(): Promise<MovementOutcome>;
  /** The rail's status inquiry. */
  inquire(): Promise<MovementInquiry>;
  /** How long an unknown outcome is asked about and resent before an operator is needed. */
  windowMs: number;
  /** Called once, when the window ends with the outcome still unknown. */
  onUnconfirmed(reason: string): void;
  /** True once an operator has said what happened; checked while waiting. */
  resolved: () => boolean;
}

export type Established = Exclude<MovementOutcome, { kind: 'UNKNOWN' }> | { kind: 'RESOLVED' };

/**
 * Establishes what became of a movement. Only a definite answer settles it; an unknown one is
 * asked about again on workflow timers (resending the idempotent movement while the rail says it
 * never saw it). Past the window the caller is told once, asking goes on at a slower pace, and
 * a rail that by then still says it never saw the movement makes it a definite "not done".
 * An operator's word, whenever it comes after that, ends the waiting.
 */
export async function establishOutcome(probe: MovementProbe): Promise<Established> {
  const deadline = Date.now() + probe.windowMs;
  let outcome = await probe.send();
  let wait = FIRST_INQUIRY_MS;
  let flagged = false;
  for (;;) {
    if (outcome.kind !== 'UNKNOWN') return outcome;
    const withinWindow = Date.now() < deadline;
    if (!withinWindow && !flagged) {
      flagged = true;
      probe.onUnconfirmed(outcome.reason);
    }
    if (await condition(probe.resolved, wait)) return { kind: 'RESOLVED' };
    wait = withinWindow ? Math.min(wait * 2, MAX_INQUIRY_MS) : FLAGGED_INQUIRY_MS;
    const inquiry = await probe.inquire();
    switch (inquiry.status) {
      case 'COMPLETED':
        outcome = { kind: 'COMPLETED', railReference: inquiry.railReference ?? '' };
        break;
      case 'REJECTED':
        outcome = {
          kind: 'REJECTED',
          railReference: inquiry.railReference ?? '',
          reason: inquiry.reason ?? 'DESTINATION_REFUSED',
        };
        break;
      case 'NOT_FOUND':
        if (Date.now() >= deadline) return { kind: 'FAILED', reason: `the rail never received the ${probe.what}` };
        outcome = await probe.send();
        break;
      case 'PENDING':
      case 'UNREACHABLE':
        break;
    }
  }
}
