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

/** The columns holding numbers: a spreadsheet reads `-5.00` there as a number, and the guard leaves them as they are. */
const NUMBER_COLUMNS = new Set(['local_amount', 'user_amount', 'fx_rate']);

/** What an integrator's reader does with a text cell beginning with a single quote: drops that one character, the guard's. */
export const unguarded = (row: Row): Row =>
  Object.fromEntries(
    Object.entries(row).map(([column, value]) => [
      column,
      !NUMBER_COLUMNS.has(column) && value.startsWith("'") ? value.slice(1) : value,
    ]),
  );

/** A cell a spreadsheet would evaluate: it begins with one of OWASP's characters and is not a plain number. */
export const isFormulaCell = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

/**
 * The cells of a CSV file as a spreadsheet reads them, whatever list separator its locale uses
 * (`,`, `;`) or whether it splits on tabs: quoted cells are one cell, quotes removed.
 */
export function csvCellsAsSpreadsheet(text: string): string[] {
  const records: string[][] = parse(text, { delimiter: [',', ';', '\t'], relax_column_count: true });
  return records.flat();
}

/**
 * The cells of the pipe-separated file as a spreadsheet imports it (`|` as separator, tab too, as
 * Excel's import offers by default): split at every `|` and tab, backslashes and all, since a
 * spreadsheet knows nothing of them; a cell that begins with `"` is read as a quoted one, without
 * its quotes.
 */
export const txtCellsAsSpreadsheet = (text: string): string[] =>
  text
    .split('\n')
    .flatMap((line) => line.split(/[|\t]/))
    .map((cell) => (cell.startsWith('"') ? cell.slice(1).replace(/"$/, '').replace(/""/g, '"') : cell));
