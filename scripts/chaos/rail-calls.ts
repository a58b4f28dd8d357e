import type { IncomingMessage, Server } from 'node:http';

export type RailFault = 'down' | 'lose_response';
type RailCall = 'payouts' | 'payout status inquiries' | 'other calls';
/** What reached the rail while it was down or losing answers: proof the faults hit payouts. */
export type RailCallsUnderFaults = Record<RailFault, Record<RailCall, number>>;

function railCall({ method, url }: IncomingMessage): RailCall | null {
  const path = new URL(url ?? '/', 'http://rail').pathname;
  if (path.startsWith('/__admin')) return null;
  if (method === 'POST' && path === '/payouts') return 'payouts';
  return method === 'GET' && path.startsWith('/payouts/') ? 'payout status inquiries' : 'other calls';
}

/** Counts the calls `server` (the rails simulator) receives while a fault is on, by kind of call. */
export function countRailCallsUnderFaults(server: Server): { counts: RailCallsUnderFaults; faultIs(fault: RailFault | null): void } {
  let current: RailFault | null = null;
  const none = () => ({ payouts: 0, 'payout status inquiries': 0, 'other calls': 0 });
  const counts: RailCallsUnderFaults = { down: none(), lose_response: none() };
  server.on('request', (request: IncomingMessage) => {
    const call = railCall(request);
    if (current && call) counts[current][call] += 1;
  });
  return {
    counts,
    faultIs: (fault) => {
      current = fault;
    },
  };
}
