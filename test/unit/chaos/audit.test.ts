import fc from 'fast-check';
import {
  AuditAccount,
  AuditEntry,
  AuditInput,
  AuditNotification,
  AuditOrder,
  AuditRefund,
  auditMoney,
  EntryKind,
  RailPayout,
  finalCallbacksSent,
  ledgerBalanced,
  ledgerMatchesRail,
  noDebitTwice,
  ordersFinalOrExplained,
  refundsCredited,
} from '../../../scripts/chaos/audit';

/**
 * A model of what the engine should leave behind, written independently of the audit: a payer
 * funded once, and orders that each end one way, with the entries, balances, rail payouts and
 * callbacks that ending implies.
 */
type Ending =
  | 'COMPLETED'
  | 'REJECTED'
  | 'PROCESSING_UNCONFIRMED'
  | 'EXPIRED'
  | 'FAILED_AT_PREVIEW'
  | 'INSUFFICIENT_FUNDS'
  | 'PARTIALLY_REFUNDED'
  | 'REFUNDED'
  | 'COLLECTED'
  | 'COLLECTED_PARTIALLY_REFUNDED';
const ENDINGS: readonly Ending[] = [
  'COMPLETED',
  'REJECTED',
  'PROCESSING_UNCONFIRMED',
  'EXPIRED',
  'FAILED_AT_PREVIEW',
  'INSUFFICIENT_FUNDS',
  'PARTIALLY_REFUNDED',
  'REFUNDED',
  'COLLECTED',
  'COLLECTED_PARTIALLY_REFUNDED',
];

interface Plan {
  ending: Ending;
  /** The user amount in cents; the local amount is five times it, in BRL. */
  cents: number;
  callback: AuditNotification['status'];
}

const PAYER = 'payer-1';
/** The merchant the collections are collected for, in BRL. */
const COLLECTOR = 'collector-1';
const FUNDED = 1_000_000n;

type Kind = AuditAccount['kind'];
/** Each account by `client currency kind`; the service's accounts have no client. */
const accountKey = (clientId: string | null, currency: string, kind: Kind) => `${clientId ?? '-'} ${currency} ${kind}`;

class Books {
  readonly entries: AuditEntry[] = [];
  readonly balances = new Map<string, bigint>(
    (['FUNDING', 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', 'SETTLEMENT'] as const).map((kind) => [
      this.keyOf(PAYER, 'USD', kind),
      0n,
    ]),
  );
  private readonly touched = new Set<string>();
  private next = 0;

  /** Moves `amount` from one of `clientId`'s accounts (or the service's) to another, in `currency`. */
  post(
    kind: EntryKind,
    amount: bigint,
    from: Kind,
    to: Kind,
    reference: string | null,
    reservationEntryId: string | null = null,
    clientId = PAYER,
    currency = 'USD',
  ): AuditEntry {
    const entry = {
      id: `e${++this.next}`,
      kind,
      clientId,
      currency,
      amountMinor: amount,
      reference,
      reservationEntryId,
      lines: [-amount, amount],
    };
    for (const [account, delta] of [
      [this.keyOf(clientId, currency, from), -amount],
      [this.keyOf(clientId, currency, to), amount],
    ] as const) {
      this.balances.set(account, (this.balances.get(account) ?? 0n) + delta);
      this.touched.add(account);
    }
    this.entries.push(entry);
    return entry;
  }

  accounts(): AuditAccount[] {
    return [...this.balances].map(([key, balance]) => {
      const [client, currency, kind] = key.split(' ') as [string, string, Kind];
      return {
        id: key,
        clientId: client === '-' ? null : client,
        kind,
        currency,
        balanceMinor: balance,
        linesMinor: balance,
        lastBalanceAfterMinor: this.touched.has(key) ? balance : null,
      };
    });
  }

  private keyOf(clientId: string, currency: string, kind: Kind): string {
    return accountKey(kind.startsWith('CLIENT') ? clientId : null, currency, kind);
  }
}

function world(plans: Plan[]): AuditInput {
  const books = new Books();
  books.post('FUND', FUNDED, 'FUNDING', 'CLIENT_AVAILABLE', null);
  const orders: AuditOrder[] = [];
  const payouts: RailPayout[] = [];
  const notifications: AuditNotification[] = [];
  const refunds: AuditRefund[] = [];

  plans.forEach(({ ending, cents, callback }, index) => {
    const id = `order-${index}`;
    const user = BigInt(cents);
    const local = ((cents * 5) / 100).toFixed(2);
    const order = (status: AuditOrder['status'], errorCode: string | null = null): AuditOrder => ({
      id,
      status,
      errorCode,
      payerClientId: PAYER,
      userCurrency: 'USD',
      userAmountMinor: user,
      localCurrency: 'BRL',
      localAmount: local,
      localAmountMinor: BigInt(cents * 5),
      workflow: status === 'PROCESSING' ? 'RUNNING' : null,
      flow: 'QR',
      collectorClientId: null,
    });
    const payment = (status: string, errorCode: string | null = null) =>
      notifications.push({
        orderId: id,
        event: 'PAYMENT',
        status: callback,
        bodyStatus: status,
        bodyErrorCode: errorCode,
      });
    const payout = (status: RailPayout['status'], executions: number) =>
      payouts.push({ payoutId: id, requests: executions + 1, executions, status, amount: local, currency: 'BRL' });
    notifications.push({
      orderId: id,
      event: 'PREVIEW',
      status: 'DELIVERED',
      bodyStatus: 'CREATED',
      bodyErrorCode: null,
    });
    const localMinor = BigInt(cents * 5);
    /** A refund of `part` of the local amount that went through: the payer credited its share (the rest, when it is the last), a collection's collector debited the part. */
    let sharesCredited = 0n;
    const refund = (part: bigint, last: boolean, collection: boolean, status: 'PARTIALLY_REFUNDED' | 'REFUNDED') => {
      const share = last ? user - sharesCredited : (user * part) / localMinor;
      sharesCredited += share;
      const refundId = `${id}-refund-${refunds.length}`;
      if (collection) books.post('CLAWBACK', part, 'CLIENT_AVAILABLE', 'SETTLEMENT', id, null, COLLECTOR, 'BRL');
      if (share > 0n) books.post('CREDIT', share, 'SETTLEMENT', 'CLIENT_AVAILABLE', id);
      refunds.push({ id: refundId, orderId: id, status: 'COMPLETED', localAmountMinor: part, userAmountMinor: share });
      notifications.push({ orderId: id, event: 'REFUND', status: callback, bodyStatus: status, bodyErrorCode: null });
    };
    const paidOut = () => {
      const reserve = books.post('RESERVE', user, 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', id);
      books.post('COMMIT', user, 'CLIENT_RESERVED', 'SETTLEMENT', id, reserve.id);
      payout('COMPLETED', 1);
      payment('PROCESSING');
      payment('COMPLETED');
    };
    const collected = () => {
      const reserve = books.post('RESERVE', user, 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', id);
      books.post('COMMIT', user, 'CLIENT_RESERVED', 'SETTLEMENT', id, reserve.id);
      books.post('COLLECT', localMinor, 'SETTLEMENT', 'CLIENT_AVAILABLE', id, null, COLLECTOR, 'BRL');
      payment('COMPLETED');
    };
    const collection = (status: AuditOrder['status']): AuditOrder => ({
      ...order(status),
      flow: 'COLLECTION',
      collectorClientId: COLLECTOR,
    });

    switch (ending) {
      case 'PARTIALLY_REFUNDED':
        paidOut();
        refund(localMinor / 2n, false, false, 'PARTIALLY_REFUNDED');
        orders.push(order('PARTIALLY_REFUNDED'));
        break;
      case 'REFUNDED':
        paidOut();
        refund(localMinor / 2n, false, false, 'PARTIALLY_REFUNDED');
        refund(localMinor - localMinor / 2n, true, false, 'REFUNDED');
        orders.push(order('REFUNDED'));
        break;
      case 'COLLECTED':
        collected();
        orders.push(collection('COMPLETED'));
        break;
      case 'COLLECTED_PARTIALLY_REFUNDED':
        collected();
        refund(localMinor / 2n, false, true, 'PARTIALLY_REFUNDED');
        orders.push(collection('PARTIALLY_REFUNDED'));
        break;
      case 'COMPLETED': {
        const reserve = books.post('RESERVE', user, 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', id);
        books.post('COMMIT', user, 'CLIENT_RESERVED', 'SETTLEMENT', id, reserve.id);
        payout('COMPLETED', 1);
        payment('PROCESSING');
        payment('COMPLETED');
        orders.push(order('COMPLETED'));
        break;
      }
      case 'REJECTED': {
        const reserve = books.post('RESERVE', user, 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', id);
        books.post('RELEASE', user, 'CLIENT_RESERVED', 'CLIENT_AVAILABLE', id, reserve.id);
        payout('REJECTED', 1);
        payment('REJECTED', 'DESTINATION_REJECTED');
        orders.push(order('REJECTED', 'DESTINATION_REJECTED'));
        break;
      }
      case 'PROCESSING_UNCONFIRMED':
        books.post('RESERVE', user, 'CLIENT_AVAILABLE', 'CLIENT_RESERVED', id);
        // Asked, but every attempt failed at the rail: nothing settled yet.
        payout('NOT_FOUND', 0);
        payment('PROCESSING');
        orders.push(order('PROCESSING'));
        break;
      case 'EXPIRED':
        notifications.push({
          orderId: id,
          event: 'QR_EXPIRED',
          status: callback,
          bodyStatus: 'CANCELED',
          bodyErrorCode: 'EXPIRED',
        });
        orders.push(order('CANCELED', 'EXPIRED'));
        break;
      case 'FAILED_AT_PREVIEW':
        notifications.pop();
        notifications.push({
          orderId: id,
          event: 'PREVIEW',
          status: callback,
          bodyStatus: null,
          bodyErrorCode: 'UPSTREAM_ERROR',
        });
        orders.push({ ...order('FAILED', 'UPSTREAM_ERROR'), userAmountMinor: null, localAmount: null });
        break;
      case 'INSUFFICIENT_FUNDS':
        payment('FAILED', 'INSUFFICIENT_FUNDS');
        orders.push(order('FAILED', 'INSUFFICIENT_FUNDS'));
        break;
    }
  });
  return {
    orders,
    entries: books.entries,
    accounts: books.accounts(),
    notifications,
    payouts,
    payers: [
      { clientId: PAYER, currency: 'USD', fundedMinor: FUNDED },
      { clientId: COLLECTOR, currency: 'BRL', fundedMinor: 0n },
    ],
    refunds,
  };
}

const ALL_ENDINGS: Plan[] = ENDINGS.slice(0, 6).map((ending, index) => ({
  ending,
  cents: 1000 + index * 137,
  callback: 'DELIVERED',
}));

const violationsOf = (input: AuditInput) => auditMoney(input).flatMap((rule) => rule.violations);

/** A copy of `input` whose `kind` entry for `orderId` was posted once more (balances moved as well). */
function withDuplicate(input: AuditInput, orderId: string, kind: EntryKind): AuditInput {
  const original = input.entries.find((entry) => entry.reference === orderId && entry.kind === kind)!;
  return { ...input, entries: [...input.entries, { ...original, id: `${original.id}-again` }] };
}

/** Refunded and collected orders beside a plain completed one. */
const REFUNDS_AND_COLLECTIONS: Plan[] = (
  ['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED', 'COLLECTED', 'COLLECTED_PARTIALLY_REFUNDED'] as const
).map((ending, index) => ({
  ending,
  cents: 1001 + index * 210,
  callback: 'DELIVERED',
}));

const plan = fc.record({
  ending: fc.constantFrom<Ending>(...ENDINGS),
  cents: fc.integer({ min: 1, max: 50_000 }),
  callback: fc.constantFrom<AuditNotification['status']>('DELIVERED', 'PENDING'),
});

describe('chaos money audit', () => {
  it('finds nothing wrong in books that tell the same story as the rail, whatever the orders', () => {
    fc.assert(
      fc.property(fc.array(plan, { maxLength: 30 }), (plans) => expect(violationsOf(world(plans))).toEqual([])),
    );
  });

  it('catches any order entry posted twice', () => {
    const withOrderEntry = fc
      .array(plan, { minLength: 1, maxLength: 20 })
      .map(world)
      .filter((input) => input.entries.some((entry) => entry.reference !== null));
    fc.assert(
      fc.property(withOrderEntry, fc.nat(), (input, pick) => {
        const candidates = input.entries.filter((entry) => entry.reference !== null);
        const { reference, kind } = candidates[pick % candidates.length]!;
        expect(violationsOf(withDuplicate(input, reference!, kind))).not.toEqual([]);
      }),
    );
  });

  it('explains an order still PROCESSING whose payout the rail has not settled, and a callback still retrying', () => {
    const input = world([
      { ending: 'PROCESSING_UNCONFIRMED', cents: 500, callback: 'DELIVERED' },
      { ending: 'COMPLETED', cents: 700, callback: 'PENDING' },
    ]);
    expect(ordersFinalOrExplained(input)).toMatchObject({
      violations: [],
      notes: ['order order-0 is PROCESSING: its payout is NOT_FOUND at the rail (unconfirmed, funds held)'],
    });
    expect(finalCallbacksSent(input)).toMatchObject({
      violations: [],
      notes: ['order order-1: its PAYMENT callback (COMPLETED) is still being retried'],
    });
  });

  it('strictly, takes neither an order still paying nor a callback still retrying for an answer', () => {
    const input = world([
      { ending: 'PROCESSING_UNCONFIRMED', cents: 500, callback: 'DELIVERED' },
      { ending: 'COMPLETED', cents: 700, callback: 'PENDING' },
    ]);
    const [final, , , , , callbacks] = auditMoney(input, true);
    expect(final).toMatchObject({
      rule: 'every order final',
      violations: ['order order-0 is PROCESSING: its payout is NOT_FOUND at the rail (unconfirmed, funds held)'],
      notes: [],
    });
    expect(callbacks).toMatchObject({
      rule: 'every final callback delivered',
      violations: ['order order-1: its PAYMENT callback (COMPLETED) is still being retried'],
      notes: [],
    });
  });

  it('reports how much it checked', () => {
    expect(auditMoney(world(ALL_ENDINGS)).map((rule) => [rule.rule, rule.checked])).toEqual([
      ['every order final or explained', '6 orders'],
      ['ledger balanced', '6 entries, 4 accounts'],
      ["ledger equal to the rail's payouts", '1 paid order, 3 rail payouts'],
      ['refunds credited once, never beyond the debit', '0 refunds of 0 orders'],
      ['no debit twice', '6 orders, 2 payers'],
      ['every final callback delivered or retrying', '5 final orders'],
    ]);
  });

  describe('every order final or explained', () => {
    it('flags an order that is not final and not paying', () => {
      const input = world(ALL_ENDINGS);
      input.orders[3] = { ...input.orders[3]!, status: 'CREATED', errorCode: null };
      expect(ordersFinalOrExplained(input).violations).toEqual(['order order-3 is CREATED, not final']);
    });

    it('flags an order whose workflow has ended although the order is not final', () => {
      const input = world([{ ending: 'PROCESSING_UNCONFIRMED', cents: 500, callback: 'DELIVERED' }]);
      input.orders[0] = { ...input.orders[0]!, workflow: 'COMPLETED' };
      expect(ordersFinalOrExplained(input).violations).toEqual([
        'order order-0 is PROCESSING, but its workflow has ended (COMPLETED)',
      ]);
    });

    it('flags an order still PROCESSING whose payout never reached the rail', () => {
      const input = world([{ ending: 'PROCESSING_UNCONFIRMED', cents: 500, callback: 'DELIVERED' }]);
      input.payouts = [];
      expect(ordersFinalOrExplained(input).violations).toEqual([
        'order order-0 is PROCESSING, but the rail never received its payout',
      ]);
      input.payouts = [
        { payoutId: 'order-0', requests: 0, executions: 0, status: 'NOT_FOUND', amount: null, currency: null },
      ];
      expect(ordersFinalOrExplained(input).violations).toEqual([
        'order order-0 is PROCESSING, but the rail never received its payout',
      ]);
    });

    it('flags an order still PROCESSING once the rail has settled its payout', () => {
      const input = world([{ ending: 'PROCESSING_UNCONFIRMED', cents: 500, callback: 'DELIVERED' }]);
      input.payouts[0] = { ...input.payouts[0]!, status: 'COMPLETED', executions: 1 };
      expect(ordersFinalOrExplained(input).violations).toEqual([
        'order order-0 is PROCESSING although the rail settled its payout COMPLETED',
      ]);
    });
  });

  describe('ledger balanced', () => {
    it('flags an entry whose lines do not sum to zero, or do not move its amount', () => {
      const input = world(ALL_ENDINGS);
      input.entries[1] = { ...input.entries[1]!, lines: [-1000n, 999n] };
      input.entries[2] = { ...input.entries[2]!, amountMinor: 1n };
      expect(ledgerBalanced(input).violations).toEqual([
        'RESERVE entry e2: its lines sum to -1, not 0',
        'COMMIT entry e3: its lines move 1000, the entry says 1',
      ]);
    });

    it('flags a balance that differs from its lines, or from the entries, and a negative client balance', () => {
      const input = world(ALL_ENDINGS);
      const available = input.accounts.find((account) => account.kind === 'CLIENT_AVAILABLE')!;
      available.balanceMinor = -5n;
      const { violations } = ledgerBalanced(input);
      expect(violations).toEqual([
        expect.stringMatching(/^CLIENT_AVAILABLE USD of client payer-1: balance -5, its lines sum to \d+$/),
        expect.stringMatching(/^CLIENT_AVAILABLE USD of client payer-1: balance -5, its latest line recorded \d+$/),
        'CLIENT_AVAILABLE USD of client payer-1: negative balance -5',
        expect.stringMatching(/^all balances together are -\d+, not 0$/),
        expect.stringMatching(/^CLIENT_AVAILABLE USD of client payer-1: balance -5, its entries say \d+$/),
      ]);
    });

    it('flags a reserved balance that is not the sum of the open holds', () => {
      const input = world(ALL_ENDINGS);
      const reserved = input.accounts.find((account) => account.kind === 'CLIENT_RESERVED')!;
      const settlement = input.accounts.find((account) => account.kind === 'SETTLEMENT')!;
      // Moved consistently between two accounts (each still equal to its lines), but the hold is gone.
      reserved.balanceMinor = reserved.linesMinor = reserved.lastBalanceAfterMinor = 0n;
      settlement.balanceMinor =
        settlement.linesMinor =
        settlement.lastBalanceAfterMinor =
          settlement.balanceMinor + 1274n;
      expect(ledgerBalanced(input).violations).toEqual([
        'CLIENT_RESERVED USD of client payer-1: balance 0, its entries say 1274',
      ]);
    });
  });

  describe("ledger equal to the rail's payouts", () => {
    it('flags a COMPLETED order committed twice or for another amount', () => {
      const twice = withDuplicate(world(ALL_ENDINGS), 'order-0', 'COMMIT');
      expect(ledgerMatchesRail(twice).violations).toEqual(['COMPLETED order order-0 has 2 COMMITs, not 1']);

      const input = world(ALL_ENDINGS);
      input.entries.find((entry) => entry.kind === 'COMMIT')!.amountMinor = 999n;
      expect(ledgerMatchesRail(input).violations).toEqual([
        'COMPLETED order order-0: COMMIT of 999 USD, its user amount is 1000 USD',
      ]);
    });

    it('flags a COMPLETED order the rail never paid, or paid for another amount', () => {
      const unpaid = world(ALL_ENDINGS);
      unpaid.payouts = unpaid.payouts.filter((payout) => payout.payoutId !== 'order-0');
      expect(ledgerMatchesRail(unpaid).violations).toEqual([
        'COMPLETED order order-0 has no payout executed at the rail',
      ]);

      const other = world(ALL_ENDINGS);
      other.payouts[0] = { ...other.payouts[0]!, amount: '50.01' };
      expect(ledgerMatchesRail(other).violations).toEqual([
        'COMPLETED order order-0: the rail paid 50.01 BRL, the order is for 50.00 BRL',
      ]);

      const rejected = world(ALL_ENDINGS);
      rejected.payouts[0] = { ...rejected.payouts[0]!, status: 'REJECTED' };
      expect(ledgerMatchesRail(rejected).violations).toEqual([
        'COMPLETED order order-0: the rail says its payout is REJECTED',
      ]);
    });

    it('flags a payout executed twice', () => {
      const input = world(ALL_ENDINGS);
      input.payouts[0] = { ...input.payouts[0]!, executions: 2 };
      expect(ledgerMatchesRail(input).violations).toEqual(['payout order-0 was executed 2 times at the rail']);
    });

    it('flags a payout without a debit: the rail paid an order our books released, or an id we never made', () => {
      const input = world(ALL_ENDINGS);
      input.payouts[1] = { ...input.payouts[1]!, status: 'COMPLETED' };
      input.payouts.push({
        payoutId: 'stranger',
        requests: 1,
        executions: 1,
        status: 'COMPLETED',
        amount: '1.00',
        currency: 'BRL',
      });
      expect(ledgerMatchesRail(input).violations).toEqual([
        'the rail paid order order-1 (REJECTED), which was never debited',
        'the rail paid stranger, which is no order of ours',
      ]);
    });

    it('flags a debit for an order that is not COMPLETED', () => {
      const input = world(ALL_ENDINGS);
      const release = input.entries.find((entry) => entry.kind === 'RELEASE')!;
      release.kind = 'COMMIT';
      expect(ledgerMatchesRail(input).violations).toEqual(['order order-1 is REJECTED but was debited (1 COMMIT)']);
    });
  });

  describe('no debit twice', () => {
    it('flags a second hold, a second resolution, and a payer balance the orders do not explain', () => {
      expect(noDebitTwice(withDuplicate(world(ALL_ENDINGS), 'order-0', 'RESERVE')).violations).toEqual([
        'order order-0 has 2 RESERVE entries',
        'order order-0 is COMPLETED but its funds are still held',
      ]);
      expect(noDebitTwice(withDuplicate(world(ALL_ENDINGS), 'order-1', 'RELEASE')).violations).toEqual([
        'order order-1 has 2 COMMIT/RELEASE entries (RELEASE, RELEASE)',
        'order order-1: its reservation was resolved 2 times',
      ]);
    });

    it('flags a payer whose balance is not its funding less its paid orders', () => {
      const input = world(ALL_ENDINGS);
      input.orders[1] = { ...input.orders[1]!, status: 'COMPLETED' };
      expect(noDebitTwice(input).violations).toEqual([
        `payer payer-1: holds ${FUNDED - 1000n} USD; funded ${FUNDED} less ${1000n + 1137n} for paid orders is ${FUNDED - 1000n - 1137n}`,
      ]);
    });

    it('flags funds held for an order that ended, and an order PROCESSING without a hold', () => {
      const input = world(ALL_ENDINGS);
      input.entries = input.entries.filter((entry) => entry.kind !== 'RELEASE');
      input.entries = input.entries.filter((entry) => !(entry.reference === 'order-2' && entry.kind === 'RESERVE'));
      expect(noDebitTwice(input).violations).toEqual([
        'order order-1 is REJECTED but its funds are still held',
        'order order-2 is PROCESSING without a hold on its funds',
      ]);
    });
  });

  describe('refunds and collections', () => {
    it('finds nothing wrong in orders refunded in part or in full, and collections paid inside the service and refunded', () => {
      const input = world(REFUNDS_AND_COLLECTIONS);
      expect(violationsOf(input)).toEqual([]);
      expect(auditMoney(input, true).map((rule) => [rule.rule, rule.checked])).toEqual([
        ['every order final', '5 orders'],
        ['ledger balanced', '18 entries, 6 accounts'],
        ["ledger equal to the rail's payouts", '5 paid orders, 3 rail payouts'],
        ['refunds credited once, never beyond the debit', '4 refunds of 3 orders'],
        ['no debit twice', '5 orders, 2 payers'],
        ['every final callback delivered', '5 final orders'],
      ]);
    });

    it('flags a credit its refunds do not explain, and a REFUNDED order whose payer did not get everything back', () => {
      const input = world(REFUNDS_AND_COLLECTIONS);
      const [, partial] = input.orders;
      input.refunds.find((refund) => refund.orderId === partial!.id)!.userAmountMinor! += 1n;
      const full = input.orders[2]!;
      input.refunds = input.refunds.filter(
        (refund) => !(refund.orderId === full.id && refund.id.endsWith('-refund-2')),
      );
      expect(refundsCredited(input).violations).toEqual([
        `order ${partial!.id}: credited 605 to its payer, its COMPLETED refunds' shares sum to 606`,
        `order ${full.id}: credited 1421 to its payer, its COMPLETED refunds' shares sum to 710`,
      ]);
      const refundedWithout = world(REFUNDS_AND_COLLECTIONS);
      refundedWithout.entries = refundedWithout.entries.filter(
        (entry) => !(entry.kind === 'CREDIT' && entry.reference === full.id && entry.amountMinor === 711n),
      );
      refundedWithout.refunds = refundedWithout.refunds.filter((refund) => refund.userAmountMinor !== 711n);
      expect(refundsCredited(refundedWithout).violations).toEqual([
        `order ${full.id} is REFUNDED: credited 710 of the 1421 debited`,
      ]);
    });

    it('flags a refund of an order never paid, a refunded order without a refund, and a refund still PENDING when strict', () => {
      const input = world([...REFUNDS_AND_COLLECTIONS, { ending: 'EXPIRED', cents: 500, callback: 'DELIVERED' }]);
      input.refunds.push({
        id: 'stray',
        orderId: 'order-5',
        status: 'REJECTED',
        localAmountMinor: 100n,
        userAmountMinor: null,
      });
      input.refunds.push({
        id: 'waiting',
        orderId: 'order-0',
        status: 'PENDING',
        localAmountMinor: 100n,
        userAmountMinor: null,
      });
      input.refunds = input.refunds.filter((refund) => refund.orderId !== 'order-1');
      input.entries = input.entries.filter((entry) => !(entry.kind === 'CREDIT' && entry.reference === 'order-1'));
      expect(refundsCredited(input).violations).toEqual([
        'order order-1 is PARTIALLY_REFUNDED without a COMPLETED refund',
        'order order-5 is CANCELED, never paid, but has 1 refund',
      ]);
      expect(refundsCredited(input).notes).toEqual(['refund waiting of order order-0 is still PENDING']);
      expect(refundsCredited(input, true).violations).toContain('refund waiting of order order-0 is still PENDING');
    });

    it('flags a collection paid out at the rail, collected twice or not at all, and a refund its collector did not pay back', () => {
      const input = world(REFUNDS_AND_COLLECTIONS);
      input.payouts.push({
        payoutId: 'order-3',
        requests: 1,
        executions: 1,
        status: 'COMPLETED',
        amount: '76.05',
        currency: 'BRL',
      });
      expect(ledgerMatchesRail(input).violations).toEqual([
        'COMPLETED collection order-3 was paid out at the rail, though collections are paid inside the service',
      ]);
      expect(ledgerMatchesRail(withDuplicate(world(REFUNDS_AND_COLLECTIONS), 'order-3', 'COLLECT')).violations).toEqual(
        ['COMPLETED collection order-3 has 2 COLLECTs, not 1'],
      );
      const uncollected = world(REFUNDS_AND_COLLECTIONS);
      uncollected.entries = uncollected.entries.filter(
        (entry) => !(entry.kind === 'COLLECT' && entry.reference === 'order-3'),
      );
      expect(ledgerMatchesRail(uncollected).violations).toEqual(['COMPLETED collection order-3 has 0 COLLECTs, not 1']);
      const kept = world(REFUNDS_AND_COLLECTIONS);
      kept.entries = kept.entries.filter((entry) => entry.kind !== 'CLAWBACK');
      expect(refundsCredited(kept).violations).toEqual([
        'order order-4: took back 0 from its collector, its COMPLETED refunds returned 4602',
      ]);
    });

    it('flags a payer whose balance its paid orders, refunds and collections do not explain', () => {
      const input = world(REFUNDS_AND_COLLECTIONS);
      input.refunds = input.refunds.map((refund) =>
        refund.orderId === 'order-1' ? { ...refund, userAmountMinor: refund.userAmountMinor! - 5n } : refund,
      );
      expect(noDebitTwice(input).violations).toEqual([
        expect.stringMatching(
          /^payer payer-1: holds \d+ USD; funded 1000000 less \d+ for paid orders, plus \d+ refunded and 0 collected is \d+$/,
        ),
      ]);
      const collector = world(REFUNDS_AND_COLLECTIONS);
      collector.orders[3] = { ...collector.orders[3]!, localAmountMinor: 1n };
      expect(noDebitTwice(collector).violations).toEqual([
        expect.stringMatching(
          /^payer collector-1: holds \d+ BRL; funded 0 less 0 for paid orders, plus 0 refunded and \d+ collected is \d+$/,
        ),
      ]);
    });
  });

  describe('every final callback delivered or retrying', () => {
    it('flags a final order without a callback announcing its end, and one that failed for good', () => {
      const input = world(ALL_ENDINGS);
      input.notifications = input.notifications.filter((notification) => notification.event !== 'QR_EXPIRED');
      input.notifications = input.notifications.map((notification) =>
        notification.orderId === 'order-0' && notification.bodyStatus === 'COMPLETED'
          ? { ...notification, status: 'FAILED' }
          : notification,
      );
      expect(finalCallbacksSent(input).violations).toEqual([
        'order order-0: its PAYMENT callback (COMPLETED) FAILED for good',
        'order order-3 (CANCELED) has no final callback',
      ]);
    });

    it('does not take a PROCESSING callback, or a successful preview, for the final one', () => {
      const input = world(ALL_ENDINGS);
      input.notifications = input.notifications.filter(
        (notification) => !(notification.orderId === 'order-0' && notification.bodyStatus === 'COMPLETED'),
      );
      input.notifications = input.notifications.filter((notification) => !(notification.orderId === 'order-4'));
      input.notifications.push({
        orderId: 'order-4',
        event: 'PREVIEW',
        status: 'DELIVERED',
        bodyStatus: 'CREATED',
        bodyErrorCode: null,
      });
      expect(finalCallbacksSent(input).violations).toEqual([
        'order order-0 (COMPLETED) has no final callback',
        'order order-4 (FAILED) has no final callback',
      ]);
    });
  });
});
