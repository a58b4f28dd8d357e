import { createHash, hkdfSync } from 'node:crypto';

/** One AES-256 key of TEMPORAL_PAYLOAD_KEYS and the id each payload it encrypts names. */
export interface PayloadKey {
  id: string;
  key: Buffer;
}

/** The first key encrypts; every key listed decrypts (the ones before a rotation included). */
export interface PayloadKeys {
  current: PayloadKey;
  all: ReadonlyMap<string, Buffer>;
}

/** An id travels in every payload's metadata and in logs: short, printable, no separator of the list. */
const KEY_ID = /^[A-Za-z0-9._-]{1,64}$/;
const KEY_BYTES = 32;

/** 32 bytes as 64 hex digits or as base64 (standard or URL-safe alphabet); null for anything else. */
function keyBytes(text: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(text)) return Buffer.from(text, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}

/**
 * Reads TEMPORAL_PAYLOAD_KEYS: `id:key` entries separated by commas, the key 32 random bytes in
 * hex or base64. Throws a message naming what is wrong (never a key's material).
 */
export function parsePayloadKeys(text: string): PayloadKeys {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) throw new Error('must list at least one id:key');
  const all = new Map<string, Buffer>();
  for (const [index, entry] of entries.entries()) {
    const separator = entry.indexOf(':');
    const id = separator < 0 ? '' : entry.slice(0, separator);
    if (!KEY_ID.test(id))
      throw new Error(`entry ${index + 1}: must be id:key, the id of 1 to 64 letters, digits, '.', '_' or '-'`);
    const key = keyBytes(entry.slice(separator + 1));
    if (!key)
      throw new Error(`key ${id}: must be 32 bytes, as 64 hex digits or in base64 (e.g. \`openssl rand -base64 32\`)`);
    if (all.has(id)) throw new Error(`key ${id}: listed twice`);
    all.set(id, key);
  }
  const [currentId, currentKey] = all.entries().next().value!;
  return { current: { id: currentId, key: currentKey }, all };
}

/** The key material of each entry as written: what the production rules judge for placeholders. */
export function payloadKeyTexts(text: string): Array<{ id: string; material: string }> {
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.includes(':'))
    .map((entry) => ({ id: entry.slice(0, entry.indexOf(':')), material: entry.slice(entry.indexOf(':') + 1) }));
}

/**
 * Outside production, TEMPORAL_PAYLOAD_KEYS defaults to one key derived from SECRETS_KEY (HKDF):
 * every process of one `npm start`, test run or bench shares SECRETS_KEY already, so they all
 * read each other's payloads with nothing more to configure, and `.data/`'s workflows stay
 * readable across restarts. Its id names the key it is (`dev-` and a digest), so a payload
 * written under another SECRETS_KEY fails as "unknown key", not as a broken one.
 */
export function devPayloadKeys(secretsKey: string): string {
  const key = Buffer.from(hkdfSync('sha256', secretsKey, 'crossborder-payments', 'temporal-payload-key', KEY_BYTES));
  const id = `dev-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;
  return `${id}:${key.toString('base64')}`;
}
