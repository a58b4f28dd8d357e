import { DataSource } from 'typeorm';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { beforeCreatedAtKeySql, createdAtMicrosSql, cursorPage, pageInfoShape } from '../http/page-cursor';
import { ORDER_ERROR_CODES, ORDER_FLOWS, ORDER_STATUSES, type OrderErrorCode, type OrderFlow } from './lifecycle';
import type { OrderStatus } from './lifecycle';
import { amountString } from './order-views';

/** The one flow whose orders have a collector (a QR created for a client's point of sale). */
const COLLECTED_FLOW: OrderFlow = 'COLLECTION';

/** A search's filters and page, as the query parsed them. */
export interface OrderSearchInput {
  externalReference?: string;
  status?: OrderStatus;
  flow?: OrderFlow;
  createdAfter?: Date;
  createdBefore?: Date;
  /** The key of the last row of the previous page: created_at in microseconds since the epoch, and id. */
  after?: readonly [bigint, string];
  limit: number;
}

/** One row of a search, the caller's own reference in it. */
interface FoundOrder {
  id: string;
  flow: OrderFlow;
  status: OrderStatus;
  own_reference: string | null;
  local_country: string;
  local_currency: string;
  local_amount: string | null;
  user_currency: string | null;
  user_amount: string | null;
  error_code: OrderErrorCode | null;
  created_at: Date;
  updated_at: Date;
  /** created_at in microseconds since the epoch: exact, where a Date keeps milliseconds only. */
  sort_us: string;
}

/**
 * One role's orders of the client, newest first, the filters and the cursor applied, at most
 * `limit` + 1 of them. `role` is the column that names the client in that role; its own
 * reference is `reference`. The key (created_at, id) walks orders_<role>_search_idx backwards
 * from the cursor (orders_<role>_status_search_idx under a status filter, the payer's
 * orders_payer_flow_search_idx under a flow filter), so a page reads its rows and no others
 * whatever the client's history (docs/performance.md, "Order search"). Under both a status and
 * a flow filter, the flow is checked on the rows the status walk reads.
 */
function roleBranch(role: 'payer_client_id' | 'collector_client_id', reference: string, where: string[]): string {
  return `(SELECT id, flow, status, ${reference} AS own_reference, local_country, local_currency, local_amount,
            user_currency, user_amount, error_code, created_at, updated_at
     FROM orders
     WHERE ${[`${role} = $1`, ...where.map((clause) => clause.replaceAll('{reference}', reference))].join(' AND ')}
     ORDER BY created_at DESC, id DESC
     LIMIT $2)`;
}

/** The statement and its values for a search; its text depends only on which filters are given. */
export function orderSearchStatement(clientId: string, input: OrderSearchInput): { text: string; values: unknown[] } {
  const values: unknown[] = [clientId, input.limit + 1];
  const where: string[] = [];
  const bind = (value: unknown) => `$${values.push(value)}`;
  if (input.externalReference !== undefined) where.push(`{reference} = ${bind(input.externalReference)}`);
  if (input.status !== undefined) where.push(`status = ${bind(input.status)}`);
  if (input.flow !== undefined) where.push(`flow = ${bind(input.flow)}`);
  if (input.createdAfter !== undefined) where.push(`created_at >= ${bind(input.createdAfter)}`);
  if (input.createdBefore !== undefined) where.push(`created_at < ${bind(input.createdBefore)}`);
  if (input.after !== undefined) {
    const [micros, id] = input.after;
    where.push(beforeCreatedAtKeySql('created_at', 'id', bind(micros.toString()), bind(id)));
  }
  // A client that scanned its own collection QR is both its collector and its payer: the order
  // shows once, as the payer's, with the payer's reference. Only a collection has a collector, so
  // a search for another flow reads no collector's orders at all.
  const collectorWhere = [...where, `payer_client_id IS DISTINCT FROM $1`];
  const branches = [roleBranch('payer_client_id', 'external_reference', where)];
  if (input.flow === undefined || input.flow === COLLECTED_FLOW)
    branches.push(roleBranch('collector_client_id', 'collector_external_reference', collectorWhere));
  const text = `/* order search */
    SELECT found.*, ${createdAtMicrosSql('created_at')} AS sort_us
    FROM (${branches.join(' UNION ALL ')}) found
    ORDER BY created_at DESC, id DESC
    LIMIT $2`;
  return { text: text.replace(/\s+/g, ' ').trim(), values };
}

export const orderSummarySchema = z.object({
  order_id: z.uuid(),
  external_reference: nullable(
    z.string(),
    "Your own reference of the order: the one you previewed it with, or for a QR you created (collections) the one you created it with; null for a collection nobody has paid when you are its payer's side",
  ),
  flow: z.enum(ORDER_FLOWS).describe('QR, KEY (a payment key), or COLLECTION (a QR created for a point of sale)'),
  status: z.enum(ORDER_STATUSES),
  local_country: z.string(),
  local_currency: z.string(),
  local_amount: nullable(z.string(), 'Decimal in the local currency; null while an open amount is not given'),
  user_currency: nullable(z.string(), "The payer's currency; null until a payer previewed it"),
  user_amount: nullable(z.string(), "Decimal in the payer's currency; null until priced"),
  error_code: nullable(z.enum(ORDER_ERROR_CODES), 'Why the order failed or was canceled; null otherwise'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export const orderSearchPageSchema = z.object({
  data: z.array(orderSummarySchema).describe('Newest first (created_at, then id)'),
  ...pageInfoShape,
});
export type OrderSearchPage = z.infer<typeof orderSearchPageSchema>;

function orderSummary(row: FoundOrder): OrderSummary {
  return {
    order_id: row.id,
    external_reference: row.own_reference,
    flow: row.flow,
    status: row.status,
    local_country: row.local_country,
    local_currency: row.local_currency,
    local_amount: amountString(row.local_amount, row.local_currency),
    user_currency: row.user_currency,
    user_amount: amountString(row.user_amount, row.user_currency),
    error_code: row.error_code,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/**
 * The client's own orders, as payer or as collector, newest first, a page at a time. A page is
 * cut by the key of its last row, not by an offset: orders created meanwhile are newer than any
 * cursor, so they never shift the pages that follow, and a page costs the same however deep.
 */
export class OrderSearch {
  constructor(private readonly dataSource: DataSource) {}

  async page(clientId: string, input: OrderSearchInput): Promise<OrderSearchPage> {
    const { text, values } = orderSearchStatement(clientId, input);
    const rows: FoundOrder[] = await this.dataSource.query(text, values);
    const page = cursorPage(rows, input.limit, (row) => [row.sort_us, row.id]);
    return { data: page.rows.map(orderSummary), has_more: page.has_more, next_cursor: page.next_cursor };
  }
}
