import { COUNTRY_KEY_RULES } from './country-key-rules';
import type { KeyCountry, KeyRule } from './key-rule';

export type PaymentKeyType<C extends KeyCountry = KeyCountry> = (typeof COUNTRY_KEY_RULES)[C]['rules'][number]['type'];

/**
 * An accepted key has a `type` (PHONE in every country is paid into a wallet the payer picks)
 * and its canonical form. A refused key carries:
 * - `message`: the spec's format message, listing the key types the country accepts;
 * - `reason`: what is wrong with this key when its form shows the type it was meant to be
 *   (e.g. "dict_key: a CPF must be 11 digits without dots, dashes or spaces"), else null;
 * - `messages`: the 400 body's `message` array, the reason first when there is one, then `message`.
 */
export type PaymentKeyValidation<C extends KeyCountry = KeyCountry> =
  { ok: true; type: PaymentKeyType<C>; normalized: string } | { ok: false; code: 'INVALID_DICT_KEY'; reason: string | null; message: string; messages: string[] };

/** The types each country accepts, as `validatePaymentKey` names them. */
export const PAYMENT_KEY_TYPES = {
  BR: COUNTRY_KEY_RULES.BR.rules.map((rule) => rule.type),
  PE: COUNTRY_KEY_RULES.PE.rules.map((rule) => rule.type),
  CO: COUNTRY_KEY_RULES.CO.rules.map((rule) => rule.type),
} satisfies { [C in KeyCountry]: readonly PaymentKeyType<C>[] };

/** The format message of a 400 on an invalid key; it lists the key types the country accepts. */
export function allowedKeyTypesMessage(country: KeyCountry): string {
  const rules: readonly KeyRule[] = COUNTRY_KEY_RULES[country].rules;
  return `dict_key must be one of: ${rules.map((rule) => rule.label).join(', ')}`;
}

/** Classifies and normalizes a payment key; never throws, whatever the input. */
export function validatePaymentKey<C extends KeyCountry>(country: C, key: string): PaymentKeyValidation<C> {
  const { rules, diagnose } = COUNTRY_KEY_RULES[country];
  // Callers outside TypeScript (raw JSON) may hand over anything.
  if (typeof key === 'string') {
    for (const rule of rules as readonly KeyRule[]) {
      const normalized = rule.normalize(key);
      if (normalized !== null) return { ok: true, type: rule.type as PaymentKeyType<C>, normalized };
    }
  }
  const reason = typeof key === 'string' ? diagnose(key) : null;
  const message = allowedKeyTypesMessage(country);
  return { ok: false, code: 'INVALID_DICT_KEY', reason, message, messages: reason === null ? [message] : [reason, message] };
}
