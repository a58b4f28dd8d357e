/**
 * What a key look-up may show a payer of the key's holder where the spec leaves the answer's
 * shape open (Brazil's and Colombia's directories): what Pix apps show of the DICT's answer (a
 * partial name, a masked CPF such as `***.456.789-**`), so that a look-up confirms who is paid
 * without handing over a person's identity. Names and accounts are masked alike everywhere; each
 * country masks its documents by their forms (its `DocumentMasking`, in src/rails/<cc>/).
 * docs/decisions.md, "Key flows", states each rule and why.
 */

/** How one country shows its key holders' documents, and how the documentation shows that. */
export interface DocumentMasking {
  /** The holders' country as an adjective, for the documentation: "Brazilian". */
  readonly adjective: string;
  /** Each document form and how it shows, for the documentation: 'cédula "****789", NIT "****456-*"'. */
  readonly examples: string;
  readonly mask: (document: string) => string;
}

/** Shown in place of what is hidden; fixed, so that it does not tell the hidden part's length either. */
export const HIDDEN = '****';

/** Connectives of Portuguese and Spanish names, left out of the initials ("Maria da Silva" is "Maria S."). */
const PARTICLES = new Set(['da', 'das', 'de', 'del', 'do', 'dos', 'e', 'la', 'las', 'los', 'y']);

/**
 * The first name as written, then one initial per further name: "Ana Souza Oliveira" → "Ana S. O.".
 * A word with a digit is left out: Brazilian sole traders' company names start with the owner's
 * CPF root ("52.998.224 Ana Souza"); so is a word with no letter ("&", "-"). A name with no word
 * left shows nothing.
 */
export function maskName(name: string): string {
  const words = name
    .normalize('NFC')
    .split(/\s+/)
    .filter((word) => /\p{L}/u.test(word) && !/\p{N}/u.test(word));
  const [first, ...rest] = words;
  if (first === undefined) return '';
  const initials = rest
    .filter((word) => !PARTICLES.has(word.toLowerCase()))
    .map((word) => `${word.match(/\p{L}/u)![0].toUpperCase()}.`);
  return [first, ...initials].join(' ');
}

/** The last `wanted` characters of `text`, never more than half of it. */
export const visibleTail = (text: string, wanted: number) =>
  text.slice(text.length - Math.min(wanted, Math.floor(text.length / 2)));

/** An account number: its last 4 letters or digits (never more than half of them), separators dropped: `****5678`. */
export function maskAccountNumber(account: string): string {
  return `${HIDDEN}${visibleTail(account.replace(/[^\p{L}\p{N}]/gu, ''), 4)}`;
}

/** "A", "A or B", "A, B or C". */
const eitherOf = (words: readonly string[]) =>
  words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} or ${words.at(-1)}`;

/** The rules above, for the OpenAPI descriptions of the fields they shape, given the countries that mask their holders. */
export function describeHolderMasking(countries: readonly DocumentMasking[]): {
  name: string;
  document: string;
  account: string;
} {
  const holder = `The holder of a ${eitherOf(countries.map((country) => country.adjective))} payment key`;
  return {
    name: `${holder} shows only its first name and initials ("Ana S. O.")`,
    document: `${holder} shows its document masked: ${countries.map((country) => country.examples).join(', ')}`,
    account: 'Masked: "****" and the last 4 letters or digits, never more than half of them ("****5678")',
  };
}
