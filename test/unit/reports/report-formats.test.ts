import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { MovementRow, REPORT_COLUMNS, reportValues, ReportValues } from '../../../src/reports/movement-row';
import { neutralCell } from '../../../src/reports/neutral-cell';
import { REPORT_FORMATS, reportBody, txtField } from '../../../src/reports/report-formats';
import { csvCellsAsSpreadsheet, isFormulaCell, parseTxtLine, txtCellsAsSpreadsheet } from '../../support/report-files';

const { csv, txt } = REPORT_FORMATS;

const unitArb = fc.constantFrom(
  'a',
  'Z',
  ' ',
  ',',
  ';',
  '"',
  "'",
  '|',
  '\\',
  '\n',
  '\r',
  '\t',
  'ã',
  '=',
  '+',
  '-',
  '@',
  'n',
);
const fieldArb = fc.option(fc.string({ unit: unitArb }), { nil: null });
const rowsArb = fc.array(fc.array(fieldArb, { minLength: 3, maxLength: 3 }), { maxLength: 5 });
/** Both formats write null as an empty field. */
const asRead = (rows: ReportValues[]) => rows.map((row) => row.map((value) => value ?? ''));

describe('csv format', () => {
  it('is RFC 4180: a header row and CRLF after every record', () => {
    expect(csv.header).toBe(`${REPORT_COLUMNS.join(',')}\r\n`);
    expect(
      csv.lines([
        ['a', 'b'],
        ['c', null],
      ]),
    ).toBe('a,b\r\nc,\r\n');
    expect(csv.lines([])).toBe('');
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
  });

  it('quotes fields holding a comma, a double quote, CR or LF, and doubles the quotes', () => {
    expect(csv.lines([['a,b', 'say "hi"', 'one\ntwo', 'one\rtwo', 'one\r\ntwo', 'plain']])).toBe(
      '"a,b","say ""hi""","one\ntwo","one\rtwo","one\r\ntwo",plain\r\n',
    );
  });

  it('quotes fields holding a semicolon or a tab, where spreadsheets of other locales split cells', () => {
    expect(csv.lines([['a;=1+2', 'a\t@SUM(A1)', 'a=b']])).toBe('"a;=1+2","a\t@SUM(A1)",a=b\r\n');
  });

  it('reads back, through an RFC 4180 parser, exactly what was written', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const text = csv.lines(rows);
        expect(text === '' ? [] : parse(text, { relax_column_count: false })).toEqual(asRead(rows));
      }),
    );
  });
});

describe('txt format', () => {
  it('is pipe-separated with a header row and LF line ends', () => {
    expect(txt.header).toBe(`${REPORT_COLUMNS.join('|')}\n`);
    expect(
      txt.lines([
        ['a', 'b'],
        ['c', null],
      ]),
    ).toBe('a|b\nc|\n');
    expect(txt.contentType).toBe('text/plain; charset=utf-8');
  });

  it('escapes backslash, pipe, LF and CR with a backslash', () => {
    expect(txtField('A|B')).toBe('A\\|B');
    expect(txtField('C:\\dir')).toBe('C:\\\\dir');
    expect(txtField('one\ntwo\rthree')).toBe('one\\ntwo\\rthree');
    expect(txtField('\\n')).toBe('\\\\n');
    expect(txtField(null)).toBe('');
  });

  it('puts a backslash before what would begin a formula or a quoted cell where a spreadsheet splits the field', () => {
    expect(txtField('a|=HYPERLINK("x")')).toBe('a\\|\\=HYPERLINK("x")');
    expect(txtField('a|+1|-1|@A1|"=1"')).toBe('a\\|\\+1\\|\\-1\\|\\@A1\\|\\"=1"');
    expect(txtField('a\t=1\t\t-1')).toBe('a\t\\=1\t\t\\-1');
    expect(txtField('"=1+2"')).toBe('\\"=1+2"');
    // The start of a field is neutralCell's (text) or a number's: a minus sign there stays.
    expect(txtField('-5.00')).toBe('-5.00');
    expect(txtField('a=b|c, "d"')).toBe('a=b\\|c, "d"');
  });

  it('keeps one record per line, and reads back exactly what was written', () => {
    fc.assert(
      fc.property(rowsArb, (rows) => {
        const lines = txt.lines(rows).split('\n');
        expect(lines.pop()).toBe('');
        expect(lines.map(parseTxtLine)).toEqual(asRead(rows));
      }),
    );
  });
});

describe('what a spreadsheet reads', () => {
  const textRowsArb = fc.array(
    fc.array(fc.string({ unit: unitArb }).map(neutralCell), { minLength: 3, maxLength: 3 }),
    { maxLength: 5 },
  );

  it('finds no formula in any cell of either format, whatever the text fields hold once neutralised', () => {
    fc.assert(
      fc.property(textRowsArb, (rows) => {
        expect(csvCellsAsSpreadsheet(csv.lines(rows)).filter(isFormulaCell)).toEqual([]);
        expect(txtCellsAsSpreadsheet(txt.lines(rows)).filter(isFormulaCell)).toEqual([]);
      }),
    );
  });

  it('reads numbers, negative ones included, as numbers', () => {
    expect(csvCellsAsSpreadsheet(csv.lines([['-5.00', '0.1862']]))).toEqual(['-5.00', '0.1862']);
    expect(txtCellsAsSpreadsheet(txt.lines([['-5.00', '0.1862']]))).toEqual(['-5.00', '0.1862', '']);
  });
});

describe('reportBody', () => {
  const row: MovementRow = {
    order_id: '1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b',
    external_reference: 'ref, 1',
    type: 'PAYMENT',
    status: 'COMPLETED',
    created_at: new Date('2026-11-02T14:03:11Z'),
    updated_at: new Date('2026-11-02T14:03:40Z'),
    local_amount: '100.0000',
    local_currency: 'BRL',
    user_amount: '18.6200',
    user_currency: 'USD',
    fx_rate: '0.1862000000',
    merchant_name: 'M',
    merchant_identification_number: '1',
    error_code: null,
    flow: 'QR',
    local_country: 'BR',
  };

  async function* batches(...list: MovementRow[][]) {
    yield* list;
  }

  const collect = async (body: AsyncIterable<string>) => {
    const chunks: string[] = [];
    for await (const chunk of body) chunks.push(chunk);
    return chunks;
  };

  it('writes the header even when there is nothing to report', async () => {
    expect(await collect(reportBody(csv, batches()))).toEqual([csv.header]);
  });

  it('writes the header, then one chunk per batch of rows', async () => {
    const chunks = await collect(reportBody(txt, batches([row, row], [row])));
    expect(chunks).toEqual([
      txt.header,
      txt.lines([reportValues(row), reportValues(row)]),
      txt.lines([reportValues(row)]),
    ]);
    expect(chunks[2]).toBe(
      '1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b|ref, 1|PAYMENT|COMPLETED|2026-11-02T14:03:11Z|2026-11-02T14:03:40Z|100.00|BRL|18.62|USD|0.1862|M|1|\n',
    );
  });
});
