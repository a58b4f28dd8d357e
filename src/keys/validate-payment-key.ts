import { BR_KEY_RULES } from './br-keys';
import { CO_KEY_RULES } from './co-keys';
import { PE_KEY_RULES } from './pe-keys';
import type { KeyCountry, KeyRule } from './key-rule';

const RULES_BY_COUNTRY = { BR: BR_KEY_RULES, PE: PE_KEY_RULES, CO: CO_KEY_RULES } as const;

export type PaymentKeyType<C extends KeyCountry = KeyCountry> = (typeof RULES_BY_COUNTRY)[C][number]['type'];

export type PaymentKeyValidation<C extends KeyCountry = KeyCountry> =
  | { ok: true; type: PaymentKeyType<C>; normalized: string }
  | { ok: false; code: 'INVALID_DICT_KEY'; message: string };

/** The format message of a 400 on an invalid key; it lists the key types the country accepts. */
export function allowedKeyTypesMessage(country: KeyCountry): string {
  const rules: readonly KeyRule[] = RULES_BY_COUNTRY[country];
  return `dict_key must be one of: ${rules.map((rule) => rule.label).join(', ')}`;
}

/** Classifies and normalizes a payment key; never throws, whatever the input. */
export function validatePaymentKey<C extends KeyCountry>(country: C, key: string): PaymentKeyValidation<C> {
  const rules: readonly KeyRule[] = RULES_BY_COUNTRY[country];
  // Callers outside TypeScript (raw JSON) may hand over anything.
  if (typeof key === 'string') {
    for (const rule of rules) {
      const normalized = rule.normalize(key);
      if (normalized !== null) return { ok: true, type: rule.type as PaymentKeyType<C>, normalized };
    }
  }
  return { ok: false, code: 'INVALID_DICT_KEY', message: allowedKeyTypesMessage(country) };
}
