import { validatePaymentKey } from '../../keys';
import type { KeyCountry } from '../../money';

export type KeyFormat = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP' | 'CCI' | 'BREB';

/**
 * The directory takes the keys the service's own validation takes, says what kind each is, and
 * knows each in the one spelling it stores (an e-mail in lower case, a CNPJ's letters in upper
 * case); Bre-B's directory does not tell its key types apart.
 */
export function classifyKey(country: KeyCountry, key: string): { format: KeyFormat; key: string } | null {
  const validation = validatePaymentKey(country, key);
  if (!validation.ok) return null;
  return { format: country === 'CO' ? 'BREB' : (validation.type as KeyFormat), key: validation.normalized };
}
