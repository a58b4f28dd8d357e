import { validatePaymentKey } from '../../keys';
import type { KeyCountry } from '../../money';

export type KeyFormat = 'CPF' | 'CNPJ' | 'EMAIL' | 'PHONE' | 'EVP' | 'CCI' | 'BREB';

/**
 * The directory takes the keys the service's own validation takes, and says what kind each is;
 * Bre-B's directory does not tell its key types apart.
 */
export function classifyKey(country: KeyCountry, key: string): KeyFormat | null {
  const validation = validatePaymentKey(country, key);
  if (!validation.ok) return null;
  return country === 'CO' ? 'BREB' : (validation.type as KeyFormat);
}
