import {
  checkDigitsReason,
  diagnoseEmail,
  diagnosePhoneKey,
  digitsBehindSeparators,
  EMAIL_KEY_RULE,
  isUuid,
  isUuidV4,
  isValidCnpj,
  isValidCpf,
  type KeyRule,
  phoneKeyNormalizer,
  type PhoneKeyPlan,
} from '../../keys';

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
 * A CNPJ key in its one spelling: the Receita Federal writes the alphanumeric CNPJ's letters in
 * upper case, so lower-case letters name the same CNPJ and are raised. Only ASCII letters count:
 * a character that merely upper-cases to one (the dotless "ı" to "I") makes no CNPJ.
 */
function normalizeCnpj(key: string): string | null {
  if (!/^[0-9A-Za-z]{14}$/.test(key)) return null;
  const upper = key.toUpperCase();
  return isValidCnpj(upper) ? upper : null;
}

/**
 * Pix DICT keys. An 11-digit string is always a CPF, never a phone: Pix phone keys carry +55.
 * CNPJ: 14 characters unformatted, as the spec says, of the form the Receita Federal issues since
 * July 2026: 12 letters or digits, then two numeric check digits (docs/decisions.md, Payment keys).
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
    label: 'CNPJ (14 letters or digits)',
    description:
      '14 characters without dots, slashes or dashes: 12 letters (A-Z) or digits, then 2 check digits, both verified; ' +
      'a numeric CNPJ is 14 digits. Lower-case letters are taken in upper case.',
    normalize: normalizeCnpj,
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

/** An alphanumeric CNPJ's shape, in either case, whatever its check digits. */
const ALPHANUMERIC_CNPJ_SHAPE = /^(?=.*[A-Za-z])[0-9A-Za-z]{12}\d{2}$/;

/**
 * The letters and digits of a key written with separators that holds a letter ("12.ABC.345/01DE-35"),
 * or null. Like `digitsBehindSeparators`, such a key is refused, never stripped.
 */
function alphanumericsBehindSeparators(key: string): string | null {
  if (!/^[\dA-Za-z\s./-]+$/.test(key) || !/[A-Za-z]/.test(key) || !/[\s./-]/.test(key)) return null;
  return key.replace(/[\s./-]/g, '');
}

/** Why a key no Brazilian rule accepted is wrong, when its form shows which type it meant to be. */
export function diagnoseBrazilianKey(key: string): string | null {
  const formattedDigits = digitsBehindSeparators(key);
  if (formattedDigits?.length === 11) return 'dict_key: a CPF must be 11 digits without dots, dashes or spaces';
  if (formattedDigits?.length === 14)
    return 'dict_key: a CNPJ must be 14 digits without dots, slashes, dashes or spaces';
  if (ALPHANUMERIC_CNPJ_SHAPE.test(alphanumericsBehindSeparators(key) ?? '')) {
    return 'dict_key: a CNPJ must be its 14 letters and digits without dots, slashes, dashes or spaces';
  }
  if (/^(\d)\1{10}(\1{3})?$/.test(key)) return 'dict_key: a CPF or CNPJ of one repeated digit is never issued';
  if (/^\d{11}$/.test(key)) return checkDigitsReason('CPF');
  if (/^\d{14}$/.test(key) || ALPHANUMERIC_CNPJ_SHAPE.test(key)) return checkDigitsReason('CNPJ');
  if (/^(?=.*\d)[0-9A-Za-z]{14}$/.test(key) && /[A-Za-z]/.test(key.slice(12)))
    return 'dict_key: the last 2 characters of a CNPJ are its check digits, never letters';
  const asPhone = diagnosePhoneKey(key, BR_PHONE);
  if (asPhone !== null) return asPhone;
  if (/^\d+$/.test(key)) return 'dict_key: a CPF must have 11 digits and a CNPJ 14';
  if (isUuid(key)) return 'dict_key: a random key (EVP) must be a version-4 UUID';
  if (/^[0-9a-f]{32}$/i.test(key)) return 'dict_key: a random key (EVP) must be a UUID written with hyphens';
  return diagnoseEmail(key);
}
