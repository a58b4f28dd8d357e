import { COUNTRY_KEY_RULES } from './country-key-rules';
import type { KeyCountry, KeyRule } from './key-rule';

function describeCountry(country: KeyCountry): string {
  const { name, note } = COUNTRY_KEY_RULES[country];
  const rules: readonly KeyRule[] = COUNTRY_KEY_RULES[country].rules;
  const lines = rules.map((rule) => `- \`${rule.type}\`: ${rule.description}`);
  return [`**${name}**, \`local_country\` \`${country}\`${note === null ? '' : `. ${note}`}`, ...lines].join('\n');
}

/**
 * The accepted `dict_key` formats of every country in Markdown, for the OpenAPI description of
 * the key routes. Built from the rules themselves, so the documentation cannot drift from them.
 */
export const PAYMENT_KEY_RULES_DESCRIPTION = [
  'Keys are sent unformatted: a CPF, CNPJ or CCI with dots, dashes, slashes or spaces, or a phone ' +
    'with spaces, dashes or parentheses, is refused with 400, never stripped. A 400 lists the key ' +
    "types of the country, after a specific reason when the key's form shows what is wrong.",
  ...(Object.keys(COUNTRY_KEY_RULES) as KeyCountry[]).map(describeCountry),
].join('\n\n');
