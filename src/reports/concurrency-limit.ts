/** At most `capacity` holders at a time in this process; a holder gives its place back once. */
export class ConcurrencyLimit {
  private held = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  }

  /** A function that gives the place back, or null when every place is taken. */
  tryAcquire(): (() => void) | null {
    if (this.held >= this.capacity) return null;
    this.held++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
    };
  }
}

/**
 * Each file streams on a connection of its own for as long as its reader takes, so files may
 * hold at most a quarter of the pool (at least one): payments keep the rest.
 */
export const reportStreamCapacity = (poolSize: number) => Math.max(1, Math.floor(poolSize / 4));
