import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { CurrencyCode, Decimal, fromMinorUnits, toMinorUnits } from '../money';
import type { EntryKind } from './journal-entry.entity';
import { AccountKind, LedgerAccountEntity } from './ledger-account.entity';
import {
  CreditExceedsDebitError,
  InsufficientFundsError,
  LedgerConflictError,
  ReservationNotFoundError,
  ReservationResolvedError,
} from './ledger.errors';

/** What every operation returns, the first time and on every replay of its operation id. */
export interface LedgerEntry {
  entryId: string;
  operationId: string;
  kind: EntryKind;
  clientId: string;
  currency: CurrencyCode;
  amount: Decimal;
  reference: string | null;
  /** For COMMIT and RELEASE: the operation id of the reservation they resolve. */
  reservationOperationId: string | null;
  createdAt: Date;
}

export interface AccountBalance {
  currency: CurrencyCode;
  available: Decimal;
  reserved: Decimal;
}

export interface Movement {
  /** The journal line id, increasing with time within an account. */
  id: string;
  entryId: string;
  operationId: string;
  kind: EntryKind;
  account: 'AVAILABLE' | 'RESERVED';
  /** Signed: positive adds to the account, negative takes from it. */
  amount: Decimal;
  balanceAfter: Decimal;
  reference: string | null;
  createdAt: Date;
}

/** The caller's description of an operation, compared field by field when its id is replayed. */
type OperationSpec =
  | {
      kind: 'FUND' | 'RESERVE' | 'CREDIT' | 'COLLECT' | 'CLAWBACK';
      clientId: string;
      currency: CurrencyCode;
      amountMinor: bigint;
      reference: string | null;
    }
  | { kind: 'COMMIT' | 'RELEASE'; reserveOperationId: string };

/** One client's money moving for a reference (see LedgerService.move). */
interface ClientMovement {
  kind: 'RESERVE' | 'CREDIT' | 'COLLECT' | 'CLAWBACK';
  clientId: string;
  currency: CurrencyCode;
  amount: Decimal;
  reference: string;
  from: AccountKind;
  to: AccountKind;
  within?: { added: EntryKind; taken: EntryKind };
}

interface AccountRef {
  /** Null for the service's own accounts. */
  clientId: string | null;
  currency: CurrencyCode;
  kind: AccountKind;
}

/** One balanced two-line entry: amountMinor leaves `debit` and arrives in `credit`. */
interface Posting {
  clientId: string;
  currency: CurrencyCode;
  amountMinor: bigint;
  reference: string | null;
  reservation: { entryId: string; operationId: string } | null;
  debit: AccountRef;
  credit: AccountRef;
  /** Extra preconditions, checked while the accounts are locked. */
  guard?: (tx: EntityManager) => Promise<void>;
}

/** An account row locked by the transaction at hand, with its balance as locked. */
interface LockedAccount {
  id: string;
  balance: bigint;
}

interface EntryRow {
  id: string;
  operation_id: string;
  kind: EntryKind;
  client_id: string;
  currency: CurrencyCode;
  amount_minor: string;
  reference: string | null;
  created_at: Date;
  reservation_operation_id: string | null;
}

const MAX_ID_LENGTH = 255;
const MAX_PAGE_SIZE = 200;

const SELECT_ENTRY = `
  SELECT e.id, e.operation_id, e.kind, e.client_id, e.currency, e.amount_minor, e.reference,
         e.created_at, r.operation_id AS reservation_operation_id
  FROM journal_entries e LEFT JOIN journal_entries r ON r.id = e.reservation_entry_id
  WHERE e.operation_id = $1`;

function assertId(name: string, value: string): void {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_ID_LENGTH) {
    throw new RangeError(`${name} must be 1 to ${MAX_ID_LENGTH} characters`);
  }
}

function positiveMinor(amount: Decimal, currency: CurrencyCode): bigint {
  const minor = toMinorUnits(amount, currency);
  if (minor <= 0n) throw new RangeError(`Ledger amounts must be positive, got ${amount.toFixed()}`);
  return minor;
}

const isClientAccount = (kind: AccountKind) => kind === 'CLIENT_AVAILABLE' || kind === 'CLIENT_RESERVED';
const clientAccount = (clientId: string, currency: CurrencyCode, kind: AccountKind): AccountRef => ({
  clientId,
  currency,
  kind,
});
const serviceAccount = (currency: CurrencyCode, kind: AccountKind): AccountRef => ({ clientId: null, currency, kind });

function isUniqueViolation(error: unknown, constraint: string): boolean {
  const driverError =
    error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
  return driverError?.code === '23505' && driverError.constraint === constraint;
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    entryId: row.id,
    operationId: row.operation_id,
    kind: row.kind,
    clientId: row.client_id,
    currency: row.currency,
    amount: fromMinorUnits(BigInt(row.amount_minor), row.currency),
    reference: row.reference,
    reservationOperationId: row.reservation_operation_id,
    createdAt: row.created_at,
  };
}

/** The fields in which a stored entry differs from what its operation id is now asked to do. */
function differences(row: EntryRow, spec: OperationSpec): string[] {
  const fields: string[] = [];
  if (row.kind !== spec.kind) fields.push('kind');
  if ('reserveOperationId' in spec) {
    if (row.reservation_operation_id !== spec.reserveOperationId) fields.push('reservation');
    return fields;
  }
  if (row.client_id !== spec.clientId) fields.push('client');
  if (row.currency !== spec.currency) fields.push('currency');
  if (BigInt(row.amount_minor) !== spec.amountMinor) fields.push('amount');
  if (row.reference !== spec.reference) fields.push('reference');
  return fields;
}

/**
 * The double-entry ledger of the clients' pre-funded accounts. Every operation writes one
 * balanced entry, is idempotent on the caller's operation id, and locks the account rows it
 * moves money between (in id order, so two operations never deadlock) before checking a
 * balance, so concurrent reservations can never overdraw. A plain class: Temporal activities
 * construct it with a DataSource, the API gets it from LedgerModule.
 */
export class LedgerService {
  constructor(private readonly dataSource: DataSource) {}

  /** Money enters a client's available balance from outside (the FUNDING account). */
  fund(operationId: string, clientId: string, currency: CurrencyCode, amount: Decimal): Promise<LedgerEntry> {
    const spec = {
      kind: 'FUND',
      clientId,
      currency,
      amountMinor: positiveMinor(amount, currency),
      reference: null,
    } as const;
    return this.execute(operationId, spec, async () => ({
      ...spec,
      reservation: null,
      debit: serviceAccount(currency, 'FUNDING'),
      credit: clientAccount(clientId, currency, 'CLIENT_AVAILABLE'),
    }));
  }

  /**
   * A hold: available → reserved. Throws InsufficientFundsError, writing nothing, when it does
   * not fit. Like commit, release and credit, it runs inside `tx` when given, so it commits
   * with the caller's change (an order's transition) or not at all.
   */
  reserve(
    operationId: string,
    clientId: string,
    currency: CurrencyCode,
    amount: Decimal,
    reference: string,
    tx?: EntityManager,
  ): Promise<LedgerEntry> {
    return this.move(
      operationId,
      { kind: 'RESERVE', clientId, currency, amount, reference, from: 'CLIENT_AVAILABLE', to: 'CLIENT_RESERVED' },
      tx,
    );
  }

  /** Posts a whole reservation: reserved → SETTLEMENT (the money leaves for the rail). */
  commit(operationId: string, reserveOperationId: string, tx?: EntityManager): Promise<LedgerEntry> {
    return this.resolve(operationId, 'COMMIT', reserveOperationId, tx);
  }

  /** Voids a whole reservation: reserved → available. */
  release(operationId: string, reserveOperationId: string, tx?: EntityManager): Promise<LedgerEntry> {
    return this.resolve(operationId, 'RELEASE', reserveOperationId, tx);
  }

  /**
   * A refund: SETTLEMENT → available. `reference` is the order the money was committed for;
   * credits for a reference never exceed what was committed for it.
   */
  credit(
    operationId: string,
    clientId: string,
    currency: CurrencyCode,
    amount: Decimal,
    reference: string,
    tx?: EntityManager,
  ): Promise<LedgerEntry> {
    const movement = {
      kind: 'CREDIT',
      clientId,
      currency,
      amount,
      reference,
      from: 'SETTLEMENT',
      to: 'CLIENT_AVAILABLE',
    } as const;
    return this.move(operationId, { ...movement, within: { added: 'COMMIT', taken: 'CREDIT' } }, tx);
  }

  /** A collected payment reaches its collector: SETTLEMENT → the collector's available, in the local currency. */
  collect(
    operationId: string,
    clientId: string,
    currency: CurrencyCode,
    amount: Decimal,
    reference: string,
    tx?: EntityManager,
  ): Promise<LedgerEntry> {
    return this.move(
      operationId,
      { kind: 'COLLECT', clientId, currency, amount, reference, from: 'SETTLEMENT', to: 'CLIENT_AVAILABLE' },
      tx,
    );
  }

  /**
   * A refund of a collected payment takes the refunded amount back from the collector: its
   * available → SETTLEMENT. Never more than was collected for the reference; InsufficientFundsError
   * when the collector's balance does not cover it.
   */
  clawBack(
    operationId: string,
    clientId: string,
    currency: CurrencyCode,
    amount: Decimal,
    reference: string,
    tx?: EntityManager,
  ): Promise<LedgerEntry> {
    const movement = {
      kind: 'CLAWBACK',
      clientId,
      currency,
      amount,
      reference,
      from: 'CLIENT_AVAILABLE',
      to: 'SETTLEMENT',
    } as const;
    return this.move(operationId, { ...movement, within: { added: 'COLLECT', taken: 'CLAWBACK' } }, tx);
  }

  /**
   * One client's money moving for a reference, between one of its accounts and another or the
   * service's SETTLEMENT account; `within` caps what flows back for the reference by what
   * flowed in.
   */
  private move(operationId: string, movement: ClientMovement, tx?: EntityManager): Promise<LedgerEntry> {
    const { kind, clientId, currency, amount, reference, within } = movement;
    assertId('reference', reference);
    const spec = { kind, clientId, currency, amountMinor: positiveMinor(amount, currency), reference };
    const account = (accountKind: AccountKind): AccountRef =>
      accountKind.startsWith('CLIENT_')
        ? clientAccount(clientId, currency, accountKind)
        : serviceAccount(currency, accountKind);
    return this.execute(
      operationId,
      spec,
      async () => ({
        ...spec,
        reservation: null,
        debit: account(movement.from),
        credit: account(movement.to),
        ...(within
          ? {
              guard: (locked: EntityManager) =>
                this.assertWithin(locked, clientId, currency, reference, spec.amountMinor, within),
            }
          : {}),
      }),
      tx,
    );
  }

  /** The client's balances, one row per currency it has an account in, by currency code. */
  async balances(clientId: string): Promise<AccountBalance[]> {
    const accounts = await this.dataSource
      .getRepository(LedgerAccountEntity)
      .find({ where: { clientId }, order: { currency: 'ASC' } });
    const byCurrency = new Map<CurrencyCode, AccountBalance>();
    for (const account of accounts) {
      const currency = account.currency as CurrencyCode;
      const balance = byCurrency.get(currency) ?? { currency, available: new Decimal(0), reserved: new Decimal(0) };
      const amount = fromMinorUnits(account.balanceMinor, currency);
      if (account.kind === 'CLIENT_AVAILABLE') balance.available = amount;
      else balance.reserved = amount;
      byCurrency.set(currency, balance);
    }
    return [...byCurrency.values()];
  }

  /**
   * The lines of the client's accounts in `currency`, newest first (by line id, which grows with
   * time), a page at a time; null when it has none. `page` names the page either by the last line
   * id the previous one showed (`after`: a cursor, which new lines never shift) or, deprecated, by
   * an offset (`offset`: counted from the newest, so a line written between two reads shifts every
   * page after it, and each page counts the whole journal for its total). At most `limit` lines, or
   * `limit` + 1 when older ones follow, so the caller knows (cursorPage).
   */
  async movements(
    clientId: string,
    currency: CurrencyCode,
    page: { limit: number; after?: string } | { limit: number; offset: number },
  ): Promise<Movement[] | null> {
    const { limit } = page;
    const offset = 'offset' in page ? page.offset : 0;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE_SIZE || !Number.isInteger(offset) || offset < 0) {
      throw new RangeError(`Invalid limit ${limit} / offset ${offset}`);
    }
    const accounts = await this.dataSource.getRepository(LedgerAccountEntity).findBy({ clientId, currency });
    if (accounts.length === 0) return null;
    const accountIds = accounts.map((account) => account.id);
    const after = 'after' in page ? (page.after ?? null) : null;
    const rows: Array<
      EntryRow & { line_id: string; line_amount_minor: string; balance_after_minor: string; account_kind: AccountKind }
    > = await this.dataSource.query(
      `SELECT l.id AS line_id, l.amount_minor AS line_amount_minor, l.balance_after_minor, a.kind AS account_kind,
                e.id, e.operation_id, e.kind, e.reference, e.created_at
         FROM journal_lines l
         JOIN ledger_accounts a ON a.id = l.account_id
         JOIN journal_entries e ON e.id = l.entry_id
         WHERE l.account_id = ANY($1::uuid[]) AND ($4::bigint IS NULL OR l.id < $4::bigint)
         ORDER BY l.id DESC
         LIMIT $2 OFFSET $3`,
      [accountIds, limit + 1, offset, after],
    );
    return rows.map((row) => ({
      id: row.line_id,
      entryId: row.id,
      operationId: row.operation_id,
      kind: row.kind,
      account: row.account_kind === 'CLIENT_AVAILABLE' ? 'AVAILABLE' : 'RESERVED',
      amount: fromMinorUnits(BigInt(row.line_amount_minor), currency),
      balanceAfter: fromMinorUnits(BigInt(row.balance_after_minor), currency),
      reference: row.reference,
      createdAt: row.created_at,
    }));
  }

  /** How many lines the client's accounts in `currency` hold: the deprecated offset paging's `total` only. */
  async movementCount(clientId: string, currency: CurrencyCode): Promise<number> {
    const [{ total }] = await this.dataSource.query<[{ total: number }]>(
      `SELECT count(*)::int AS total FROM journal_lines l JOIN ledger_accounts a ON a.id = l.account_id
        WHERE a.client_id = $1 AND a.currency = $2`,
      [clientId, currency],
    );
    return total;
  }

  private async resolve(
    operationId: string,
    kind: 'COMMIT' | 'RELEASE',
    reserveOperationId: string,
    tx?: EntityManager,
  ): Promise<LedgerEntry> {
    assertId('reserveOperationId', reserveOperationId);
    return this.execute(
      operationId,
      { kind, reserveOperationId },
      async (manager) => {
        // The reservation and whatever already resolved it, in one read.
        const [reservation]: Array<{
          id: string;
          client_id: string;
          currency: CurrencyCode;
          amount_minor: string;
          reference: string | null;
          resolved_kind: 'COMMIT' | 'RELEASE' | null;
          resolved_by: string | null;
        }> = await manager.query(
          `SELECT r.id, r.client_id, r.currency, r.amount_minor, r.reference, x.kind AS resolved_kind, x.operation_id AS resolved_by
             FROM journal_entries r LEFT JOIN journal_entries x ON x.reservation_entry_id = r.id
             WHERE r.operation_id = $1 AND r.kind = 'RESERVE'`,
          [reserveOperationId],
        );
        if (!reservation) throw new ReservationNotFoundError(reserveOperationId);
        if (reservation.resolved_kind !== null)
          throw new ReservationResolvedError(reserveOperationId, reservation.resolved_kind, reservation.resolved_by!);
        const { client_id: clientId, currency } = reservation;
        return {
          clientId,
          currency,
          amountMinor: BigInt(reservation.amount_minor),
          reference: reservation.reference,
          reservation: { entryId: reservation.id, operationId: reserveOperationId },
          debit: clientAccount(clientId, currency, 'CLIENT_RESERVED'),
          credit:
            kind === 'COMMIT'
              ? serviceAccount(currency, 'SETTLEMENT')
              : clientAccount(clientId, currency, 'CLIENT_AVAILABLE'),
          // On its own transaction a commit and a release of one reservation may race: the loser
          // finds the winner's entry once it holds the locks. In an order's change they are two
          // steps of that order, which its row lock keeps apart: the read above saw the other.
          ...(tx
            ? {}
            : { guard: (locked: EntityManager) => this.assertUnresolved(locked, reservation.id, reserveOperationId) }),
        };
      },
      tx,
    );
  }

  /**
   * The one write path, in one transaction (the caller's when given). On its own transaction the
   * replay check runs under the locks, so that a replay racing its original returns the original
   * result instead of, say, InsufficientFundsError for the money the original just took; it also
   * runs once before, cheaply, so that a replay neither locks nor creates accounts. In a caller's
   * transaction both are left out: the callers are an order's changes (OrderRepository.apply),
   * which run their ledger entries only for a step not written yet, with the order's row locked,
   * and each entry's operation id names its order and step, so neither could find anything. The
   * unique operation id still refuses a second entry there (an error, never a second movement).
   */
  private async execute(
    operationId: string,
    spec: OperationSpec,
    plan: (manager: EntityManager) => Promise<Posting>,
    outer?: EntityManager,
  ): Promise<LedgerEntry> {
    assertId('operationId', operationId);
    if (outer) return this.executeIn(outer, operationId, spec, plan, false);
    try {
      return await this.dataSource.transaction((tx) => this.executeIn(tx, operationId, spec, plan, true));
    } catch (error) {
      // Same id, different accounts: the unique operation id made us wait for the winner.
      if (isUniqueViolation(error, 'journal_entries_operation_id_uq')) {
        const winner = await this.findEntry(this.dataSource.manager, operationId);
        if (winner) return this.replay(winner, spec);
      }
      throw error;
    }
  }

  /**
   * Every statement uses the transaction's connection (a second one, taken while this one holds
   * locks, could exhaust the pool), and a unique violation aborts the transaction, whose retry
   * then finds the winner's entry.
   */
  private async executeIn(
    tx: EntityManager,
    operationId: string,
    spec: OperationSpec,
    plan: (manager: EntityManager) => Promise<Posting>,
    checkReplays: boolean,
  ): Promise<LedgerEntry> {
    const existing = checkReplays ? await this.findEntry(tx, operationId) : undefined;
    if (existing) return this.replay(existing, spec);
    const posting = await plan(tx);
    const accounts = await this.lockedAccounts(tx, posting);
    if (accounts.debit === null) {
      // A client account that does not exist yet has a zero balance: nothing to take from.
      throw new InsufficientFundsError(
        posting.clientId,
        posting.currency,
        new Decimal(0),
        fromMinorUnits(posting.amountMinor, posting.currency),
      );
    }
    return this.post(tx, operationId, spec, posting, accounts.debit, accounts.credit, checkReplays);
  }

  /** With both accounts locked: re-checks for a racing replay (when asked), runs the guard and writes the entry. */
  private async post(
    tx: EntityManager,
    operationId: string,
    spec: OperationSpec,
    posting: Posting,
    debit: LockedAccount,
    credit: LockedAccount,
    checkReplays: boolean,
  ): Promise<LedgerEntry> {
    const raced = checkReplays ? await this.findEntry(tx, operationId) : undefined;
    if (raced) return this.replay(raced, spec);
    await posting.guard?.(tx);
    if (isClientAccount(posting.debit.kind) && debit.balance < posting.amountMinor) {
      throw new InsufficientFundsError(
        posting.clientId,
        posting.currency,
        fromMinorUnits(debit.balance, posting.currency),
        fromMinorUnits(posting.amountMinor, posting.currency),
      );
    }
    return this.write(tx, operationId, spec.kind, posting, [debit.id, debit.balance], [credit.id, credit.balance]);
  }

  private replay(row: EntryRow, spec: OperationSpec): LedgerEntry {
    const fields = differences(row, spec);
    if (fields.length > 0) throw new LedgerConflictError(row.operation_id, fields);
    return toEntry(row);
  }

  private async write(
    tx: EntityManager,
    operationId: string,
    kind: EntryKind,
    posting: Posting,
    [debitId, debitBalance]: [string, bigint],
    [creditId, creditBalance]: [string, bigint],
  ): Promise<LedgerEntry> {
    const { amountMinor } = posting;
    const entryId = randomUUID();
    // Exact because both rows are locked by this transaction; the CHECK constraints back it up.
    const debitAfter = debitBalance - amountMinor;
    const creditAfter = creditBalance + amountMinor;
    // One round trip for the entry, both balances and both lines; the lines' foreign key to the
    // entry is checked at the end of the statement, once the entry is in.
    const [{ created_at: createdAt }] = await tx.query<[{ created_at: Date }]>(
      `WITH entry AS (
         INSERT INTO journal_entries (id, operation_id, kind, client_id, currency, amount_minor, reference, reservation_entry_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING created_at
       ), balances AS (
         UPDATE ledger_accounts a SET balance_minor = d.balance
         FROM (VALUES ($9::uuid, $10::bigint), ($11::uuid, $12::bigint)) AS d(id, balance) WHERE a.id = d.id
       ), lines AS (
         INSERT INTO journal_lines (entry_id, account_id, amount_minor, balance_after_minor)
         VALUES ($1, $9, $13, $10), ($1, $11, $6, $12)
       )
       SELECT created_at FROM entry`,
      [
        entryId,
        operationId,
        kind,
        posting.clientId,
        posting.currency,
        amountMinor.toString(),
        posting.reference,
        posting.reservation?.entryId ?? null,
        debitId,
        debitAfter.toString(),
        creditId,
        creditAfter.toString(),
        (-amountMinor).toString(),
      ],
    );
    return {
      entryId,
      operationId,
      kind,
      clientId: posting.clientId,
      currency: posting.currency,
      amount: fromMinorUnits(amountMinor, posting.currency),
      reference: posting.reference,
      reservationOperationId: posting.reservation?.operationId ?? null,
      createdAt,
    };
  }

  private async findEntry(manager: EntityManager, operationId: string): Promise<EntryRow | undefined> {
    const [row] = await manager.query<EntryRow[]>(SELECT_ENTRY, [operationId]);
    return row;
  }

  /**
   * The posting's two accounts, found and locked (in id order, so two postings never deadlock)
   * in one statement. Accounts are created on first use; a client's available and reserved
   * accounts are created together. A client account to take from that does not exist is null:
   * it holds nothing.
   */
  private async lockedAccounts(
    tx: EntityManager,
    { currency, clientId, debit, credit }: Posting,
  ): Promise<{ debit: LockedAccount | null; credit: LockedAccount }> {
    // A posting moves one client's money in one currency; an account's kind says whether it is
    // the client's or the service's, so the kind alone tells the two rows apart.
    const lock = async () => {
      const rows: Array<{ id: string; kind: AccountKind; balance_minor: string }> = await tx.query(
        `SELECT id, kind, balance_minor FROM ledger_accounts
         WHERE currency = $1 AND kind = ANY($2) AND (client_id IS NULL OR client_id = $3) ORDER BY id FOR UPDATE`,
        [currency, [debit.kind, credit.kind], clientId],
      );
      const of = (ref: AccountRef): LockedAccount | null => {
        const row = rows.find((candidate) => candidate.kind === ref.kind);
        return row ? { id: row.id, balance: BigInt(row.balance_minor) } : null;
      };
      return { debit: of(debit), credit: of(credit) };
    };
    const found = await lock();
    const missing = [
      ...(found.debit === null && !isClientAccount(debit.kind) ? [debit] : []),
      ...(found.credit === null ? [credit] : []),
    ];
    for (const ref of missing) await this.createAccount(tx, ref);
    // The rows created here are this transaction's own: locking again waits for nobody new.
    const accounts = missing.length === 0 ? found : await lock();
    if (accounts.credit === null) throw new RangeError(`Ledger account ${credit.kind} ${currency} was not created`);
    return { debit: accounts.debit, credit: accounts.credit };
  }

  private async createAccount(manager: EntityManager, ref: AccountRef): Promise<void> {
    if (ref.clientId === null) {
      await manager.query(
        `INSERT INTO ledger_accounts (client_id, currency, kind) VALUES (NULL, $1, $2)
         ON CONFLICT (currency, kind) WHERE client_id IS NULL DO NOTHING`,
        [ref.currency, ref.kind],
      );
    } else {
      await manager.query(
        `INSERT INTO ledger_accounts (client_id, currency, kind)
         VALUES ($1, $2, 'CLIENT_AVAILABLE'), ($1, $2, 'CLIENT_RESERVED')
         ON CONFLICT (client_id, currency, kind) WHERE client_id IS NOT NULL DO NOTHING`,
        [ref.clientId, ref.currency],
      );
    }
  }

  private async assertUnresolved(
    tx: EntityManager,
    reservationEntryId: string,
    reserveOperationId: string,
  ): Promise<void> {
    const [resolution]: Array<{ kind: 'COMMIT' | 'RELEASE'; operation_id: string }> = await tx.query(
      `SELECT kind, operation_id FROM journal_entries WHERE reservation_entry_id = $1`,
      [reservationEntryId],
    );
    if (resolution) throw new ReservationResolvedError(reserveOperationId, resolution.kind, resolution.operation_id);
  }

  /**
   * What flows back for a reference never exceeds what flowed in for it: refund credits against
   * the commit (COMMIT/CREDIT), claw-backs against the collection (COLLECT/CLAWBACK).
   */
  private async assertWithin(
    tx: EntityManager,
    clientId: string,
    currency: CurrencyCode,
    reference: string,
    amountMinor: bigint,
    kinds: { added: EntryKind; taken: EntryKind },
  ): Promise<void> {
    const [{ refundable }] = await tx.query<[{ refundable: string }]>(
      `SELECT coalesce(sum(CASE kind WHEN $4 THEN amount_minor ELSE -amount_minor END), 0) AS refundable
       FROM journal_entries
       WHERE client_id = $1 AND currency = $2 AND reference = $3 AND kind IN ($4, $5)`,
      [clientId, currency, reference, kinds.added, kinds.taken],
    );
    if (BigInt(refundable) < amountMinor) {
      throw new CreditExceedsDebitError(
        reference,
        fromMinorUnits(BigInt(refundable), currency),
        fromMinorUnits(amountMinor, currency),
      );
    }
  }
}
