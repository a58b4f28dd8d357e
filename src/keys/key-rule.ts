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

/**
 * A country's payment keys: its rules, the function that explains a refusal when the key's form
 * shows which type it was meant to be (a formatted CPF, a phone without its "+"…), and what the
 * integrator documentation says about the country as a whole. Each country's scheme lives with
 * the country (src/rails/<cc>/); this module holds what every scheme is made of.
 */
export interface KeyScheme {
  /** How the documentation names the country's keys: "Brazil (Pix DICT)". */
  readonly name: string;
  /** What the documentation adds about the country's keys as a whole, or null. */
  readonly note: string | null;
  readonly rules: readonly KeyRule[];
  /** Why a key no rule accepted is wrong, when its form shows which type it meant to be; else null. */
  readonly diagnose: (key: string) => string | null;
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
