import type { DataSource } from 'typeorm';
import { CurrencyCode, Decimal, toMinorUnits } from '../../src/money';
import { FINAL_STATUSES } from '../../src/orders/lifecycle';
import type {
  AuditAccount,
  AuditEntry,
  AuditInput,
  AuditNotification,
  AuditOrder,
  AuditPayer,
  AuditRefund,
  RailPayout,
} from './audit';
import { parseJson } from '../shared/json';
import type { OrderTimes } from './checks';

interface OrderRow {
  id: string;
  status: AuditOrder['status'];
  error_code: string | null;
  payer_client_id: string;
  user_currency: string;
  user_amount: string | null;
  local_currency: string;
  local_amount: string | null;
  flow: string;
  collector_client_id: string | null;
}

interface RefundRow {
  id: string;
  order_id: string;
  status: AuditRefund['status'];
  local_amount: string;
  local_currency: string;
  user_amount: string | null;
  user_currency: string;
}

interface EntryRow {
  id: string;
  kind: AuditEntry['kind'];
  client_id: string;
  currency: string;
  amount_minor: string;
  reference: string | null;
  reservation_entry_id: string | null;
  lines: string[];
}

interface AccountRow {
  id: string;
  client_id: string | null;
  kind: AuditAccount['kind'];
  currency: string;
  balance_minor: string;
  lines_minor: string;
  last_balance_after_minor: string | null;
}

interface NotificationRow {
  order_id: string;
  event: string;
  status: AuditNotification['status'];
  body: string;
}

/** What the audit needs of the payers: who they are and what they were funded with. */
export interface PayerFunding {
  clientId: string;
  currency: CurrencyCode;
  funding: string;
}

function auditOrder(row: OrderRow, workflow: string | null): AuditOrder {
  return {
    id: row.id,
    status: row.status,
    errorCode: row.error_code,
    payerClientId: row.payer_client_id,
    userCurrency: row.user_currency,
    userAmountMinor:
      row.user_amount === null ? null : toMinorUnits(new Decimal(row.user_amount), row.user_currency as CurrencyCode),
    localCurrency: row.local_currency,
    localAmount: row.local_amount,
    localAmountMinor:
      row.local_amount === null
        ? null
        : toMinorUnits(new Decimal(row.local_amount), row.local_currency as CurrencyCode),
    workflow,
    flow: row.flow,
    collectorClientId: row.collector_client_id,
  };
}

function auditNotification(row: NotificationRow): AuditNotification {
  const body = parseJson(row.body) as
    { status?: string; error_code?: string | null; order?: { status?: string } } | undefined;
  return {
    orderId: row.order_id,
    event: row.event,
    status: row.status,
    bodyStatus: body?.status ?? body?.order?.status ?? null,
    bodyErrorCode: body?.error_code ?? null,
  };
}

/**
 * Reads what the audit judges, after the run: every order, refund, journal entry (with its
 * lines), account (with the sum of its lines) and notification from PostgreSQL, every payout the rail
 * has seen from its admin API, and how the workflow of each order not final stands.
 */
export async function readAuditInput(
  dataSource: DataSource,
  railsUrl: string,
  payers: PayerFunding[],
  workflowOf: (orderId: string) => Promise<string>,
): Promise<AuditInput> {
  const orders: OrderRow[] = await dataSource.query(
    `SELECT id, status, error_code, payer_client_id, user_currency, user_amount::text, local_currency, local_amount::text, flow, collector_client_id FROM orders ORDER BY created_at`,
  );
  const refunds: RefundRow[] = await dataSource.query(
    `SELECT id, order_id, status, local_amount::text, local_currency, user_amount::text, user_currency FROM refunds ORDER BY created_at`,
  );
  const entries: EntryRow[] = await dataSource.query(
    `SELECT e.id, e.kind, e.client_id, e.currency, e.amount_minor::text, e.reference, e.reservation_entry_id,
            coalesce(array_agg(l.amount_minor::text) FILTER (WHERE l.id IS NOT NULL), '{}') AS lines
     FROM journal_entries e LEFT JOIN journal_lines l ON l.entry_id = e.id
     GROUP BY e.id ORDER BY e.created_at`,
  );
  const accounts: AccountRow[] = await dataSource.query(
    `SELECT a.id, a.client_id, a.kind, a.currency, a.balance_minor::text, coalesce(sum(l.amount_minor), 0)::text AS lines_minor,
            (SELECT last.balance_after_minor::text FROM journal_lines last WHERE last.account_id = a.id ORDER BY last.id DESC LIMIT 1) AS last_balance_after_minor
     FROM ledger_accounts a LEFT JOIN journal_lines l ON l.account_id = a.id
     GROUP BY a.id ORDER BY a.created_at`,
  );
  const notifications: NotificationRow[] = await dataSource.query(
    `SELECT order_id, event, status, body FROM notifications ORDER BY created_at`,
  );

  const response = await fetch(`${railsUrl}/__admin/payouts`);
  if (response.status !== 200) throw new Error(`the rail's payout list answered ${response.status}`);
  const { data: payouts } = (await response.json()) as { data: RailPayout[] };

  const auditOrders: AuditOrder[] = [];
  for (const row of orders)
    auditOrders.push(auditOrder(row, FINAL_STATUSES.includes(row.status) ? null : await workflowOf(row.id)));

  return {
    orders: auditOrders,
    entries: entries.map((row) => ({
      id: row.id,
      kind: row.kind,
      clientId: row.client_id,
      currency: row.currency,
      amountMinor: BigInt(row.amount_minor),
      reference: row.reference,
      reservationEntryId: row.reservation_entry_id,
      lines: row.lines.map(BigInt),
    })),
    accounts: accounts.map((row) => ({
      id: row.id,
      clientId: row.client_id,
      kind: row.kind,
      currency: row.currency,
      balanceMinor: BigInt(row.balance_minor),
      linesMinor: BigInt(row.lines_minor),
      lastBalanceAfterMinor: row.last_balance_after_minor === null ? null : BigInt(row.last_balance_after_minor),
    })),
    notifications: notifications.map(auditNotification),
    payouts: payouts.map(({ payoutId, requests, executions, status, amount, currency }) => ({
      payoutId,
      requests,
      executions,
      status,
      amount,
      currency,
    })),
    payers: payers.map(({ clientId, currency, funding }): AuditPayer => ({
      clientId,
      currency,
      fundedMinor: toMinorUnits(new Decimal(funding), currency),
    })),
    refunds: refunds.map((row) => ({
      id: row.id,
      orderId: row.order_id,
      status: row.status,
      localAmountMinor: toMinorUnits(new Decimal(row.local_amount), row.local_currency as CurrencyCode),
      userAmountMinor:
        row.user_amount === null ? null : toMinorUnits(new Decimal(row.user_amount), row.user_currency as CurrencyCode),
    })),
  };
}

/**
 * When each order was made and became final (its last status-history entry, for a final order),
 * in ms after `epochMs` (the drive's start): PostgreSQL's clock is this machine's.
 */
export async function readOrderTimes(dataSource: DataSource, epochMs: number): Promise<OrderTimes[]> {
  const rows: Array<{ id: string; created_ms: string; final_ms: string | null }> = await dataSource.query(
    `SELECT o.id, (extract(epoch FROM o.created_at) * 1000)::bigint::text AS created_ms,
            CASE WHEN o.status = ANY($1) THEN (SELECT (extract(epoch FROM max(h.created_at)) * 1000)::bigint::text FROM order_status_history h WHERE h.order_id = o.id) END AS final_ms
     FROM orders o ORDER BY o.created_at`,
    [FINAL_STATUSES],
  );
  return rows.map((row) => ({
    id: row.id,
    createdAtMs: Number(row.created_ms) - epochMs,
    finalAtMs: row.final_ms === null ? null : Number(row.final_ms) - epochMs,
  }));
}
