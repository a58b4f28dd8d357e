import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import type { FxQuote } from '../fx/fx.service';
import { FxService } from '../fx/fx.service';
import { ApiError } from '../http/api-error';
import { convert, CurrencyCode, Decimal, formatAmount, MoneyError, parseAmount } from '../money';
import { assertAmountWithinLimits, CountryCode, LimitOverrides, parseLimitOverrides } from '../rails/countries';
import { notificationUrlProblem } from '../notifications/notification-url';
import { OrderEntity, OrderPayer } from './order.entity';
import { DuplicateOrderError, OrderRepository } from './order.repository';
import { initialStatus, type OrderFlow } from './lifecycle';
import { OrderWorkflowClient } from './order-workflow.client';

/** An amount in local currency and what the payer pays for it, at a quote the order will lock. */
export interface Priced {
  quote: FxQuote;
  userAmount: Decimal;
}

/** What the request that opens an order knows of it; everything else starts empty. */
export interface OrderDraft {
  /** Chosen by the caller when something it makes (a QR) must name the order. */
  id?: string;
  flow: OrderFlow;
  localCountry: CountryCode;
  localCurrency: CurrencyCode;
  localAmount: Decimal | null;
  priced: Priced | null;
  /** The payer's side: a payment has one from the start, a collection once its QR is scanned. */
  payer: {
    clientId: string;
    externalReference: string;
    notificationUrl: string;
    user: OrderPayer;
    currency: CurrencyCode;
  } | null;
  details: Partial<
    Pick<
      OrderEntity,
      | 'qrPayload'
      | 'qrType'
      | 'paymentKey'
      | 'paymentKeyType'
      | 'walletRecordId'
      | 'wallets'
      | 'merchantName'
      | 'merchantIdentificationNumber'
      | 'merchantBranchOffice'
      | 'collectorClientId'
      | 'collectorExternalReference'
      | 'collectorNotificationUrl'
      | 'posId'
      | 'qrExchangeRates'
    >
  >;
}

/**
 * What identifies the request that created an order. The body as validated (zod rebuilds it
 * in the schema's key order), so the same request always hashes alike.
 */
function creationFingerprint(idempotencyKey: string, input: unknown): string {
  return createHash('sha256')
    .update(`${idempotencyKey}\n${JSON.stringify(input)}`)
    .digest('hex');
}

/**
 * The steps every request that opens an order shares (a QR or key preview, a collector's QR):
 * checking the callback URL and the amount, pricing it for the payer, and opening the order
 * (its row, then its workflow).
 */
@Injectable()
export class PaymentOrders {
  private readonly limits: LimitOverrides;

  constructor(
    private readonly orders: OrderRepository,
    private readonly fx: FxService,
    private readonly workflows: OrderWorkflowClient,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.limits = parseLimitOverrides(env.AMOUNT_LIMITS);
  }

  assertNotificationUrl(url: string): void {
    const problem = notificationUrlProblem(url, this.env.ALLOW_INSECURE_CALLBACKS);
    if (problem) throw new ApiError(400, [`notification_url: ${problem}`]);
  }

  parseLocalAmount(field: string, value: unknown, currency: CurrencyCode, country: CountryCode): Decimal {
    try {
      const amount = parseAmount(value, currency);
      assertAmountWithinLimits(amount, country, this.limits);
      return amount;
    } catch (error) {
      if (error instanceof MoneyError) throw new ApiError(400, [`${field}: ${error.message}`]);
      throw error;
    }
  }

  /**
   * Quotes the payer's rate and prices `amount` with it. An amount the payer would pay nothing
   * for (below one minor unit of its currency) is refused: the ledger moves no zero amounts.
   */
  async price(
    clientId: string,
    field: string,
    amount: Decimal,
    localCurrency: CurrencyCode,
    userCurrency: CurrencyCode,
  ): Promise<Priced> {
    const quote = await this.fx.quote(clientId, localCurrency, userCurrency);
    const userAmount = convert(amount, quote.rate, userCurrency);
    if (userAmount.lte(0)) {
      throw new ApiError(400, [
        `${field}: ${formatAmount(amount, localCurrency)} ${localCurrency} is ${formatAmount(userAmount, userCurrency)} ${userCurrency} for the payer, less than the smallest amount of ${userCurrency}`,
      ]);
    }
    return { quote, userAmount };
  }

  /**
   * Creates the order and hands it to its workflow. The order row comes first; if the hand-over
   * fails (Temporal unreachable: 503), the same request with the same idempotency key resumes
   * the order instead of being refused as a duplicate, and the reconciler starts the workflow
   * of an order nobody resumes. `input` is the request as validated, for that fingerprint.
   */
  async open(draft: OrderDraft, idempotencyKey: string | undefined, input: unknown): Promise<OrderEntity> {
    const now = new Date();
    const { priced, localAmount, localCurrency, payer } = draft;
    const userCurrency = payer?.currency ?? null;
    const row = Object.assign(new OrderEntity(), {
      id: draft.id ?? randomUUID(),
      flow: draft.flow,
      // The lifecycle says where an order starts: awaiting the decision, or its amount.
      status: initialStatus({ flow: draft.flow, country: draft.localCountry, amountKnown: localAmount !== null }),
      lastSeq: 1,
      payerClientId: payer?.clientId ?? null,
      collectorClientId: null,
      collectorExternalReference: null,
      collectorNotificationUrl: null,
      posId: null,
      qrExchangeRates: null,
      externalReference: payer?.externalReference ?? null,
      notificationUrl: payer?.notificationUrl ?? null,
      paymentNotificationUrl: null,
      qrPayload: null,
      qrType: null,
      paymentKey: null,
      paymentKeyType: null,
      walletRecordId: null,
      wallets: null,
      walletId: null,
      localCountry: draft.localCountry,
      localCurrency,
      localAmount: localAmount ? formatAmount(localAmount, localCurrency) : null,
      userCurrency,
      userAmount: priced && userCurrency ? formatAmount(priced.userAmount, userCurrency) : null,
      payer: payer?.user ?? null,
      fxQuoteId: priced?.quote.id ?? null,
      fxRate: priced?.quote.rate.toFixed() ?? null,
      merchantName: null,
      merchantIdentificationNumber: null,
      merchantBranchOffice: null,
      errorCode: null,
      payoutReference: null,
      paymentDate: null,
      expiresAt: new Date(now.getTime() + this.env.QR_EXPIRY_SECONDS * 1000),
      // Without a key there is no "same request" to resume: a duplicate is refused as the spec says.
      creationFingerprint: idempotencyKey === undefined ? null : creationFingerprint(idempotencyKey, input),
      createdAt: now,
      updatedAt: now,
      ...draft.details,
    } satisfies Partial<OrderEntity>);
    // A priced order is written with its quote locked to it.
    const { order } = await this.orders.create(row).catch((error: unknown) => {
      if (error instanceof DuplicateOrderError) throw new ApiError(409, error.message, 'ALREADY_PROCESSED');
      throw error;
    });
    await this.workflows.start(order);
    return order;
  }
}
