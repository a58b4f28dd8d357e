import { Decimal, formatRate } from '../money';
import { isoSeconds } from '../orders/iso-seconds';
import { collectorShown } from '../orders/order-collector';
import type { OrderFlow } from '../orders/lifecycle';
import { amountString } from '../orders/order-views';
import { neutralCell } from './neutral-cell';

/** The columns of a reconciliation file, in the order docs/decisions.md gives them. */
export const REPORT_COLUMNS = [
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
] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** One field per column, in REPORT_COLUMNS' order; null is an empty field. */
export type ReportValues = Array<string | null>;

/**
 * A payment (the order itself) or a refund of it, as the movements query reads it: numeric
 * columns as the strings PostgreSQL sends (never floats), timestamps as Dates.
 */
export interface MovementRow {
  order_id: string;
  external_reference: string | null;
  type: 'PAYMENT' | 'REFUND';
  status: string;
  created_at: Date;
  updated_at: Date;
  local_amount: string | null;
  local_currency: string;
  user_amount: string | null;
  user_currency: string | null;
  fx_rate: string | null;
  merchant_name: string | null;
  merchant_identification_number: string | null;
  error_code: string | null;
  /** Not columns: what decides how the payee is shown (a Brazilian or Colombian key's holder masked). */
  flow: OrderFlow;
  local_country: string;
}

/** The payee as every body about the order shows it (collectorShown): the file gives no more than the look-up did. */
const payee = (row: MovementRow) =>
  collectorShown({
    flow: row.flow,
    localCountry: row.local_country,
    merchantName: row.merchant_name,
    merchantIdentificationNumber: row.merchant_identification_number,
    merchantBranchOffice: null,
  });

const VALUE_OF: { [column in ReportColumn]: (row: MovementRow) => string | null } = {
  order_id: (row) => row.order_id,
  external_reference: (row) => row.external_reference,
  type: (row) => row.type,
  status: (row) => row.status,
  created_at: (row) => isoSeconds(row.created_at),
  updated_at: (row) => isoSeconds(row.updated_at),
  local_amount: (row) => amountString(row.local_amount, row.local_currency),
  local_currency: (row) => row.local_currency,
  user_amount: (row) => amountString(row.user_amount, row.user_currency),
  user_currency: (row) => row.user_currency,
  fx_rate: (row) => (row.fx_rate === null ? null : formatRate(new Decimal(row.fx_rate))),
  merchant_name: (row) => payee(row).name,
  merchant_identification_number: (row) => payee(row).identificationNumber,
  error_code: (row) => row.error_code,
};

/**
 * The columns holding numbers the service writes itself: decimal strings a spreadsheet reads as
 * numbers, a minus sign included. Every other column is text, and the text of references and
 * merchants comes from integrators and third parties' QR codes.
 */
const NUMBER_COLUMNS: ReadonlySet<ReportColumn> = new Set(['local_amount', 'user_amount', 'fx_rate']);

/**
 * A movement as the file's fields: ISO 8601 UTC dates, amounts at their currency's minor unit, the
 * rate trimmed, and every text field a spreadsheet could take for a formula neutralised.
 */
export function reportValues(row: MovementRow): ReportValues {
  return REPORT_COLUMNS.map((column) => {
    const value = VALUE_OF[column](row);
    return value === null || NUMBER_COLUMNS.has(column) ? value : neutralCell(value);
  });
}
