import { stringify } from 'csv-stringify/sync';
import { MovementRow, REPORT_COLUMNS, reportValues, ReportValues } from './movement-row';

/** How a reconciliation file is written: its media type, file extension, and text for a batch of rows. */
export interface ReportFormat {
  contentType: string;
  extension: string;
  /** The header row, with its line ending. */
  header: string;
  /** The rows, each with its line ending; '' for none. */
  lines(rows: readonly ReportValues[]): string;
}

/**
 * RFC 4180: CRLF after every record, fields quoted when they hold a comma, a double quote, CR
 * or LF, a double quote doubled. csv-stringify quotes on the record delimiter only as a whole
 * (CRLF), so `quoted_match` adds a lone CR or LF. It adds the semicolon and the tab too: a
 * spreadsheet whose locale separates lists with `;` (Brazil's, Colombia's) or that splits on tabs
 * would otherwise begin a cell inside the field, unguarded. Null is an empty field.
 */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n;\t]/ } as const;

const csv: ReportFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  header: stringify([[...REPORT_COLUMNS]], CSV_OPTIONS),
  lines: (rows) => stringify(rows as ReportValues[], CSV_OPTIONS),
};

const TXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '|': '\\|', '\n': '\\n', '\r': '\\r' };

/**
 * Where a spreadsheet importing the file would begin a cell the field's own guard (neutralCell, at
 * its start) does not cover: after a `|` inside it (a spreadsheet knows nothing of the backslash
 * before it) or a tab, a formula character or a double quote; and a double quote at its start,
 * which would open a quoted cell whose quotes the spreadsheet strips before looking for a formula.
 */
const TXT_CELL_STARTS = /^"|(?<=[|\t])[=+\-@"]/g;

/**
 * A field of the pipe-separated file: a backslash, a pipe, LF and CR are written `\\`, `\|`,
 * `\n` and `\r`, so every line is one record and every unescaped `|` separates fields; a
 * character at one of the cell starts above gets a backslash before it (`\=`), which a reader
 * drops as it does every escaping backslash. Null is an empty field.
 */
export function txtField(value: string | null): string {
  if (value === null) return '';
  return value
    .replace(/[\\|\n\r]/g, (character) => TXT_ESCAPES[character]!)
    .replace(TXT_CELL_STARTS, (character) => `\\${character}`);
}

const txtLine = (values: readonly (string | null)[]) => `${values.map(txtField).join('|')}\n`;

const txt: ReportFormat = {
  contentType: 'text/plain; charset=utf-8',
  extension: 'txt',
  header: txtLine(REPORT_COLUMNS),
  lines: (rows) => rows.map(txtLine).join(''),
};

export const REPORT_FORMATS = { csv, txt } as const;
export type ReportFormatName = keyof typeof REPORT_FORMATS;
export const REPORT_FORMAT_NAMES = Object.keys(REPORT_FORMATS) as [ReportFormatName, ...ReportFormatName[]];

/** The file's text, a header then one chunk per batch of movements, pulled as the reader can take it. */
export async function* reportBody(
  format: ReportFormat,
  batches: AsyncIterable<readonly MovementRow[]>,
): AsyncGenerator<string> {
  yield format.header;
  for await (const batch of batches) yield format.lines(batch.map(reportValues));
}
