import type { DeterministicSource } from './deterministic-source';

/**
 * Tax identifiers with valid check digits, so that integrators' own validators accept the
 * simulator's data. Each function takes the base digits and appends the country's check digit.
 */

/** A character counts as its ASCII code minus 48: a digit as itself, and the letters of an alphanumeric CNPJ's base as 17 (A) to 42 (Z). */
function weightedSum(characters: string, weights: readonly number[]): number {
  return [...characters].reduce(
    (sum, character, i) => sum + (character.charCodeAt(0) - 48) * (weights[i] as number),
    0,
  );
}

/** Brazil's CPF/CNPJ rule: remainder below 2 gives 0, otherwise 11 minus the remainder. */
function brazilDigit(digits: string, weights: readonly number[]): string {
  const remainder = weightedSum(digits, weights) % 11;
  return String(remainder < 2 ? 0 : 11 - remainder);
}

export function cpfFromBase(base9: string): string {
  const first = base9 + brazilDigit(base9, [10, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first + brazilDigit(first, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
}

/** `base12` is the root and establishment: digits, or since July 2026 upper-case letters and digits (IN RFB 2.229/2024). */
export function cnpjFromBase(base12: string): string {
  const first = base12 + brazilDigit(base12, [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
  return first + brazilDigit(first, [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]);
}

const AR_PE_WEIGHTS = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2] as const;

/** Peru's RUC: 10 base digits (prefix 10 person, 20 company); 11 - r, where 10 → 0 and 11 → 1. */
export function rucFromBase(base10: string): string {
  const check = 11 - (weightedSum(base10, AR_PE_WEIGHTS) % 11);
  return base10 + String(check % 10);
}

/** Argentina's CUIT; null when the base has no valid check digit (AFIP reassigns those). */
export function cuitFromBase(base10: string): string | null {
  const check = 11 - (weightedSum(base10, AR_PE_WEIGHTS) % 11);
  if (check === 10) return null;
  return base10 + String(check === 11 ? 0 : check);
}

/** Colombia's NIT with its DIAN verification digit, written base-digit. */
export function nitFromBase(base9: string): string {
  const weights = [41, 37, 29, 23, 19, 17, 13, 7, 3];
  const remainder = weightedSum(base9, weights) % 11;
  return `${base9}-${remainder > 1 ? 11 - remainder : remainder}`;
}

/** Chile's RUT (mod 11 with weights 2..7 from the right; 10 is written K). */
export function rutFromBody(body: string): string {
  const sum = [...body].reverse().reduce((acc, digit, i) => acc + Number(digit) * (2 + (i % 6)), 0);
  const check = 11 - (sum % 11);
  return `${body}-${check === 11 ? '0' : check === 10 ? 'K' : String(check)}`;
}

/** A company tax id for a QR merchant of the given country. */
export function companyTaxId(country: string, source: DeterministicSource): string {
  switch (country) {
    case 'BR':
      return cnpjFromBase(`${source.digits(8)}0001`);
    case 'PE':
      return rucFromBase(`20${source.digits(8)}`);
    case 'CO':
      return nitFromBase(`9${source.digits(8)}`);
    case 'CL':
      return rutFromBody(`7${source.digits(7)}`);
    case 'AR': {
      for (;;) {
        const cuit = cuitFromBase(`30${source.digits(8)}`);
        if (cuit !== null) return cuit;
      }
    }
    default:
      return source.digits(12);
  }
}
