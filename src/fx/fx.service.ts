import { randomUUID } from 'node:crypto';
import { DataSource, EntityManager, EntityNotFoundError, QueryFailedError } from 'typeorm';
import { ClientEntity } from '../auth/client.entity';
import { PreparedStatement } from '../db/prepared-statement';
import { BoundedMap } from '../infra/bounded-map';
import {
  CurrencyCode,
  Decimal,
  MoneyError,
  PaymentCurrency,
  applySpread,
  inverseRate,
  isPaymentCurrency,
} from '../money';
import { RailsUnavailableError } from '../rails/rails.errors';
import type { FxRatesPort } from '../rails/rails.port';
import { FxQuoteEntity } from './fx-quote.entity';
import { FxQuoteUnavailableError } from './fx.errors';

/** A quote lives as long as an order (docs/decisions.md, FX): the rate shown at preview is charged at payment. */
export const FX_QUOTE_TTL_SECONDS = 600;

/** A quote row under its entity's property names, as the statements that write one return it. */
const QUOTE_COLUMNS = `id, client_id AS "clientId", base, target, mid_rate AS "midRate", rate, spread_bps AS "spreadBps",
  quoted_at AS "quotedAt", expires_at AS "expiresAt", order_id AS "orderId"`;

/**
 * What a quote must be to be locked to an order: its payer's (the order's, or the claiming
 * client's), for the order's pair, from its local currency (base) to the payer's (target).
 */
export interface QuoteUse {
  orderId: string;
  clientId: string;
  base: CurrencyCode;
  target: CurrencyCode;
}

/** A QuoteUse and the quote's id as SQL expressions (placeholders) of the statement that locks it. */
interface QuoteUseSql {
  quote: string;
  order: string;
  client: string;
  base: string;
  target: string;
}

/**
 * Ties quote `quote` to order `order` if it is the client's quote for the order's pair and is
 * unexpired and free, or already theirs: lockToOrder's statement, and part of the one that
 * creates an order.
 */
export const quoteLockSql = ({ quote, order, client, base, target }: QuoteUseSql) =>
  `UPDATE fx_quotes SET order_id = ${order}
   WHERE id = ${quote} AND client_id = ${client} AND base = ${base} AND target = ${target}
     AND (order_id = ${order} OR (order_id IS NULL AND expires_at > now()))`;

/**
 * Why quote `quoteId` could not be locked for `use`; read only once it could not. Another
 * client's quote is, to this one, no quote at all: whether it exists is not told.
 */
export async function quoteLockRefusal(
  manager: EntityManager,
  quoteId: string,
  use: Omit<QuoteUse, 'orderId'>,
): Promise<FxQuoteUnavailableError> {
  const quote = await manager.getRepository(FxQuoteEntity).findOneBy({ id: quoteId });
  if (!quote || quote.clientId !== use.clientId) return new FxQuoteUnavailableError(quoteId, 'NOT_FOUND');
  if (quote.base !== use.base || quote.target !== use.target)
    return new FxQuoteUnavailableError(quoteId, 'OTHER_CURRENCY_PAIR');
  return new FxQuoteUnavailableError(quoteId, quote.orderId === null ? 'EXPIRED' : 'LOCKED_TO_ANOTHER_ORDER');
}

/**
 * A new quote for a client, written only while the client's spread is the one its rate was
 * computed with ($7; any spread when $9 says there is no exchange): a spread changed
 * since it was read writes nothing, never a wrong rate.
 */
const insertQuote = new PreparedStatement<FxQuoteEntity>(
  'fx.insert-quote',
  `INSERT INTO fx_quotes (id, client_id, base, target, mid_rate, rate, spread_bps, quoted_at, expires_at)
   SELECT $1, c.id, $3, $4, $5, $6, $7, now(), now() + make_interval(secs => $8)
   FROM clients c WHERE c.id = $2 AND ($9 OR c.fx_spread_bps = $7)
   RETURNING ${QUOTE_COLUMNS}`,
);

/**
 * How long a quote that expired unused is kept before the sweep deletes it: a lock that comes
 * late (the API quoted, the worker was behind) is still told EXPIRED rather than NOT_FOUND,
 * and the rate offered can still be looked up while someone asks about it.
 */
export const EXPIRED_QUOTE_RETENTION_SECONDS = 3600;

/**
 * Deletes up to $2 quotes locked to no order that expired more than $1 seconds ago, oldest
 * first (fx_quotes_unlocked_expiry_idx). A locked quote is never deleted: its order names it,
 * and its rate is the one charged.
 */
const deleteExpired = new PreparedStatement(
  'fx.delete-expired',
  `DELETE FROM fx_quotes WHERE order_id IS NULL AND id IN (
     SELECT id FROM fx_quotes WHERE order_id IS NULL AND expires_at < now() - make_interval(secs => $1)
     ORDER BY expires_at LIMIT $2 FOR UPDATE SKIP LOCKED)`,
);

const readSpread = new PreparedStatement<{ fxSpreadBps: number }>(
  'fx.client-spread',
  'SELECT fx_spread_bps AS "fxSpreadBps" FROM clients WHERE id = $1',
);

/** Spreads remembered, at most; the oldest is forgotten first. */
const REMEMBERED_SPREADS = 10_000;

export interface FxQuote {
  id: string;
  clientId: string;
  base: PaymentCurrency;
  target: PaymentCurrency;
  /** Units of target per unit of base at mid-market, as the provider published it. */
  midRate: Decimal;
  /** The client's rate: mid × (1 + spreadBps / 10 000), 10 decimals, half-even. */
  rate: Decimal;
  /** 1 / rate at 10 decimals: units of base per unit of target at the client's rate. */
  inverseRate: Decimal;
  spreadBps: number;
  quotedAt: Date;
  expiresAt: Date;
  orderId: string | null;
}

function toQuote(row: FxQuoteEntity): FxQuote {
  const rate = new Decimal(row.rate);
  return {
    id: row.id,
    clientId: row.clientId,
    base: row.base as PaymentCurrency,
    target: row.target as PaymentCurrency,
    midRate: new Decimal(row.midRate),
    rate,
    inverseRate: inverseRate(rate),
    spreadBps: row.spreadBps,
    quotedAt: row.quotedAt,
    expiresAt: row.expiresAt,
    orderId: row.orderId,
  };
}

/**
 * Quotes FX for a client: the provider's mid rate plus the client's spread, stored so that a
 * quote can be locked to an order and honoured for its life. A plain class, like the ledger,
 * so that Temporal activities can build it without Nest. Times come from the database clock,
 * so the expiry check and the expiry itself never disagree across replicas.
 */
export class FxService {
  /** Clients' spreads as last read (insertQuote checks them). */
  private readonly spreads = new BoundedMap<string, number>(REMEMBERED_SPREADS);

  constructor(
    private readonly dataSource: DataSource,
    private readonly rates: FxRatesPort,
  ) {}

  /**
   * Writes a quote for the client: the one place quotes are made. Each route that reaches it
   * (the exchange-rate route, previews, claims of a collection's QR, an open amount) counts
   * against the client's quota (`@Quota`), and the reconciler deletes those that expired
   * unused (deleteExpiredQuotes). Same currency on both sides is no
   * exchange at all: rate 1 with no spread, and the provider is not asked. Throws MoneyError
   * UNSUPPORTED_CURRENCY for a currency the provider does not quote, RailsUnavailableError
   * (retryable) when the provider cannot answer.
   */
  async quote(clientId: string, base: CurrencyCode, target: CurrencyCode): Promise<FxQuote> {
    if (!isPaymentCurrency(base) || !isPaymentCurrency(target)) {
      throw new MoneyError('UNSUPPORTED_CURRENCY', `No FX quotes for ${base}/${target}`);
    }
    const midRate = base === target ? new Decimal(1) : await this.midRate(base, target);
    // A spread remembered from the client's last quote saves reading it first.
    let spreadBps = base === target ? 0 : (this.spreads.get(clientId) ?? (await this.spreadOf(clientId)));
    for (;;) {
      const rate = applySpread(midRate, spreadBps);
      const { rows } = await insertQuote.run(this.dataSource, [
        randomUUID(),
        clientId,
        base,
        target,
        midRate.toFixed(),
        rate.toFixed(),
        spreadBps,
        FX_QUOTE_TTL_SECONDS,
        base === target,
      ]);
      if (rows[0]) return toQuote(rows[0]);
      if (base === target) throw new EntityNotFoundError(ClientEntity, { id: clientId });
      // The client's spread changed since it was read: read it again (the read fails for a client gone).
      spreadBps = await this.spreadOf(clientId);
    }
  }

  /**
   * The client's rates from `base` to each of `targets`, not stored: indicative, as a QR
   * created for a collector tells what its amount costs in other currencies before anyone pays.
   */
  async indicativeRates(
    clientId: string,
    base: PaymentCurrency,
    targets: readonly PaymentCurrency[],
  ): Promise<Array<{ currency: PaymentCurrency; rate: Decimal }>> {
    const fxSpreadBps = await this.spreadOf(clientId);
    return Promise.all(
      targets.map(async (currency) => ({
        currency,
        rate: applySpread(await this.midRate(base, currency), fxSpreadBps),
      })),
    );
  }

  /**
   * Ties an unexpired quote to an order, if it is the payer's quote for the order's pair
   * (`use`); from then on it no longer expires. Locking the same quote to the same order again
   * returns it unchanged, so the activity doing it may retry. Any other quote is refused with
   * an FxQuoteUnavailableError. (A new order locks its quote as it is written: OrderRepository.create.)
   */
  async lockToOrder(quoteId: string, use: QuoteUse): Promise<FxQuote> {
    const manager = this.dataSource.manager;
    let locked: FxQuoteEntity | undefined;
    try {
      // TypeORM answers an UPDATE with [rows, affected].
      [[locked]] = await manager.query(
        `${quoteLockSql({ quote: '$1', order: '$2', client: '$3', base: '$4', target: '$5' })} RETURNING ${QUOTE_COLUMNS}`,
        [quoteId, use.orderId, use.clientId, use.base, use.target],
      );
    } catch (error) {
      const driverError =
        error instanceof QueryFailedError ? (error.driverError as { code?: string; constraint?: string }) : undefined;
      if (driverError?.code === '23505' && driverError.constraint === 'fx_quotes_order_uq') {
        throw new FxQuoteUnavailableError(quoteId, 'ORDER_HAS_ANOTHER_QUOTE');
      }
      throw error;
    }
    if (locked) return toQuote(locked);
    throw await quoteLockRefusal(manager, quoteId, use);
  }

  /** The quote locked to an order, if any: a retried activity reuses it instead of quoting anew. */
  async quoteOfOrder(orderId: string): Promise<FxQuote | null> {
    const quote = await this.dataSource.getRepository(FxQuoteEntity).findOneBy({ orderId });
    return quote ? toQuote(quote) : null;
  }

  /**
   * One batch of the sweep of quotes that expired unused (they are written at every preview
   * and rate request, and only those locked to an order are kept): deletes up to `batchSize`
   * of them and answers how many it deleted. A quote locked to an order is never deleted.
   */
  async deleteExpiredQuotes(batchSize: number): Promise<number> {
    const { rowCount } = await deleteExpired.run(this.dataSource, [EXPIRED_QUOTE_RETENTION_SECONDS, batchSize]);
    return rowCount;
  }

  /** The client's spread, read now and remembered for its next quote. */
  private async spreadOf(clientId: string): Promise<number> {
    const { rows } = await readSpread.run(this.dataSource, [clientId]);
    if (!rows[0]) throw new EntityNotFoundError(ClientEntity, { id: clientId });
    this.spreads.set(clientId, rows[0].fxSpreadBps);
    return rows[0].fxSpreadBps;
  }

  private async midRate(base: PaymentCurrency, target: PaymentCurrency): Promise<Decimal> {
    const answer = await this.rates.midRate(base, target);
    // A rate for another pair would price the order wrongly: treat it as an unusable answer.
    if (answer.base !== base || answer.target !== target) {
      throw new RailsUnavailableError(`FX provider answered ${answer.base}/${answer.target} for ${base}/${target}`);
    }
    return new Decimal(answer.rate);
  }
}
