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
 * (CRLF), so `quoted_match` adds a lone CR or LF. Null is an empty field.
 */
const CSV_OPTIONS = { record_delimiter: 'windows', quoted_match: /[\r\n]/ } as const;

const csv: ReportFormat = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  header: stringify([[...REPORT_COLUMNS]], CSV_OPTIONS),
  lines: (rows) => stringify(rows as ReportValues[], CSV_OPTIONS),
};

const TXT_ESCAPES: Record<string, string> = { '\\': '\\\\', '|': '\\|', '\n': '\\n', '\r': '\\r' };

/**
 * A field of the pipe-separated file: a backslash, a pipe, LF and CR are written `\\`, `\|`,
 * `\n` and `\r`, so every line is one record and every unescaped `|` separates fields. Null is
 * an empty field.
 */
export function txtField(value: string | null): string {
  return value === null ? '' : value.replace(/[\\|\n\r]/g, (character) => TXT_ESCAPES[character]!);
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
export async function* reportBody(format: ReportFormat, batches: AsyncIterable<readonly MovementRow[]>): AsyncGenerator<string> {
  yield format.header;
  for await (const batch of batches) yield format.lines(batch.map(reportValues));
}
