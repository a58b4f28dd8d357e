/**
 * Modulo-11 check digit as used by the Brazilian CPF and CNPJ: a remainder below 2 yields 0.
 * `weights` align with the leading characters, so CPF and CNPJ differ only in the weights they pass.
 * Each character counts as its ASCII code minus 48 (IN RFB 2.229/2024, for the alphanumeric CNPJ):
 * a digit as itself, a letter A–Z as 17 to 42; so one formula serves numeric and alphanumeric keys.
 * Because remainders 0 and 1 both yield 0, a typo that moves a remainder between them goes unseen:
 * the check catches every single-digit typo only when the first check digit is not 0.
 */
function mod11CheckDigit(characters: string, weights: readonly number[]): number {
  const sum = weights.reduce((total, weight, i) => total + (characters.charCodeAt(i) - 48) * weight, 0);
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** True when the last two characters are the check digits of the others, computed with `weights`. */
function hasValidCheckDigits(key: string, firstWeights: readonly number[], secondWeights: readonly number[]): boolean {
  // A string of one repeated digit passes the arithmetic but is never issued.
  if (/^(\d)\1*$/.test(key)) return false;
  return (
    mod11CheckDigit(key, firstWeights) === Number(key[firstWeights.length]) &&
    mod11CheckDigit(key, secondWeights) === Number(key[secondWeights.length])
  );
}

const CPF_FIRST = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_SECOND = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

/**
 * A CNPJ unformatted: 12 upper-case letters (A–Z) or digits, the root and the establishment, then
 * two numeric check digits. The Receita Federal issues letters since July 2026 (IN RFB 2.229/2024);
 * a numeric CNPJ is the case without letters, so one form covers those issued before and after.
 */
export const CNPJ_FORM = /^[0-9A-Z]{12}\d{2}$/;

export function isValidCpf(key: string): boolean {
  return /^\d{11}$/.test(key) && hasValidCheckDigits(key, CPF_FIRST, CPF_SECOND);
}

/** A numeric or alphanumeric CNPJ, upper case, whose check digits match. */
export function isValidCnpj(key: string): boolean {
  return CNPJ_FORM.test(key) && hasValidCheckDigits(key, CNPJ_FIRST, CNPJ_SECOND);
}

/**
 * Modulus 10 with weights 1, 2, 1, 2… from the left, a two-digit product counting as the sum of
 * its digits (2 × 7 = 14 counts 5); the check digit brings the total to a multiple of ten.
 * Doubling is a permutation of the digits, so every single-digit typo changes the check digit.
 */
function mod10CheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return (10 - (sum % 10)) % 10;
}

/**
 * The 20-digit CCI (Peru's interbank account code): bank (3), branch (3), account (12), then one
 * check digit over bank and branch and one over the account (docs/decisions.md gives the source).
 */
export function isValidCci20(key: string): boolean {
  return (
    /^\d{20}$/.test(key) &&
    mod10CheckDigit(key.slice(0, 6)) === Number(key[18]) &&
    mod10CheckDigit(key.slice(6, 18)) === Number(key[19])
  );
}
