import { Decimal } from '../../src/money';
import { FINAL_STATUSES, type OrderStatus } from '../../src/orders/lifecycle';

/**
 * `npm run chaos`'s money audit: rules over plain data read from PostgreSQL and the rail after
 * the run (scripts/chaos/snapshot.ts reads it). Pure, so every rule is unit-tested.
 */

export interface AuditOrder {
  id: string;
  status: OrderStatus;
  errorCode: string | null;
  payerClientId: string;
  userCurrency: string;
  /** Minor units; null while the order has no amount. */
  userAmountMinor: bigint | null;
  localCurrency: string;
  /** Decimal string; null while the order has no amount. */
  localAmount: string | null;
  /** The same in the local currency's minor units. */
  localAmountMinor: bigint | null;
  /** How its workflow stands (RUNNING, COMPLETED, FAILED, … or NOT_FOUND), for an order not final; else null. */
  workflow: string | null;
  /** QR, KEY, or COLLECTION (a QR of ours, paid inside the service to its collector). */
  flow: string;
  /** The client a COLLECTION order is collected for; null for the others. */
  collectorClientId: string | null;
}

export type EntryKind = 'FUND' | 'RESERVE' | 'COMMIT' | 'RELEASE' | 'CREDIT' | 'COLLECT' | 'CLAWBACK';

export interface AuditEntry {
  id: string;
  kind: EntryKind;
  clientId: string;
  currency: string;
  amountMinor: bigint;
  /** The order id, for an order's RESERVE, COMMIT and RELEASE. */
  reference: string | null;
  /** For COMMIT and RELEASE: the RESERVE entry they resolve. */
  reservationEntryId: string | null;
  /** The signed amounts of its journal lines. */
  lines: bigint[];
}

export interface AuditAccount {
  id: string;
  clientId: string | null;
  kind: 'CLIENT_AVAILABLE' | 'CLIENT_RESERVED' | 'FUNDING' | 'SETTLEMENT';
  currency: string;
  balanceMinor: bigint;
  /** The sum of the account's journal lines. */
  linesMinor: bigint;
  /** The balance its latest line recorded; null when it has no lines. */
  lastBalanceAfterMinor: bigint | null;
}

export interface AuditNotification {
  orderId: string;
  event: string;
  status: 'PENDING' | 'DELIVERED' | 'FAILED';
  /** The status the callback's body announces (`status`, or a preview's `order.status`). */
  bodyStatus: string | null;
  bodyErrorCode: string | null;
}

/** The rail's own record of a payout id (`GET /__admin/payouts`). */
export interface RailPayout {
  payoutId: string;
  requests: number;
  executions: number;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'NOT_FOUND';
  amount: string | null;
  currency: string | null;
}

export interface AuditPayer {
  clientId: string;
  currency: string;
  fundedMinor: bigint;
}

/** One refund of a paid order (`refunds`): what it returns to the merchant's side, and, once COMPLETED, what it credited the payer. */
export interface AuditRefund {
  id: string;
  orderId: string;
  status: 'PENDING' | 'COMPLETED' | 'REJECTED' | 'FAILED';
  /** In the order's local currency, minor units. */
  localAmountMinor: bigint;
  /** What the payer was credited, in its currency's minor units; null until COMPLETED. */
  userAmountMinor: bigint | null;
}

export interface AuditInput {
  orders: AuditOrder[];
  entries: AuditEntry[];
  accounts: AuditAccount[];
  notifications: AuditNotification[];
  payouts: RailPayout[];
  payers: AuditPayer[];
  refunds: AuditRefund[];
}

export interface RuleResult {
  rule: string;
  /** What the rule looked at, e.g. "60 orders". */
  checked: string;
  violations: string[];
  /** Not wrong, but worth saying: an order still waiting for its rail, a callback still retrying. */
  notes: string[];
}

const isFinal = (status: OrderStatus) => FINAL_STATUSES.includes(status);
/** The money reached the merchant: the order was paid, and may have been refunded since. */
const PAID: readonly OrderStatus[] = ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED'];
const isPaid = (order: AuditOrder) => PAID.includes(order.status);
const isCollection = (order: AuditOrder) => order.flow === 'COLLECTION';
/** The rail has not settled the payout: the order rightly waits, its funds held. */
const UNCONFIRMED_AT_RAIL: ReadonlyArray<RailPayout['status']> = ['PENDING', 'NOT_FOUND'];

function groupBy<T>(items: readonly T[], key: (item: T) => string | null): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k !== null) groups.set(k, [...(groups.get(k) ?? []), item]);
  }
  return groups;
}

const sum = (values: readonly bigint[]) => values.reduce((total, value) => total + value, 0n);
const plural = (count: number, noun: string, nouns = `${noun}s`) => `${count} ${count === 1 ? noun : nouns}`;

/**
 * Every order ended, or its workflow is still paying a payout the rail received but has not
 * settled (say which). The audit runs once the rail has been healthy for a while, so by then an
 * order whose payout never reached the rail has stopped trying: a violation, not an explanation.
 * `strict`: an order still paying is a violation too (the plans whose faults leave the rail alone).
 */
export function ordersFinalOrExplained({ orders, payouts }: AuditInput, strict = false): RuleResult {
  const payoutOf = new Map(payouts.map((payout) => [payout.payoutId, payout]));
  const violations: string[] = [];
  const notes: string[] = [];
  for (const order of orders) {
    if (isFinal(order.status)) continue;
    const payout = payoutOf.get(order.id);
    if (order.workflow !== null && order.workflow !== 'RUNNING')
      violations.push(`order ${order.id} is ${order.status}, but its workflow has ended (${order.workflow})`);
    else if (order.status !== 'PROCESSING') violations.push(`order ${order.id} is ${order.status}, not final`);
    else if (!payout || payout.requests === 0)
      violations.push(`order ${order.id} is PROCESSING, but the rail never received its payout`);
    else if (UNCONFIRMED_AT_RAIL.includes(payout.status))
      (strict ? violations : notes).push(
        `order ${order.id} is PROCESSING: its payout is ${payout.status} at the rail (unconfirmed, funds held)`,
      );
    else violations.push(`order ${order.id} is PROCESSING although the rail settled its payout ${payout.status}`);
  }
  return {
    rule: strict ? 'every order final' : 'every order final or explained',
    checked: plural(orders.length, 'order'),
    violations,
    notes,
  };
}

/**
 * Double entry holds: each entry's lines sum to zero and move its amount, each account's
 * balance is the sum of its lines and what its latest line recorded, no client balance is
 * negative, and each client's available and reserved balances are what its entries say.
 */
export function ledgerBalanced({ entries, accounts }: AuditInput): RuleResult {
  const violations: string[] = [];
  for (const entry of entries) {
    const moved = sum(entry.lines.filter((line) => line > 0n));
    if (sum(entry.lines) !== 0n)
      violations.push(`${entry.kind} entry ${entry.id}: its lines sum to ${sum(entry.lines)}, not 0`);
    else if (moved !== entry.amountMinor)
      violations.push(`${entry.kind} entry ${entry.id}: its lines move ${moved}, the entry says ${entry.amountMinor}`);
  }
  for (const account of accounts) {
    const name = `${account.kind} ${account.currency}${account.clientId ? ` of client ${account.clientId}` : ''}`;
    if (account.balanceMinor !== account.linesMinor)
      violations.push(`${name}: balance ${account.balanceMinor}, its lines sum to ${account.linesMinor}`);
    if (account.balanceMinor !== (account.lastBalanceAfterMinor ?? 0n)) {
      violations.push(
        `${name}: balance ${account.balanceMinor}, its latest line recorded ${account.lastBalanceAfterMinor}`,
      );
    }
    if (account.clientId !== null && account.balanceMinor < 0n)
      violations.push(`${name}: negative balance ${account.balanceMinor}`);
  }
  const total = sum(accounts.map((account) => account.balanceMinor));
  if (total !== 0n) violations.push(`all balances together are ${total}, not 0`);

  const resolved = new Set(entries.map((entry) => entry.reservationEntryId).filter((id): id is string => id !== null));
  for (const [key, clientEntries] of groupBy(entries, (entry) => `${entry.clientId} ${entry.currency}`)) {
    const [clientId, currency] = key.split(' ') as [string, string];
    const amount = (...kinds: EntryKind[]) =>
      sum(clientEntries.filter((entry) => kinds.includes(entry.kind)).map((entry) => entry.amountMinor));
    const expected = {
      CLIENT_AVAILABLE: amount('FUND', 'CREDIT', 'RELEASE', 'COLLECT') - amount('RESERVE', 'CLAWBACK'),
      CLIENT_RESERVED: sum(
        clientEntries
          .filter((entry) => entry.kind === 'RESERVE' && !resolved.has(entry.id))
          .map((entry) => entry.amountMinor),
      ),
    };
    for (const kind of ['CLIENT_AVAILABLE', 'CLIENT_RESERVED'] as const) {
      const account = accounts.find(
        (candidate) => candidate.clientId === clientId && candidate.currency === currency && candidate.kind === kind,
      );
      const balance = account?.balanceMinor ?? 0n;
      if (balance !== expected[kind])
        violations.push(
          `${kind} ${currency} of client ${clientId}: balance ${balance}, its entries say ${expected[kind]}`,
        );
    }
  }
  return {
    rule: 'ledger balanced',
    checked: `${plural(entries.length, 'entry', 'entries')}, ${plural(accounts.length, 'account')}`,
    violations,
    notes: [],
  };
}

/**
 * The books and the rail tell one story: a paid order (COMPLETED, or refunded since) has one
 * COMMIT of its user amount and one payout the rail executed once for its local amount, or, a
 * collection, no payout and one COLLECT of its local amount to its collector; whatever the rail
 * paid, our books call paid and debited; no order that was not paid was debited or collected.
 */
export function ledgerMatchesRail({ orders, entries, payouts }: AuditInput): RuleResult {
  const violations: string[] = [];
  const byKind = (kind: EntryKind) =>
    groupBy(
      entries.filter((entry) => entry.kind === kind),
      (entry) => entry.reference,
    );
  const commits = byKind('COMMIT');
  const collects = byKind('COLLECT');
  const payoutOf = new Map(payouts.map((payout) => [payout.payoutId, payout]));
  const orderOf = new Map(orders.map((order) => [order.id, order]));

  const paid = orders.filter(isPaid);
  for (const order of paid) {
    const orderCommits = commits.get(order.id) ?? [];
    if (orderCommits.length !== 1)
      violations.push(`${order.status} order ${order.id} has ${plural(orderCommits.length, 'COMMIT')}, not 1`);
    for (const commit of orderCommits) {
      if (commit.amountMinor !== order.userAmountMinor || commit.currency !== order.userCurrency) {
        violations.push(
          `${order.status} order ${order.id}: COMMIT of ${commit.amountMinor} ${commit.currency}, its user amount is ${order.userAmountMinor} ${order.userCurrency}`,
        );
      }
    }
    const payout = payoutOf.get(order.id);
    if (isCollection(order)) {
      const collected = collects.get(order.id) ?? [];
      if (payout)
        violations.push(
          `${order.status} collection ${order.id} was paid out at the rail, though collections are paid inside the service`,
        );
      if (collected.length !== 1)
        violations.push(`${order.status} collection ${order.id} has ${plural(collected.length, 'COLLECT')}, not 1`);
      for (const collect of collected) {
        if (
          collect.clientId !== order.collectorClientId ||
          collect.currency !== order.localCurrency ||
          collect.amountMinor !== order.localAmountMinor
        ) {
          violations.push(
            `${order.status} collection ${order.id}: COLLECT of ${collect.amountMinor} ${collect.currency} to ${collect.clientId}, the order is for ${order.localAmount} ${order.localCurrency} to ${order.collectorClientId}`,
          );
        }
      }
    } else if (!payout || payout.executions === 0)
      violations.push(`${order.status} order ${order.id} has no payout executed at the rail`);
    else if (payout.status !== 'COMPLETED')
      violations.push(`${order.status} order ${order.id}: the rail says its payout is ${payout.status}`);
    else if (
      payout.currency !== order.localCurrency ||
      order.localAmount === null ||
      !new Decimal(payout.amount!).eq(order.localAmount)
    ) {
      violations.push(
        `${order.status} order ${order.id}: the rail paid ${payout.amount} ${payout.currency}, the order is for ${order.localAmount} ${order.localCurrency}`,
      );
    }
  }

  for (const payout of payouts) {
    if (payout.executions > 1)
      violations.push(`payout ${payout.payoutId} was executed ${payout.executions} times at the rail`);
    if (payout.status !== 'COMPLETED') continue;
    const order = orderOf.get(payout.payoutId);
    if (!order) violations.push(`the rail paid ${payout.payoutId}, which is no order of ours`);
    else if (!(commits.get(order.id)?.length ?? 0))
      violations.push(`the rail paid order ${order.id} (${order.status}), which was never debited`);
    else if (!isPaid(order)) violations.push(`the rail paid order ${order.id}, which our books call ${order.status}`);
  }

  for (const [kind, byOrder] of [
    ['COMMIT', commits],
    ['COLLECT', collects],
  ] as const) {
    for (const [orderId, orderEntries] of byOrder) {
      const order = orderOf.get(orderId);
      if (order && !isPaid(order))
        violations.push(
          `order ${orderId} is ${order.status} but was ${kind === 'COMMIT' ? 'debited' : 'collected'} (${plural(orderEntries.length, kind)})`,
        );
    }
  }
  return {
    rule: "ledger equal to the rail's payouts",
    checked: `${plural(paid.length, 'paid order')}, ${plural(payouts.length, 'rail payout')}`,
    violations,
    notes: [],
  };
}

/**
 * Refunds give back what was paid, once, and never more: the payer's credits for an order are
 * the sum of its COMPLETED refunds' shares, at most what was debited, all of it once the order
 * is REFUNDED; a refunded collection took the refunds' local amounts back from its collector;
 * an order called refunded has a COMPLETED refund; only paid orders are refunded.
 * `strict`: a refund still PENDING is a violation (the plans whose rail stays healthy).
 */
export function refundsCredited({ orders, entries, refunds }: AuditInput, strict = false): RuleResult {
  const violations: string[] = [];
  const notes: string[] = [];
  const entriesOf = groupBy(
    entries.filter((entry) => entry.kind === 'COMMIT' || entry.kind === 'CREDIT' || entry.kind === 'CLAWBACK'),
    (entry) => entry.reference,
  );
  const refundsOf = groupBy(refunds, (refund) => refund.orderId);
  const amountOf = (orderEntries: readonly AuditEntry[], kind: EntryKind) =>
    sum(orderEntries.filter((entry) => entry.kind === kind).map((entry) => entry.amountMinor));
  let checked = 0;
  for (const order of orders) {
    const orderRefunds = refundsOf.get(order.id) ?? [];
    const orderEntries = entriesOf.get(order.id) ?? [];
    const credited = amountOf(orderEntries, 'CREDIT');
    const clawedBack = amountOf(orderEntries, 'CLAWBACK');
    const refunded = order.status === 'PARTIALLY_REFUNDED' || order.status === 'REFUNDED';
    if (orderRefunds.length === 0 && credited === 0n && clawedBack === 0n && !refunded) continue;
    checked += 1;
    const completed = orderRefunds.filter((refund) => refund.status === 'COMPLETED');
    if (!isPaid(order) && orderRefunds.length > 0)
      violations.push(
        `order ${order.id} is ${order.status}, never paid, but has ${plural(orderRefunds.length, 'refund')}`,
      );
    if (refunded && completed.length === 0)
      violations.push(`order ${order.id} is ${order.status} without a COMPLETED refund`);
    const shares = sum(completed.map((refund) => refund.userAmountMinor ?? 0n));
    if (credited !== shares)
      violations.push(
        `order ${order.id}: credited ${credited} to its payer, its COMPLETED refunds' shares sum to ${shares}`,
      );
    const debited = amountOf(orderEntries, 'COMMIT');
    if (credited > debited)
      violations.push(`order ${order.id}: credited ${credited}, more than the ${debited} debited`);
    if (order.status === 'REFUNDED' && credited !== debited)
      violations.push(`order ${order.id} is REFUNDED: credited ${credited} of the ${debited} debited`);
    const returned = sum(completed.map((refund) => refund.localAmountMinor));
    if (isCollection(order) ? clawedBack !== returned : clawedBack !== 0n) {
      violations.push(
        `order ${order.id}: took back ${clawedBack} from its collector, its COMPLETED refunds returned ${isCollection(order) ? returned : 'nothing collected'}`,
      );
    }
    for (const refund of orderRefunds.filter((candidate) => candidate.status === 'PENDING')) {
      (strict ? violations : notes).push(`refund ${refund.id} of order ${order.id} is still PENDING`);
    }
  }
  return {
    rule: 'refunds credited once, never beyond the debit',
    checked: `${plural(refunds.length, 'refund')} of ${plural(checked, 'order')}`,
    violations,
    notes,
  };
}

/**
 * No order holds or takes the payer's money twice, no hold outlives its order, and each payer's
 * balance is its funding less what its paid orders cost, plus what their refunds gave back and,
 * in its collections' currency, what it collected as a merchant.
 */
export function noDebitTwice({ orders, entries, accounts, payers, refunds }: AuditInput): RuleResult {
  const violations: string[] = [];
  const byOrder = groupBy(entries, (entry) =>
    entry.kind === 'FUND' || entry.kind === 'CREDIT' ? null : entry.reference,
  );
  const resolutions = groupBy(entries, (entry) => entry.reservationEntryId);
  for (const order of orders) {
    const orderEntries = byOrder.get(order.id) ?? [];
    const reserves = orderEntries.filter((entry) => entry.kind === 'RESERVE');
    const settled = orderEntries.filter((entry) => entry.kind === 'COMMIT' || entry.kind === 'RELEASE');
    if (reserves.length > 1) violations.push(`order ${order.id} has ${reserves.length} RESERVE entries`);
    if (settled.length > 1)
      violations.push(
        `order ${order.id} has ${settled.length} COMMIT/RELEASE entries (${settled.map((entry) => entry.kind).join(', ')})`,
      );
    for (const reserve of reserves) {
      const resolvedBy = resolutions.get(reserve.id)?.length ?? 0;
      if (resolvedBy > 1) violations.push(`order ${order.id}: its reservation was resolved ${resolvedBy} times`);
      if (resolvedBy === 0 && order.status !== 'PROCESSING')
        violations.push(`order ${order.id} is ${order.status} but its funds are still held`);
    }
    if (order.status === 'PROCESSING' && reserves.length === 0)
      violations.push(`order ${order.id} is PROCESSING without a hold on its funds`);
  }

  const completedRefunds = groupBy(
    refunds.filter((refund) => refund.status === 'COMPLETED'),
    (refund) => refund.orderId,
  );
  for (const payer of payers) {
    const balance = sum(
      accounts
        .filter((account) => account.clientId === payer.clientId && account.currency === payer.currency)
        .map((account) => account.balanceMinor),
    );
    const paidBy = orders.filter(
      (order) => order.payerClientId === payer.clientId && isPaid(order) && order.userCurrency === payer.currency,
    );
    const spent = sum(paidBy.map((order) => order.userAmountMinor ?? 0n));
    const refunded = sum(
      paidBy.flatMap((order) => (completedRefunds.get(order.id) ?? []).map((refund) => refund.userAmountMinor ?? 0n)),
    );
    // What it collected as a merchant in this currency, less what its collections' refunds took back.
    const collectedFor = orders.filter(
      (order) => order.collectorClientId === payer.clientId && isPaid(order) && order.localCurrency === payer.currency,
    );
    const collected =
      sum(collectedFor.map((order) => order.localAmountMinor ?? 0n)) -
      sum(
        collectedFor.flatMap((order) =>
          (completedRefunds.get(order.id) ?? []).map((refund) => refund.localAmountMinor),
        ),
      );
    const expected = payer.fundedMinor - spent + refunded + collected;
    if (balance !== expected) {
      violations.push(
        `payer ${payer.clientId}: holds ${balance} ${payer.currency}; funded ${payer.fundedMinor} less ${spent} for paid orders` +
          (refunded || collected ? `, plus ${refunded} refunded and ${collected} collected` : '') +
          ` is ${expected}`,
      );
    }
  }
  return {
    rule: 'no debit twice',
    checked: `${plural(orders.length, 'order')}, ${plural(payers.length, 'payer')}`,
    violations,
    notes: [],
  };
}

/** Whether `notification` tells the integrator that `order` reached its final status. */
function announcesEnd(order: AuditOrder, notification: AuditNotification): boolean {
  switch (notification.event) {
    case 'PAYMENT':
    case 'QR_EXPIRED':
    case 'REFUND':
      return notification.bodyStatus === order.status;
    case 'PREVIEW':
      // An order that fails before anyone decided (its merchant unknown) ends with its preview.
      return (
        order.status === 'FAILED' &&
        notification.bodyErrorCode !== null &&
        notification.bodyErrorCode === order.errorCode
      );
    default:
      return false;
  }
}

/** Every final order's final callback was delivered, or is still being retried (`strict`: delivered). */
export function finalCallbacksSent({ orders, notifications }: AuditInput, strict = false): RuleResult {
  const violations: string[] = [];
  const notes: string[] = [];
  const byOrder = groupBy(notifications, (notification) => notification.orderId);
  const finals = orders.filter((order) => isFinal(order.status));
  for (const order of finals) {
    const announcing = (byOrder.get(order.id) ?? []).filter((notification) => announcesEnd(order, notification));
    if (announcing.length === 0) violations.push(`order ${order.id} (${order.status}) has no final callback`);
    for (const notification of announcing) {
      if (notification.status === 'FAILED')
        violations.push(`order ${order.id}: its ${notification.event} callback (${order.status}) FAILED for good`);
      if (notification.status === 'PENDING')
        (strict ? violations : notes).push(
          `order ${order.id}: its ${notification.event} callback (${order.status}) is still being retried`,
        );
    }
  }
  return {
    rule: strict ? 'every final callback delivered' : 'every final callback delivered or retrying',
    checked: plural(finals.length, 'final order'),
    violations,
    notes,
  };
}

/**
 * Every rule, in the order the report shows them. `strict`: every order final and every final
 * callback delivered, nothing merely explained or still retrying.
 */
export function auditMoney(input: AuditInput, strict = false): RuleResult[] {
  return [
    ordersFinalOrExplained(input, strict),
    ledgerBalanced(input),
    ledgerMatchesRail(input),
    refundsCredited(input, strict),
    noDebitTwice(input),
    finalCallbacksSent(input, strict),
  ];
}
