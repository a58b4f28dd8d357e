import {
  diagnoseEmail,
  diagnosePhoneKey,
  EMAIL_KEY_RULE,
  exactMatch,
  type KeyRule,
  phoneKeyNormalizer,
  type PhoneKeyPlan,
} from '../../keys';

/** Colombian mobile numbers: 10 digits starting with 3. */
const CO_PHONE: PhoneKeyPlan = {
  country: 'CO',
  callingCode: '57',
  shape: /^\+573\d{9}$/,
  types: ['MOBILE'],
  // Ten bare digits are a RANDOM key, so only the calling code without its "+" is a phone mistake.
  withoutPlus: /^573\d{9}$/,
  invalidReason: 'dict_key: not a valid Colombian mobile number: +57, then 10 digits starting with 3',
};

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
  {
    type: 'NAME',
    label: 'NAME (@ + 20 letters or digits)',
    description: '"@" then 20 ASCII letters or digits (21 characters).',
    normalize: exactMatch(/^@[A-Za-z0-9]{20}$/),
  },
  {
    type: 'ID',
    label: 'ID (17 or 18 digits)',
    description: '17 or 18 digits.',
    normalize: exactMatch(/^\d{17,18}$/),
  },
  {
    type: 'RANDOM',
    label: 'RANDOM (10 letters or digits)',
    description: 'exactly 10 ASCII letters or digits (so ten bare digits are a RANDOM key, not a phone).',
    normalize: exactMatch(/^[A-Za-z0-9]{10}$/),
  },
  {
    type: 'OPEN_INPUT',
    label: 'OPEN_INPUT (21 letters or digits)',
    description: 'exactly 21 ASCII letters or digits, without "@".',
    normalize: exactMatch(/^[A-Za-z0-9]{21}$/),
  },
  {
    type: 'PHONE',
    label: 'PHONE (+57 3XXXXXXXXX)',
    description: '+57, then a 10-digit mobile number starting with 3, digits only.',
    normalize: phoneKeyNormalizer(CO_PHONE),
  },
  EMAIL_KEY_RULE,
] as const satisfies readonly KeyRule[];

/** Why a key no Colombian rule accepted is wrong, when its form shows which type it meant to be. */
export function diagnoseColombianKey(key: string): string | null {
  if (key.startsWith('@')) return 'dict_key: a NAME key is "@" then 20 letters or digits';
  const asPhone = diagnosePhoneKey(key, CO_PHONE);
  if (asPhone !== null) return asPhone;
  if (/^[A-Za-z0-9]+$/.test(key)) {
    return 'dict_key: a key of letters and digits has 10 characters (RANDOM) or 21 (OPEN_INPUT), an ID 17 or 18 digits';
  }
  return diagnoseEmail(key);
}
