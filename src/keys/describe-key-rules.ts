import type { KeyScheme } from './key-rule';

function describeCountry(country: string, { name, note, rules }: KeyScheme): string {
  const lines = rules.map((rule) => `- \`${rule.type}\`: ${rule.description}`);
  return [`**${name}**, \`local_country\` \`${country}\`${note === null ? '' : `. ${note}`}`, ...lines].join('\n');
}

/**
 * The accepted `dict_key` formats of the given countries in Markdown, for the OpenAPI description
 * of the key routes. Built from the rules themselves, so the documentation cannot drift from them.
 */
export function describeKeyRules(
  schemes: ReadonlyArray<{ readonly country: string; readonly scheme: KeyScheme }>,
): string {
  return [
    'Keys are sent unformatted: a CPF, CNPJ or CCI with dots, dashes, slashes or spaces, or a phone ' +
      'with spaces, dashes or parentheses, is refused with 400, never stripped. A 400 lists the key ' +
      "types of the country, after a specific reason when the key's form shows what is wrong.",
    ...schemes.map(({ country, scheme }) => describeCountry(country, scheme)),
  ].join('\n\n');
}
