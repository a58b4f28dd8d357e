import { exactMatch, type KeyRule } from './key-rule';

/**
 * Peru: a CCI (interbank account code) or a mobile phone. The CCI's own check digits are not
 * verified: the spec allows 20 to 22 digits, and only the 20-digit layout has a published check.
 * Peruvian mobile numbers are 9 digits starting with 9.
 */
export const PE_KEY_RULES = [
  { type: 'CCI', label: 'CCI (20 to 22 digits)', normalize: exactMatch(/^\d{20,22}$/) },
  { type: 'PHONE', label: 'PHONE (+51 9XXXXXXXX)', normalize: exactMatch(/^\+519\d{8}$/) },
] as const satisfies readonly KeyRule[];
