import { isValidCnpj, isValidCpf } from './check-digits';
import { normalizeEmail } from './email';
import { exactMatch, type KeyRule } from './key-rule';
import { isUuidV4 } from './uuid';

/**
 * Pix DICT keys. An 11-digit string is always a CPF, never a phone: Pix phone keys carry +55.
 * Phone: +55, a two-digit area code (no zero in it), then an 8-digit landline or 9-digit mobile.
 * CNPJ: digits only, as the spec says; the alphanumeric CNPJ is not accepted until the spec says so.
 */
export const BR_KEY_RULES = [
  { type: 'CPF', label: 'CPF (11 digits)', normalize: (key: string) => (isValidCpf(key) ? key : null) },
  { type: 'CNPJ', label: 'CNPJ (14 digits)', normalize: (key: string) => (isValidCnpj(key) ? key : null) },
  { type: 'EMAIL', label: 'EMAIL', normalize: normalizeEmail },
  { type: 'PHONE', label: 'PHONE (+55...)', normalize: exactMatch(/^\+55[1-9]{2}\d{8,9}$/) },
  {
    type: 'EVP',
    label: 'EVP (UUID v4)',
    // The DICT stores random keys in lower case; upper case input is the same key.
    normalize: (key: string) => (isUuidV4(key) ? key.toLowerCase() : null),
  },
] as const satisfies readonly KeyRule[];
