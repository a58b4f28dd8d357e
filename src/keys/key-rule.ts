/** The countries whose payment keys the service accepts without a QR code. */
export type KeyCountry = 'BR' | 'PE' | 'CO';

/**
 * One accepted key type of a country. `normalize` returns the canonical key, or null when the
 * input is not of this type. The rules of a country are disjoint, so their order never decides.
 */
export interface KeyRule {
  readonly type: string;
  /** How the type appears in the 400 message that lists the allowed key types. */
  readonly label: string;
  /** The rule in a sentence, for integrators (the OpenAPI description of the key routes). */
  readonly description: string;
  readonly normalize: (key: string) => string | null;
}

/** Builds a rule for types whose canonical form is the input itself. */
export function exactMatch(pattern: RegExp): (key: string) => string | null {
  return (key) => (pattern.test(key) ? key : null);
}

/**
 * The digits of a key written with separators ("529.982.247-25", "002-193-…"), or null when the
 * key has no separator or holds anything but digits and separators. Such keys are refused, never
 * stripped: the reason message tells the integrator to send the digits alone.
 */
export function digitsBehindSeparators(key: string): string | null {
  if (!/^[\d\s./-]+$/.test(key) || /^\d*$/.test(key)) return null;
  return key.replace(/\D/g, '');
}

/** The reason given for a CPF, CNPJ or CCI of the right length whose check digits fail. */
export function checkDigitsReason(document: string): string {
  return `dict_key: not a valid ${document}: its check digits do not match`;
}
