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
  readonly normalize: (key: string) => string | null;
}

/** Builds a rule for types whose canonical form is the input itself. */
export function exactMatch(pattern: RegExp): (key: string) => string | null {
  return (key) => (pattern.test(key) ? key : null);
}
