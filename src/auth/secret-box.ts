import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/** One SECRETS_KEY: the AES key derived from it, and the id its ciphertexts are stamped with. */
interface BoxKey {
  id: string;
  key: Buffer;
}

function boxKey(secretsKey: string): BoxKey {
  const key = createHash('sha256').update(secretsKey).digest();
  // A hash of the AES key, in a domain of its own: names the key without revealing anything of it.
  const id = createHash('sha256').update('crossborder-payments secret-box key id\0').update(key).digest('hex');
  return { id: id.slice(0, 16), key };
}

const part = (text: string) => Buffer.from(text, 'base64url');

/**
 * AES-256-GCM for secrets the service must read back (webhook signing secrets). The key is
 * derived from SECRETS_KEY with SHA-256 so any high-entropy string of 32+ characters works.
 *
 * Stored form: `v2.<key id>.<iv>.<tag>.<ciphertext>`, base64url parts, the key id naming which
 * SECRETS_KEY sealed it, so that the key can rotate: the new one seals, the old ones
 * (SECRETS_KEY_PREVIOUS) still open what they sealed until it is resealed (`secrets:reseal`).
 * The first form, `v1.<iv>.<tag>.<ciphertext>`, has no key id: each key is tried in turn (GCM's
 * tag tells the right one).
 */
export class SecretBox {
  private readonly current: BoxKey;
  private readonly keys: readonly BoxKey[];

  constructor(secretsKey: string, previousKeys: readonly string[] = []) {
    this.current = boxKey(secretsKey);
    this.keys = [this.current, ...previousKeys.map(boxKey)];
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.current.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, ...[iv, cipher.getAuthTag(), body].map((bytes) => bytes.toString('base64url'))].join(
      '.',
    );
  }

  open(sealed: string): string {
    const parts = sealed.split('.');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, id, iv, tag, body] = parts as [string, string, string, string, string];
      const key = this.keys.find((candidate) => candidate.id === id);
      if (!key)
        throw new Error(`a secret sealed with key ${id}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`);
      return decrypt(key, iv, tag, body);
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, body] = parts as [string, string, string, string];
      for (const key of this.keys) {
        try {
          return decrypt(key, iv, tag, body);
        } catch {
          // Not this key's: GCM's tag did not match; the next key is tried.
        }
      }
      throw new Error('a secret sealed before key ids that no key of SECRETS_KEY and SECRETS_KEY_PREVIOUS opens');
    }
    throw new Error('unreadable sealed secret');
  }

  /** The same secret sealed with the current key, or null when it already is. */
  reseal(sealed: string): string | null {
    return sealed.startsWith(`v2.${this.current.id}.`) ? null : this.seal(this.open(sealed));
  }
}

function decrypt({ key }: BoxKey, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, part(iv));
  decipher.setAuthTag(part(tag));
  return Buffer.concat([decipher.update(part(body)), decipher.final()]).toString('utf8');
}

/** The box of this deployment's keys: SECRETS_KEY seals, it and SECRETS_KEY_PREVIOUS open. */
export function secretBoxOf(env: { SECRETS_KEY: string; SECRETS_KEY_PREVIOUS: readonly string[] }): SecretBox {
  return new SecretBox(env.SECRETS_KEY, env.SECRETS_KEY_PREVIOUS);
}
