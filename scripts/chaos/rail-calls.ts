import { ACQUIRER_PATHS } from '../../src/rails/acquirer/acquirer.wire';
import { BRAZIL_PATHS } from '../../src/rails/br/brazil.wire';
import { COLOMBIA_PATHS } from '../../src/rails/co/colombia.wire';
import { PERU_PATHS } from '../../src/rails/pe/peru.wire';

export type RailFault = 'down' | 'lose_response';
export type RailCall = 'payouts' | 'payout status inquiries' | 'other calls';

/** One time the rail was down or lost its answers, and what reached it meanwhile. */
export interface RailFaultWindow {
  fault: RailFault;
  /** ms after the drive started. */
  fromMs: number;
  /** null while it lasts. */
  toMs: number | null;
  calls: Record<RailCall, number>;
}

/** Where each rail takes its payouts (POST) and answers their status (GET `<collection>/<id>`), as the simulator serves them. */
const PAYOUT_COLLECTIONS: readonly string[] = [
  ACQUIRER_PATHS.payouts,
  BRAZIL_PATHS.payments,
  PERU_PATHS.transfers,
  COLOMBIA_PATHS.transfers,
];

/** What a request to the rails simulator is; null for its admin routes. */
export function railCallOf(method: string | undefined, url: string | undefined): RailCall | null {
  const path = new URL(url ?? '/', 'http://rail').pathname;
  if (path.startsWith('/__admin')) return null;
  if (method === 'POST' && PAYOUT_COLLECTIONS.includes(path)) return 'payouts';
  const collection = path.slice(0, path.lastIndexOf('/'));
  return method === 'GET' && PAYOUT_COLLECTIONS.includes(collection) ? 'payout status inquiries' : 'other calls';
}

/**
 * Counts, per rail fault, the calls the rail received while it lasted: the proof that each
 * fault met payouts and not only previews. The run fails when one met no payout.
 */
export class RailCallsUnderFaults {
  readonly windows: RailFaultWindow[] = [];

  /** The rail's fault from `atMs` on; null: healthy. */
  faultIs(fault: RailFault | null, atMs: number): void {
    const current = this.current();
    if (current) current.toMs = atMs;
    if (fault)
      this.windows.push({
        fault,
        fromMs: atMs,
        toMs: null,
        calls: { payouts: 0, 'payout status inquiries': 0, 'other calls': 0 },
      });
  }

  record(call: RailCall): void {
    const current = this.current();
    if (current) current.calls[call] += 1;
  }

  private current(): RailFaultWindow | undefined {
    const last = this.windows.at(-1);
    return last && last.toMs === null ? last : undefined;
  }
}

export const describeRailFault = (fault: RailFault) =>
  fault === 'down' ? 'the rail down' : 'the rail losing its answers';

/** A violation for each rail fault no payout met: such a run did not exercise what it is there for. */
export function railFaultsWithoutPayouts(windows: readonly RailFaultWindow[]): string[] {
  return windows
    .filter((window) => window.calls.payouts === 0)
    .map(
      (window) =>
        `${describeRailFault(window.fault)} from ${(window.fromMs / 1000).toFixed(1)} s to ${window.toMs === null ? 'the end' : `${(window.toMs / 1000).toFixed(1)} s`} met no payout`,
    );
}
