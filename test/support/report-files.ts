/**
 * A reader of the pipe-separated reconciliation file as an integrator would write one: `|`
 * separates fields, a backslash escapes the next character (`\n` and `\r` standing for LF and CR).
 */
export function parseTxtLine(line: string): string[] {
  const fields = [''];
  for (let i = 0; i < line.length; i++) {
    const character = line[i]!;
    if (character === '|') fields.push('');
    else if (character === '\\') {
      const escaped = line[++i]!;
      fields[fields.length - 1] += escaped === 'n' ? '\n' : escaped === 'r' ? '\r' : escaped;
    } else fields[fields.length - 1] += character;
  }
  return fields;
}
