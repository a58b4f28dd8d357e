import { isValidCnpj, isValidCpf } from './check-digits';
import { diagnoseEmail, EMAIL_KEY_RULE } from './email';
import { checkDigitsReason, digitsBehindSeparators, type KeyRule } from './key-rule';
import { diagnosePhoneKey, phoneKeyNormalizer, type PhoneKeyPlan } from './phone';
import { isUuid, isUuidV4 } from './uuid';

/**
 * Pix phone keys: +55, a two-digit area code, then an 8-digit landline or 9-digit mobile, as the
 * numbering plan allocates them. Numbers without an area code (0800, 4004…) are not keys.
 */
const BR_PHONE: PhoneKeyPlan = {
  country: 'BR',
  callingCode: '55',
  shape: /^\+55[1-9]{2}\d{8,9}$/,
  types: ['MOBILE', 'FIXED_LINE', 'FIXED_LINE_OR_MOBILE'],
  withoutPlus: /^55[1-9]{2}\d{8,9}$/,
  invalidReason: 'dict_key: not a valid Brazilian phone number: +55, a two-digit area code, then 8 or 9 digits',
};

/**
 * Pix DICT keys. An 11-digit string is always a CPF, never a phone: Pix phone keys carry +55.
 * CNPJ: digits only, as the spec says; the alphanumeric CNPJ is not accepted until the spec says so.
 */
export const BR_KEY_RULES = [
  {
    type: 'CPF',
    label: 'CPF (11 digits)',
    description: '11 digits without dots or dashes; both check digits are verified.',
    normalize: (key: string) => (isValidCpf(key) ? key : null),
  },
  {
    type: 'CNPJ',
    label: 'CNPJ (14 digits)',
    description: '14 digits without dots, slashes or dashes; both check digits are verified.',
    normalize: (key: string) => (isValidCnpj(key) ? key : null),
  },
  EMAIL_KEY_RULE,
  {
    type: 'PHONE',
    label: 'PHONE (+55...)',
    description: '+55, a two-digit area code, then an 8-digit landline or 9-digit mobile number, digits only.',
    normalize: phoneKeyNormalizer(BR_PHONE),
  },
  {
    type: 'EVP',
    label: 'EVP (UUID v4)',
    description: 'the random key, a version-4 UUID with hyphens, kept in lower case.',
    // The DICT stores random keys in lower case; upper case input is the same key.
    normalize: (key: string) => (isUuidV4(key) ? key.toLowerCase() : null),
  },
] as const satisfies readonly KeyRule[];

/** Why a key no Brazilian rule accepted is wrong, when its form shows which type it meant to be. */
export function diagnoseBrazilianKey(key: string): string | null {
  const formattedDigits = digitsBehindSeparators(key);
  if (formattedDigits?.length === 11) return 'dict_key: a CPF must be 11 digits without dots, dashes or spaces';
  if (formattedDigits?.length === 14) return 'dict_key: a CNPJ must be 14 digits without dots, slashes, dashes or spaces';
  if (/^(\d)\1{10}(\1{3})?$/.test(key)) return 'dict_key: a CPF or CNPJ of one repeated digit is never issued';
  if (/^\d{11}$/.test(key)) return checkDigitsReason('CPF');
  if (/^\d{14}$/.test(key)) return checkDigitsReason('CNPJ');
  const asPhone = diagnosePhoneKey(key, BR_PHONE);
  if (asPhone !== null) return asPhone;
  if (/^\d+$/.test(key)) return 'dict_key: a CPF must have 11 digits and a CNPJ 14';
  if (isUuid(key)) return 'dict_key: a random key (EVP) must be a version-4 UUID';
  if (/^[0-9a-f]{32}$/i.test(key)) return 'dict_key: a random key (EVP) must be a UUID written with hyphens';
  return diagnoseEmail(key);
}
