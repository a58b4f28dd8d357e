import { MovementRow, reportValues } from './movement-row';
import type { ReportFormat } from './report-formats';

/**
 * A partly refunded payment and its refund, for the OpenAPI examples: written by the formats
 * themselves, the examples cannot drift from them.
 */
const EXAMPLE_PAYMENT: MovementRow = {
  order_id: '1b4e28ba-2fa1-4d3b-9f6e-0c2d3e4f5a6b',
  external_reference: 'order-1',
  type: 'PAYMENT',
  status: 'PARTIALLY_REFUNDED',
  created_at: new Date('2026-11-02T14:03:11Z'),
  updated_at: new Date('2026-11-02T14:20:40Z'),
  local_amount: '100.0000',
  local_currency: 'BRL',
  user_amount: '18.6200',
  user_currency: 'USD',
  fx_rate: '0.1862000000',
  merchant_name: 'Bar "Zé", Copa|Cozinha',
  merchant_identification_number: '12345678000199',
  error_code: null,
  flow: 'QR',
  local_country: 'BR',
};
const EXAMPLE_REFUND: MovementRow = {
  ...EXAMPLE_PAYMENT,
  type: 'REFUND',
  status: 'COMPLETED',
  created_at: new Date('2026-11-02T14:20:40Z'),
  updated_at: new Date('2026-11-02T14:20:41Z'),
  local_amount: '40.0000',
  user_amount: '7.4500',
};

/** A file of those two movements in `format`. */
export const reportExample = (format: ReportFormat) =>
  format.header + format.lines([EXAMPLE_PAYMENT, EXAMPLE_REFUND].map(reportValues));
