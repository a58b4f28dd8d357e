import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';

/** A JWKS document as identity providers serve it; keys of other uses (encryption) are left out. */
const jwksSchema = z.object({
  keys: z.array(z.looseObject({ kid: z.string().optional(), use: z.string().optional(), kty: z.string() })),
});

/** Where access tokens' signing keys come from, by key id. */
export interface SigningKeys {
  key(kid: string | undefined): Promise<KeyObject | undefined>;
}

export interface JwksKeysOptions {
  /** At most one fetch this often, however many tokens name an unknown key: a forged `kid` cannot make us hammer the provider. */
  minRefreshMs?: number;
  timeoutMs?: number;
}

/**
 * The signing keys an identity provider publishes at its JWKS URL, fetched when first needed and
 * again when a token names a key not seen yet (the provider rotated its keys), at most once a
 * minute. A fetch that fails throws (the caller cannot tell a good token from a bad one then)
 * and keeps the keys already known.
 */
export class JwksKeys implements SigningKeys {
  private keys = new Map<string, KeyObject>();
  private fetchedAt = -Infinity;
  private pending: Promise<void> | null = null;

  constructor(
    private readonly url: string,
    private readonly options: JwksKeysOptions = {},
  ) {}

  /** The key `kid` names; without a kid, the provider's only key. Undefined when there is none such. */
  async key(kid: string | undefined): Promise<KeyObject | undefined> {
    const known = this.pick(kid);
    if (known || Date.now() - this.fetchedAt < (this.options.minRefreshMs ?? 60_000)) return known;
    this.pending ??= this.refresh().finally(() => {
      this.pending = null;
    });
    await this.pending;
    return this.pick(kid);
  }

  private pick(kid: string | undefined): KeyObject | undefined {
    if (kid !== undefined) return this.keys.get(kid);
    return this.keys.size === 1 ? [...this.keys.values()][0] : undefined;
  }

  private async refresh(): Promise<void> {
    this.fetchedAt = Date.now();
    const response = await fetch(this.url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000) });
    if (!response.ok) throw new Error(`the JWKS at ${this.url} answered ${response.status}`);
    const { keys } = jwksSchema.parse(await response.json());
    const fresh = new Map<string, KeyObject>();
    for (const [index, jwk] of keys.entries()) {
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      fresh.set(jwk.kid ?? `#${index}`, createPublicKey({ key: jwk, format: 'jwk' }));
    }
    this.keys = fresh;
  }
}
