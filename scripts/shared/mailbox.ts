interface Waiter<T> {
  matches(item: T): boolean;
  resolve(item: T): void;
}

/**
 * Hands items posted under a key to whoever waits for them, whichever comes first. The bench
 * waits for callbacks this way instead of polling, so a waiting flow costs no CPU.
 */
export class Mailbox<T> {
  private readonly kept = new Map<string, T[]>();
  private readonly waiting = new Map<string, Waiter<T>[]>();

  post(key: string, item: T): void {
    const waiters = this.waiting.get(key) ?? [];
    const waiter = waiters.find((candidate) => candidate.matches(item));
    if (waiter) {
      this.waiting.set(
        key,
        waiters.filter((candidate) => candidate !== waiter),
      );
      waiter.resolve(item);
    } else {
      this.kept.set(key, [...(this.kept.get(key) ?? []), item]);
    }
  }

  /** The first item under `key` that matches, including one posted before the call. */
  waitFor(key: string, matches: (item: T) => boolean = () => true): Promise<T> {
    const early = this.kept.get(key)?.find(matches);
    if (early !== undefined) return Promise.resolve(early);
    return new Promise((resolve) => this.waiting.set(key, [...(this.waiting.get(key) ?? []), { matches, resolve }]));
  }

  /** Drops what was kept, or awaited, for a finished (or abandoned) flow. */
  forget(key: string): void {
    this.kept.delete(key);
    this.waiting.delete(key);
  }
}
