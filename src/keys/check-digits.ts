/**
 * Modulo-11 check digit as used by the Brazilian CPF and CNPJ: a remainder below 2 yields 0.
 * `weights` align with the leading digits, so CPF and CNPJ differ only in the weights they pass.
 */
function mod11CheckDigit(digits: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += Number(digits[i]) * weights[i];
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** True when the last two digits are the check digits of the others, computed with `weights`. */
function hasValidCheckDigits(digits: string, firstWeights: readonly number[], secondWeights: readonly number[]): boolean {
  // A string of one repeated digit passes the arithmetic but is never issued.
  if (/^(\d)\1*$/.test(digits)) return false;
  return (
    mod11CheckDigit(digits, firstWeights) === Number(digits[firstWeights.length]) &&
    mod11CheckDigit(digits, secondWeights) === Number(digits[secondWeights.length])
  );
}

const CPF_FIRST = [10, 9, 8, 7, 6, 5, 4, 3, 2];
const CPF_SECOND = [11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_FIRST = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
const CNPJ_SECOND = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];

export function isValidCpf(key: string): boolean {
  return /^\d{11}$/.test(key) && hasValidCheckDigits(key, CPF_FIRST, CPF_SECOND);
}

export function isValidCnpj(key: string): boolean {
  return /^\d{14}$/.test(key) && hasValidCheckDigits(key, CNPJ_FIRST, CNPJ_SECOND);
}
