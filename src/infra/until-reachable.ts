import { setTimeout as sleep } from 'node:timers/promises';
import { unavailability } from './unavailable';

export interface ReachOptions {
  /** How long a dependency may stay out of reach before the caller gives up. */
  windowMs: number;
  firstDelayMs: number;
  maxDelayMs: number;
  /** Told of each failed attempt, so that an operator sees what the process waits for. */
  warn(message: string): void;
  /** Injected by unit tests; real time otherwise. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

/**
 * Whether a connection failed because the dependency is out of reach (refused,
 * restarting, not answering in time), as opposed to being misconfigured: a wrong password
 * or a bad certificate will not heal by waiting, and exits at once.
 */
export function isOutOfReach(error: unknown): boolean {
  // The worker's native connection says only this when nothing answers on the address.
  return (
    unavailability(error) === 'SERVICE_UNAVAILABLE' ||
    (error instanceof Error && error.name === 'TransportError' && /connect/i.test(error.message))
  );
}

/**
 * Runs `connect` until it succeeds. A dependency out of reach is tried again after 0.5 s, 1 s,
 * 2 s … up to `maxDelayMs` apart, each failure logged, for `windowMs` in all; any other error,
 * or the window's end, is thrown. `connect` makes a fresh connection each time: a half-made
 * one is not reused.
 */
export async function untilReachable<T>(what: string, connect: () => Promise<T>, retry: ReachOptions): Promise<T> {
  const now = retry.now ?? (() => Date.now());
  const wait = retry.sleep ?? ((ms: number) => sleep(ms));
  const started = now();
  for (let attempt = 1, delay = retry.firstDelayMs; ; attempt++, delay = Math.min(delay * 2, retry.maxDelayMs)) {
    try {
      return await connect();
    } catch (error) {
      const waited = now() - started;
      if (!isOutOfReach(error) || waited + delay > retry.windowMs) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      retry.warn(
        `${what} is out of reach (${reason}); attempt ${attempt} failed after ${(waited / 1000).toFixed(1)} s, trying again in ${(delay / 1000).toFixed(1)} s`,
      );
      await wait(delay);
    }
  }
}
