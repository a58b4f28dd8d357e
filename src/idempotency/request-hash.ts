import { createHash } from 'node:crypto';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * JSON with every object's keys sorted, so that a retry which serialises the same request
 * with its fields in another order is still recognised as the same request.
 */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, nested: unknown) =>
      isRecord(nested) ? Object.fromEntries(Object.entries(nested).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : nested,
    ) ?? 'null'
  );
}

/** SHA-256 (hex) of the canonical JSON: what a key remembers of the request it was first used for. */
export function requestHash(fingerprint: unknown): string {
  return createHash('sha256').update(canonicalJson(fingerprint)).digest('hex');
}
