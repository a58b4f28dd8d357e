/**
 * A Map that holds at most `limit` entries: setting one more forgets the oldest set. For what a
 * process remembers per client (webhook secrets, FX spreads), whose count it does not choose.
 */
export class BoundedMap<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new RangeError(`a bounded map holds at least one entry, not ${limit}`);
  }

  get(key: K): V | undefined {
    return this.entries.get(key);
  }

  set(key: K, value: V): void {
    // Set again, an entry counts as the newest.
    this.entries.delete(key);
    if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }
}
