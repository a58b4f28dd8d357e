import { CNPJ_FORM } from './check-digits';
import type { KeyCountry } from './key-rule';

/**
 * What a key look-up may show a payer of the key's holder in Brazil and Colombia, where the spec
 * leaves the answer's shape open: what Pix apps show of the DICT's answer (a partial name, a
 * masked CPF such as `***.456.789-**`), so that a look-up confirms who is paid without handing
 * over a person's identity. Peru's answers are the spec's own fields and are not masked.
 * docs/decisions.md, "Key flows", states each rule and why.
 */

/** The countries whose key holders are shown masked. */
export const MASKED_HOLDER_COUNTRIES = ['BR', 'CO'] as const satisfies readonly KeyCountry[];
export type MaskedHolderCountry = (typeof MASKED_HOLDER_COUNTRIES)[number];

export function isMaskedHolderCountry(country: string): country is MaskedHolderCountry {
  return (MASKED_HOLDER_COUNTRIES as readonly string[]).includes(country);
}

/** Shown in place of what is hidden; fixed, so that it does not tell the hidden part's length either. */
const HIDDEN = '****';

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
  const initials = rest.filter((word) => !PARTICLES.has(word.toLowerCase())).map((word) => `${word.match(/\p{L}/u)![0].toUpperCase()}.`);
  return [first, ...initials].join(' ');
}

/** The last `wanted` characters of `text`, never more than half of it. */
const tail = (text: string, wanted: number) => text.slice(text.length - Math.min(wanted, Math.floor(text.length / 2)));

/**
 * A holder's document, by its country and form:
 * - CPF (Brazil, 11 digits): digits 4 to 9, as Pix apps show it: `***.456.789-**`;
 * - CNPJ (Brazil, 14 characters): characters 3 to 8, the middle of its root: `**.345.678/****-**`,
 *   and an alphanumeric CNPJ at the same positions, `**.ABC.345/****-**` for `12ABC34501DE35`;
 * - cédula (Colombia, digits only): its last 3 digits: `****789`;
 * - NIT (Colombia, digits, a dash and the check digit): its last 3 digits before the dash: `****456-*`;
 * - any other form: nothing: `****`.
 * A Colombian document shows never more than half of its digits, and no check digit shows: it
 * follows from the others.
 */
export function maskDocument(country: MaskedHolderCountry, document: string): string {
  if (country === 'BR' && /^\d{11}$/.test(document)) return `***.${document.slice(3, 6)}.${document.slice(6, 9)}-**`;
  if (country === 'BR' && CNPJ_FORM.test(document)) return `**.${document.slice(2, 5)}.${document.slice(5, 8)}/****-**`;
  if (country === 'CO' && /^\d+$/.test(document)) return `${HIDDEN}${tail(document, 3)}`;
  const nit = country === 'CO' ? /^(\d+)-\d$/.exec(document) : null;
  if (nit) return `${HIDDEN}${tail(nit[1]!, 3)}-*`;
  return HIDDEN;
}

/** An account number: its last 4 letters or digits (never more than half of them), separators dropped: `****5678`. */
export function maskAccountNumber(account: string): string {
  return `${HIDDEN}${tail(account.replace(/[^\p{L}\p{N}]/gu, ''), 4)}`;
}

/** The rules above, for the OpenAPI descriptions of the fields they shape. */
export const HOLDER_MASKING_DESCRIPTION = {
  name: 'The holder of a Brazilian or Colombian payment key shows only its first name and initials ("Ana S. O.")',
  document:
    'The holder of a Brazilian or Colombian payment key shows its document masked: CPF "***.456.789-**", ' +
    'CNPJ "**.345.678/****-**" (alphanumeric "**.ABC.345/****-**"), cédula "****789", NIT "****456-*"',
  account: 'Masked: "****" and the last 4 letters or digits, never more than half of them ("****5678")',
} as const;
