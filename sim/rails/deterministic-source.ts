import { createHash } from 'node:crypto';
import { uuidV4Form } from '../../src/rails/uuid-v4-form';

/**
 * A stream of pseudo-random choices fully determined by (seed, parts): the simulator's
 * answers must be the same for the same input on every run and every machine, so nothing
 * here may read Math.random or the clock.
 */
export class DeterministicSource {
  private block = 0;
  private buffer = Buffer.alloc(0);
  private offset = 0;

  constructor(private readonly material: string) {}

  static of(seed: string, ...parts: readonly string[]): DeterministicSource {
    return new DeterministicSource([seed, ...parts].join('\u001f'));
  }

  /** An integer in [0, maxExclusive). The modulo bias is irrelevant for sandbox data. */
  int(maxExclusive: number): number {
    return this.uint32() % maxExclusive;
  }

  /** A float in [0, 1). */
  fraction(): number {
    return this.uint32() / 0x1_0000_0000;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)] as T;
  }

  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i += 1) out += String(this.int(10));
    return out;
  }

  /** A version-4, variant-1 UUID made of deterministic bytes. */
  uuidV4(): string {
    return uuidV4Form(this.bytes(16));
  }

  hex(length: number): string {
    return this.bytes(Math.ceil(length / 2))
      .toString('hex')
      .slice(0, length);
  }

  private uint32(): number {
    return this.bytes(4).readUInt32BE(0);
  }

  private bytes(count: number): Buffer {
    const out = Buffer.alloc(count);
    for (let i = 0; i < count; i += 1) {
      if (this.offset >= this.buffer.length) this.refill();
      out[i] = this.buffer[this.offset] as number;
      this.offset += 1;
    }
    return out;
  }

  private refill(): void {
    this.buffer = createHash('sha256').update(`${this.material}\u001e${this.block}`).digest();
    this.block += 1;
    this.offset = 0;
  }
}
