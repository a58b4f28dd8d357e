import { normalizeEmail } from './email';
import { exactMatch, type KeyRule } from './key-rule';

/**
 * Colombia (Bre-B). The spec's table gives lengths only, and `name` and `open_input` are both
 * 21 characters, so this grammar makes the four types disjoint:
 * - NAME: '@' then 20 ASCII letters or digits (an alias is written with '@' in Bre-B).
 * - ID: 17 or 18 digits only (built from the identification number).
 * - RANDOM: exactly 10 ASCII letters or digits.
 * - OPEN_INPUT: exactly 21 ASCII letters or digits, no '@'.
 * Bre-B also takes mobile phones (+57, then 10 digits starting with 3) and e-mail addresses.
 * A phone therefore needs its +57: ten bare digits are a RANDOM key.
 * Case is preserved except for e-mail: the directory, not this service, owns alias identity.
 */
export const CO_KEY_RULES = [
  { type: 'NAME', label: 'NAME (@ + 20 letters or digits)', normalize: exactMatch(/^@[A-Za-z0-9]{20}$/) },
  { type: 'ID', label: 'ID (17 or 18 digits)', normalize: exactMatch(/^\d{17,18}$/) },
  { type: 'RANDOM', label: 'RANDOM (10 letters or digits)', normalize: exactMatch(/^[A-Za-z0-9]{10}$/) },
  { type: 'OPEN_INPUT', label: 'OPEN_INPUT (21 letters or digits)', normalize: exactMatch(/^[A-Za-z0-9]{21}$/) },
  { type: 'PHONE', label: 'PHONE (+57 3XXXXXXXXX)', normalize: exactMatch(/^\+573\d{9}$/) },
  { type: 'EMAIL', label: 'EMAIL', normalize: normalizeEmail },
] as const satisfies readonly KeyRule[];
