import { validatePaymentKey, type KeyCountry, type PaymentKeyType } from '../../src/rails/countries';

export type KeyFormat = PaymentKeyType;

/**
 * The directory takes the keys the service's own validation takes, says what kind each is, and
 * knows each in the one spelling it stores (an e-mail in lower case, a CNPJ's letters in upper
 * case).
 */
export function classifyKey(country: KeyCountry, key: string): { format: KeyFormat; key: string } | null {
  const validation = validatePaymentKey(country, key);
  if (!validation.ok) return null;
  return { format: validation.type, key: validation.normalized };
}
