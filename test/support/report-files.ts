import { parse } from 'csv-parse/sync';
import { REPORT_COLUMNS } from '../../src/reports/movement-row';

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

export type Row = Record<string, string>;

/** `YYYY-MM-DD` of a UTC day `offset` days from today. */
export const utcDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** Records under the contract's header row, keyed by column. */
function asRows([header, ...records]: string[][]): Row[] {
  expect(header).toEqual(REPORT_COLUMNS);
  return records.map((record) => Object.fromEntries(REPORT_COLUMNS.map((column, i) => [column, record[i]!])));
}

export function parseCsv(text: string): Row[] {
  expect(text.endsWith('\r\n')).toBe(true);
  return asRows(parse(text));
}

export function parseTxt(text: string): Row[] {
  const lines = text.split('\n');
  expect(lines.pop()).toBe('');
  return asRows(lines.map(parseTxtLine));
}
