import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { SecretBox } from '../../../src/auth/secret-box';

const OLD_KEY = 'old-secrets-key-0123456789abcdef-0123456789';
const NEW_KEY = 'new-secrets-key-fedcba9876543210-9876543210';
const SECRET = 'whsec_the-webhook-secret-of-a-client';

/** A secret as the box sealed it before key ids: `v1.<iv>.<tag>.<ciphertext>`. */
function sealedWithoutKeyId(secretsKey: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(secretsKey).digest(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join('.');
}

describe('SecretBox', () => {
  it('stamps what it seals with the id of its key, and opens it', () => {
    const box = new SecretBox(NEW_KEY);
    const sealed = box.seal(SECRET);
    expect(sealed).toMatch(/^v2\.[0-9a-f]{16}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(SECRET);
    expect(box.open(sealed)).toBe(SECRET);
    expect(new SecretBox(OLD_KEY).seal(SECRET).split('.')[1]).not.toBe(sealed.split('.')[1]);
  });

  it('opens what an old key sealed while that key is listed as previous, and says which key is missing otherwise', () => {
    const sealedByOld = new SecretBox(OLD_KEY).seal(SECRET);
    expect(new SecretBox(NEW_KEY, [OLD_KEY]).open(sealedByOld)).toBe(SECRET);
    expect(() => new SecretBox(NEW_KEY).open(sealedByOld)).toThrow(
      `sealed with key ${sealedByOld.split('.')[1]}, which is neither SECRETS_KEY nor in SECRETS_KEY_PREVIOUS`,
    );
  });

  it('opens a secret sealed before key ids with whichever key sealed it, current or previous', () => {
    expect(new SecretBox(OLD_KEY).open(sealedWithoutKeyId(OLD_KEY, SECRET))).toBe(SECRET);
    expect(new SecretBox(NEW_KEY, [OLD_KEY]).open(sealedWithoutKeyId(OLD_KEY, SECRET))).toBe(SECRET);
    expect(() => new SecretBox(NEW_KEY).open(sealedWithoutKeyId(OLD_KEY, SECRET))).toThrow(/no key of SECRETS_KEY/);
  });

  it('reseals with the current key what another key (or no key id) sealed, and leaves the current ones alone', () => {
    const box = new SecretBox(NEW_KEY, [OLD_KEY]);
    for (const old of [new SecretBox(OLD_KEY).seal(SECRET), sealedWithoutKeyId(OLD_KEY, SECRET)]) {
      const resealed = box.reseal(old)!;
      expect(resealed.split('.')[1]).toBe(box.seal('x').split('.')[1]);
      // Readable without the old key from then on.
      expect(new SecretBox(NEW_KEY).open(resealed)).toBe(SECRET);
    }
    expect(box.reseal(box.seal(SECRET))).toBeNull();
  });

  it('refuses a tampered or malformed text', () => {
    const box = new SecretBox(NEW_KEY);
    const [version, id, iv, tag, body] = box.seal(SECRET).split('.');
    const flipped = `${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(() => box.open([version, id, iv, tag, flipped].join('.'))).toThrow();
    expect(() => box.open('v3.a.b.c')).toThrow('unreadable sealed secret');
  });
});
