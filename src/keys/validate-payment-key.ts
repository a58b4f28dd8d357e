import type { KeyScheme } from './key-rule';

/** The key types a scheme accepts, as `validateKey` names them. */
export type KeyTypeOf<S extends KeyScheme> = S['rules'][number]['type'];

/**
 * An accepted key has a `type` (PHONE in every country is paid into a wallet the payer picks)
 * and its canonical form. A refused key carries:
 * - `message`: the spec's format message, listing the key types the country accepts;
 * - `reason`: what is wrong with this key when its form shows the type it was meant to be
 *   (e.g. "dict_key: a CPF must be 11 digits without dots, dashes or spaces"), else null;
 * - `messages`: the 400 body's `message` array, the reason first when there is one, then `message`.
 */
export type PaymentKeyValidation<T extends string = string> =
  | { ok: true; type: T; normalized: string }
  | { ok: false; code: 'INVALID_DICT_KEY'; reason: string | null; message: string; messages: string[] };

/** The format message of a 400 on an invalid key; it lists the key types the scheme accepts. */
export function keyTypesMessage(scheme: KeyScheme): string {
  return `dict_key must be one of: ${scheme.rules.map((rule) => rule.label).join(', ')}`;
}

/** Classifies and normalizes a payment key by a country's scheme; never throws, whatever the input. */
export function validateKey<S extends KeyScheme>(scheme: S, key: string): PaymentKeyValidation<KeyTypeOf<S>> {
  // Callers outside TypeScript (raw JSON) may hand over anything.
  if (typeof key === 'string') {
    for (const rule of scheme.rules) {
      const normalized = rule.normalize(key);
      if (normalized !== null) return { ok: true, type: rule.type, normalized };
    }
  }
  const reason = typeof key === 'string' ? scheme.diagnose(key) : null;
  const message = keyTypesMessage(scheme);
  return {
    ok: false,
    code: 'INVALID_DICT_KEY',
    reason,
    message,
    messages: reason === null ? [message] : [reason, message],
  };
}
