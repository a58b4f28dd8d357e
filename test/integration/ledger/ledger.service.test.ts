import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { ClientsService } from '../../../src/auth/clients.service';
import { SecretBox } from '../../../src/auth/secret-box';
import { createDataSource } from '../../../src/db/data-source';
import {
  CreditExceedsDebitError,
  InsufficientFundsError,
  LedgerConflictError,
  ReservationNotFoundError,
  ReservationResolvedError,
} from '../../../src/ledger/ledger.errors';
import { LedgerService } from '../../../src/ledger/ledger.service';
import { applySpread, convert, CurrencyCode, Decimal, formatAmount, refundShare } from '../../../src/money';
import { expectLedgerInvariants } from './ledger-invariants';

describe('LedgerService on PostgreSQL', () => {
  let dataSource: DataSource;
  let ledger: LedgerService;
  let clients: ClientsService;

  beforeAll(async () => {
    dataSource = await createDataSource({ url: process.env.DATABASE_URL!, poolSize: 30 }).initialize();
    ledger = new LedgerService(dataSource);
    clients = new ClientsService(dataSource, new SecretBox(process.env.SECRETS_KEY!));
  });
  afterEach(() => expectLedgerInvariants(dataSource));
  afterAll(() => dataSource.destroy());

  const d = (value: string) => new Decimal(value);
  const op = (label: string) => `${label}:${randomUUID()}`;
  const newClient = async () => (await clients.create({ name: 'Ledger test' })).clientId;

  async function balance(clientId: string, currency: CurrencyCode) {
    const row = (await ledger.balances(clientId)).find((candidate) => candidate.currency === currency);
    return row && { available: formatAmount(row.available, currency), reserved: formatAmount(row.reserved, currency) };
  }

  /** Everything the ledger holds for one client (other test files write to the same database). */
  async function footprint(clientId: string) {
    const [row] = await dataSource.query(
      `SELECT (SELECT count(*) FROM ledger_accounts WHERE client_id = $1)::int AS accounts,
              (SELECT count(*) FROM journal_entries WHERE client_id = $1)::int AS entries,
              (SELECT count(*) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.client_id = $1)::int AS lines,
              (SELECT coalesce(sum(balance_minor), 0)::text FROM ledger_accounts WHERE client_id = $1) AS held`,
      [clientId],
    );
    return row;
  }

  it('funds a client from the FUNDING account, creating its accounts on first use', async () => {
    const clientId = await newClient();
    expect(await ledger.balances(clientId)).toEqual([]);

    const entry = await ledger.fund(op('fund'), clientId, 'USD', d('1000.50'));

    expect(entry).toMatchObject({
      kind: 'FUND',
      clientId,
      currency: 'USD',
      reference: null,
      reservationOperationId: null,
    });
    expect(entry.amount.toFixed(2)).toBe('1000.50');
    expect(await balance(clientId, 'USD')).toEqual({ available: '1000.50', reserved: '0.00' });
    expect(await footprint(clientId)).toEqual({ accounts: 2, entries: 1, lines: 2, held: '100050' });
  });

  it('never overdraws: of 200 concurrent reserves against a balance covering 33, exactly 33 succeed', async () => {
    const clientId = await newClient();
    await ledger.fund(op('fund'), clientId, 'USD', d('1000.00'));

    const outcomes = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        ledger.reserve(op(`reserve-${i}`), clientId, 'USD', d('30.00'), `order-${i}`),
      ),
    );

    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
    expect(succeeded).toHaveLength(Math.floor(100_000 / 3_000));
    expect(refused.every((outcome) => outcome.reason instanceof InsufficientFundsError)).toBe(true);
    expect(await balance(clientId, 'USD')).toEqual({ available: '10.00', reserved: '990.00' });
    expect((await footprint(clientId)).entries).toBe(1 + 33);
  });

  it('refuses a reservation it cannot cover with InsufficientFundsError and writes nothing', async () => {
    const funded = await newClient();
    await ledger.fund(op('fund'), funded, 'BRL', d('50.00'));
    const before = await footprint(funded);

    const refusal = ledger.reserve(op('reserve'), funded, 'BRL', d('50.01'), 'order-1');
    await expect(refusal).rejects.toBeInstanceOf(InsufficientFundsError);
    await expect(refusal).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(await footprint(funded)).toEqual(before);

    // A client without any account in the currency gets the same answer, and still no account.
    const unfunded = await newClient();
    await expect(ledger.reserve(op('reserve'), unfunded, 'BRL', d('1.00'), 'order-2')).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
    expect(await footprint(unfunded)).toEqual({ accounts: 0, entries: 0, lines: 0, held: '0' });
  });

  it('replaying an operation id returns the original entry and changes nothing', async () => {
    const clientId = await newClient();
    const ids = { fund: op('fund'), reserve: op('reserve'), commit: op('commit'), credit: op('credit') };
    const run = () => [
      () => ledger.fund(ids.fund, clientId, 'USD', d('100.00')),
      () => ledger.reserve(ids.reserve, clientId, 'USD', d('60.00'), 'order-1'),
      () => ledger.commit(ids.commit, ids.reserve),
      () => ledger.credit(ids.credit, clientId, 'USD', d('10.00'), 'order-1'),
    ];
    const originals = [];
    for (const step of run()) originals.push(await step());
    const after = await footprint(clientId);
    const balances = await balance(clientId, 'USD');

    for (const [i, step] of run().entries()) {
      expect(await step()).toEqual(originals[i]);
    }
    expect(await footprint(clientId)).toEqual(after);
    expect(await balance(clientId, 'USD')).toEqual(balances);
    expect(balances).toEqual({ available: '50.00', reserved: '0.00' });
  });

  it('writes one entry when the same operation is retried concurrently', async () => {
    const clientId = await newClient();
    await ledger.fund(op('fund'), clientId, 'USD', d('25.00'));
    const reserveId = op('reserve');

    const results = await Promise.all(
      Array.from({ length: 20 }, () => ledger.reserve(reserveId, clientId, 'USD', d('25.00'), 'order-1')),
    );

    expect(new Set(results.map((result) => result.entryId)).size).toBe(1);
    expect(await balance(clientId, 'USD')).toEqual({ available: '0.00', reserved: '25.00' });
  });

  it('refuses an operation id reused with a different amount, client, currency or reference', async () => {
    const clientId = await newClient();
    const other = await newClient();
    const fundId = op('fund');
    await ledger.fund(fundId, clientId, 'USD', d('100.00'));
    await ledger.fund(op('fund'), clientId, 'EUR', d('100.00'));
    const reserveId = op('reserve');
    await ledger.reserve(reserveId, clientId, 'USD', d('10.00'), 'order-1');
    const before = await footprint(clientId);

    const conflicts: Array<[Promise<unknown>, string[]]> = [
      [ledger.fund(fundId, clientId, 'USD', d('100.01')), ['amount']],
      [ledger.fund(fundId, other, 'USD', d('100.00')), ['client']],
      [ledger.reserve(reserveId, clientId, 'EUR', d('10.00'), 'order-1'), ['currency']],
      [ledger.reserve(reserveId, clientId, 'USD', d('10.00'), 'order-2'), ['reference']],
      [ledger.commit(fundId, reserveId), ['kind', 'reservation']],
    ];
    for (const [attempt, fields] of conflicts) {
      await expect(attempt).rejects.toBeInstanceOf(LedgerConflictError);
      await expect(attempt).rejects.toMatchObject({
        code: 'EXISTS_WITH_DIFFERENT_PARAMETERS',
        differentFields: fields,
      });
    }
    expect(await footprint(clientId)).toEqual(before);
    expect(await footprint(other)).toEqual({ accounts: 0, entries: 0, lines: 0, held: '0' });
  });

  it('resolves a reservation once: commit after release, release after commit and a second commit are refused', async () => {
    const clientId = await newClient();
    await ledger.fund(op('fund'), clientId, 'PEN', d('300.00'));
    const released = op('reserve');
    const committed = op('reserve');
    await ledger.reserve(released, clientId, 'PEN', d('100.00'), 'order-1');
    await ledger.reserve(committed, clientId, 'PEN', d('100.00'), 'order-2');

    const releaseId = op('release');
    await ledger.release(releaseId, released);
    await ledger.commit(op('commit'), committed);

    await expect(ledger.commit(op('commit'), released)).rejects.toMatchObject({
      code: 'RESERVATION_ALREADY_RESOLVED',
      resolution: 'RELEASE',
      resolvedBy: releaseId,
    });
    await expect(ledger.release(op('release'), committed)).rejects.toBeInstanceOf(ReservationResolvedError);
    await expect(ledger.commit(op('commit'), committed)).rejects.toBeInstanceOf(ReservationResolvedError);
    await expect(ledger.commit(op('commit'), 'no-such-reservation')).rejects.toBeInstanceOf(ReservationNotFoundError);
    expect(await balance(clientId, 'PEN')).toEqual({ available: '200.00', reserved: '0.00' });
  });

  it('lets exactly one of a racing commit and release resolve a reservation', async () => {
    const clientId = await newClient();
    await ledger.fund(op('fund'), clientId, 'USD', d('10.00'));
    const reserveId = op('reserve');
    await ledger.reserve(reserveId, clientId, 'USD', d('10.00'), 'order-1');

    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        i % 2 ? ledger.commit(op('commit'), reserveId) : ledger.release(op('release'), reserveId),
      ),
    );

    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    const { reserved, available } = (await balance(clientId, 'USD'))!;
    expect(reserved).toBe('0.00');
    expect(['0.00', '10.00']).toContain(available);
  });

  it('credits a refund from SETTLEMENT, never more than was committed for the order', async () => {
    const clientId = await newClient();
    await ledger.fund(op('fund'), clientId, 'USD', d('100.00'));
    const reserveId = op('reserve');
    await ledger.reserve(reserveId, clientId, 'USD', d('80.00'), 'order-1');
    await ledger.commit(op('commit'), reserveId);
    expect(await balance(clientId, 'USD')).toEqual({ available: '20.00', reserved: '0.00' });

    const credit = await ledger.credit(op('credit'), clientId, 'USD', d('30.00'), 'order-1');
    expect(credit).toMatchObject({ kind: 'CREDIT', reference: 'order-1' });
    expect(await balance(clientId, 'USD')).toEqual({ available: '50.00', reserved: '0.00' });

    await expect(ledger.credit(op('credit'), clientId, 'USD', d('50.01'), 'order-1')).rejects.toBeInstanceOf(
      CreditExceedsDebitError,
    );
    await expect(ledger.credit(op('credit'), clientId, 'USD', d('1.00'), 'order-never-paid')).rejects.toBeInstanceOf(
      CreditExceedsDebitError,
    );
    await ledger.credit(op('credit'), clientId, 'USD', d('50.00'), 'order-1');
    expect(await balance(clientId, 'USD')).toEqual({ available: '100.00', reserved: '0.00' });
  });

  it('credits a collector what it collected, and takes back no more than that, nor more than it holds', async () => {
    const collector = await newClient();
    const order = randomUUID();
    await ledger.collect(op('collect'), collector, 'BRL', d('100.00'), order);
    expect(await balance(collector, 'BRL')).toEqual({ available: '100.00', reserved: '0.00' });
    await ledger.clawBack(op('clawback'), collector, 'BRL', d('40.00'), order);
    expect(await balance(collector, 'BRL')).toEqual({ available: '60.00', reserved: '0.00' });
    await expect(ledger.clawBack(op('clawback'), collector, 'BRL', d('60.01'), order)).rejects.toBeInstanceOf(
      CreditExceedsDebitError,
    );

    // Spent elsewhere: what is left of the collection cannot be taken back from an empty account.
    const spender = await newClient();
    const other = randomUUID();
    await ledger.collect(op('collect'), spender, 'BRL', d('10.00'), other);
    await ledger.reserve(op('reserve'), spender, 'BRL', d('10.00'), randomUUID());
    await expect(ledger.clawBack(op('clawback'), spender, 'BRL', d('5.00'), other)).rejects.toBeInstanceOf(
      InsufficientFundsError,
    );
  });

  it('worked example (docs/ledger.md): 100.00 BRL paid as 18.62 USD, then 40.00 BRL refunded as 7.44 USD', async () => {
    const clientId = await newClient();
    await ledger.fund(`fund:${clientId}`, clientId, 'USD', d('1000.00'));

    // The simulator's BRL→USD mid rate (1 / 5.45 at 10 decimals) and the default 150 bps spread.
    const rate = applySpread(d('0.1834862385'), 150);
    expect(rate.toFixed()).toBe('0.1862385321');
    const debited = convert(d('100.00'), rate, 'USD');
    expect(debited.toFixed(2)).toBe('18.62');

    const orderId = randomUUID();
    await ledger.reserve(`order:${orderId}:reserve`, clientId, 'USD', debited, orderId);
    expect(await balance(clientId, 'USD')).toEqual({ available: '981.38', reserved: '18.62' });
    await ledger.commit(`order:${orderId}:commit`, `order:${orderId}:reserve`);
    expect(await balance(clientId, 'USD')).toEqual({ available: '981.38', reserved: '0.00' });

    const share = refundShare({
      debited,
      localTotal: d('100.00'),
      localRefundedBefore: d('0'),
      localRefundNow: d('40.00'),
      currency: 'USD',
    });
    expect(share.toFixed(2)).toBe('7.44');
    await ledger.credit(`refund:${randomUUID()}:credit`, clientId, 'USD', share, orderId);
    expect(await balance(clientId, 'USD')).toEqual({ available: '988.82', reserved: '0.00' });

    const [settlementLines] = await dataSource.query(
      `SELECT array_agg(l.amount_minor::text ORDER BY l.id) AS amounts
       FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id JOIN journal_entries e ON e.id = l.entry_id
       WHERE a.kind = 'SETTLEMENT' AND e.reference = $1`,
      [orderId],
    );
    expect(settlementLines.amounts).toEqual(['1862', '-744']);
  });

  it('rejects an unbalanced entry at COMMIT and any change to the journal', async () => {
    const clientId = await newClient();
    const entry = await ledger.fund(op('fund'), clientId, 'USD', d('5.00'));
    const [account] = await dataSource.query(
      `SELECT id FROM ledger_accounts WHERE client_id = $1 AND kind = 'CLIENT_AVAILABLE'`,
      [clientId],
    );

    const unbalanced = dataSource.transaction(async (tx) => {
      const entryId = randomUUID();
      await tx.query(
        `INSERT INTO journal_entries (id, operation_id, kind, client_id, currency, amount_minor) VALUES ($1, $2, 'FUND', $3, 'USD', 100)`,
        [entryId, op('forged'), clientId],
      );
      await tx.query(
        `INSERT INTO journal_lines (entry_id, account_id, amount_minor, balance_after_minor) VALUES ($1, $2, 100, 600)`,
        [entryId, account.id],
      );
    });
    await expect(unbalanced).rejects.toThrow(/does not balance/);
    await expect(
      dataSource.query(`UPDATE journal_lines SET amount_minor = 1 WHERE entry_id = $1`, [entry.entryId]),
    ).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM journal_entries WHERE id = $1`, [entry.entryId])).rejects.toThrow(
      /append-only/,
    );
    await expect(
      dataSource.query(`UPDATE ledger_accounts SET balance_minor = -1 WHERE id = $1`, [account.id]),
    ).rejects.toThrow(/not_negative/);
  });
});
