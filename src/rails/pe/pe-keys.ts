import {
  checkDigitsReason,
  diagnosePhoneKey,
  digitsBehindSeparators,
  exactMatch,
  isValidCci20,
  type KeyRule,
  phoneKeyNormalizer,
  type PhoneKeyPlan,
} from '../../keys';

/** Peruvian mobile numbers: 9 digits starting with 9. A phone key needs the wallet step. */
const PE_PHONE: PhoneKeyPlan = {
  country: 'PE',
  callingCode: '51',
  shape: /^\+519\d{8}$/,
  types: ['MOBILE'],
  withoutPlus: /^(?:51)?9\d{8}$/,
  invalidReason: 'dict_key: not a valid Peruvian mobile number: +51, then 9 digits starting with 9',
};

const isLongCci = exactMatch(/^\d{21,22}$/);

/**
 * Peru: a CCI (interbank account code) or a mobile phone. Only the 20-digit CCI has a published
 * layout with check digits; the 21- and 22-digit forms the spec allows are checked for digits only.
 */
export const PE_KEY_RULES = [
  {
    type: 'CCI',
    label: 'CCI (20 to 22 digits)',
    description:
      '20 to 22 digits without dashes or spaces; a 20-digit CCI (bank 3, branch 3, account 12, check 2) ' +
      'must carry its two check digits.',
    normalize: (key: string) => (isValidCci20(key) ? key : isLongCci(key)),
  },
  {
    type: 'PHONE',
    label: 'PHONE (+51 9XXXXXXXX)',
    description:
      '+51, then a 9-digit mobile number starting with 9, digits only; it is validated in two steps, ' +
      'the second one choosing the wallet.',
    normalize: phoneKeyNormalizer(PE_PHONE),
  },
] as const satisfies readonly KeyRule[];

/** Why a key no Peruvian rule accepted is wrong, when its form shows which type it meant to be. */
export function diagnosePeruvianKey(key: string): string | null {
  const formattedDigits = digitsBehindSeparators(key);
  if (formattedDigits !== null && formattedDigits.length >= 20 && formattedDigits.length <= 22) {
    return 'dict_key: a CCI must be 20 to 22 digits without dashes or spaces';
  }
  if (/^\d{20}$/.test(key)) return checkDigitsReason('CCI');
  const asPhone = diagnosePhoneKey(key, PE_PHONE);
  if (asPhone !== null) return asPhone;
  return /^\d+$/.test(key) ? 'dict_key: a CCI must have 20 to 22 digits' : null;
}
