export interface UntilOptions {
  /** 30 s unless given. */
  timeoutMs?: number;
  /** 200 ms unless given. */
  intervalMs?: number;
  /** Runs before every check and throws to end the wait at once (a process that died). */
  alive?: () => void;
  /** Added to the timeout's error: what was last seen. */
  detail?: () => string;
}

/**
 * Polls `check` until it answers something other than undefined or false, and returns that;
 * after the timeout, throws naming `what` it waited for.
 */
export async function until<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  options: UntilOptions = {},
): Promise<T> {
  const { timeoutMs = 30_000, intervalMs = 200, alive, detail } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    alive?.();
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${detail ? `; ${detail()}` : ''}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
