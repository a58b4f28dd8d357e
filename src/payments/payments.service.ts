import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomUUID } from 'node:crypto';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { decodeEmvQr } from '../emv';
import type { FxQuote } from '../fx/fx.service';
import { FxService } from '../fx/fx.service';
import { isUuid } from '../keys';
import { ApiError, ExactBodyError } from '../http/api-error';
import {
  assertAmountWithinLimits,
  convert,
  CountryCode,
  CurrencyCode,
  Decimal,
  formatAmount,
  isSupportedCountry,
  LimitOverrides,
  MoneyError,
  parseAmount,
  parseLimitOverrides,
} from '../money';
import { notificationUrlProblem } from '../notifications/notification-url';
import { OrderEntity } from '../orders/order.entity';
import { DuplicateOrderError, OrderRepository } from '../orders/order.repository';
import { amountRejection, decisionRejection } from '../orders/order-rules';
import type { OrderStatus } from '../orders/order-status';
import { PaymentResultView, PreviewView, StatusHistoryView, statusHistoryView } from '../orders/order-views';
import { OrderWorkflowClient, rejectionError } from './order-workflow.client';
import type { PayDto, PreviewAckDto, QrPreviewDto, SubmitAmountDto } from './payments.dto';

/**
 * What identifies the request that created an order. The body as validated (zod rebuilds it
 * in the schema's key order), so the same request always hashes alike.
 */
function creationFingerprint(idempotencyKey: string, input: unknown): string {
  return createHash('sha256').update(`${idempotencyKey}\n${JSON.stringify(input)}`).digest('hex');
}

/** An amount in local currency and what the payer pays for it, at a quote the order will lock. */
interface Priced {
  quote: FxQuote;
  userAmount: Decimal;
}

/** The QR payment flow for the payer: preview, amount, decision and status reads. */
@Injectable()
export class PaymentsService {
  private readonly limits: LimitOverrides;

  constructor(
    private readonly orders: OrderRepository,
    private readonly fx: FxService,
    private readonly workflows: OrderWorkflowClient,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.limits = parseLimitOverrides(env.AMOUNT_LIMITS);
  }

  /**
   * Creates the order and hands it to its workflow. The order row comes first; if the hand-over
   * fails (Temporal unreachable: 503), the same request with the same idempotency key resumes
   * the order instead of being refused as a duplicate, and the reconciler starts the workflow
   * of an order nobody resumes.
   */
  async previewQr(clientId: string, input: QrPreviewDto, idempotencyKey: string | undefined): Promise<PreviewAckDto> {
    this.assertNotificationUrl(input.notification_url);
    const qr = decodeEmvQr(input.qr);
    if (!qr.valid) throw new ApiError(400, qr.errors.map((error) => `qr: ${error.message}`));
    const country = qr.country!;
    if (!isSupportedCountry(country)) throw new ApiError(400, [`qr: country ${country} is not supported`]);
    const localCurrency = qr.currency!.alpha as CurrencyCode;
    const localAmount = qr.amount === null ? null : this.parseLocalAmount('qr', qr.amount, localCurrency, country);
    const priced = localAmount === null ? null : await this.price(clientId, 'qr', localAmount, localCurrency, input.user.currency);
    // Argentina's static QRs wait for the merchant's amount as PROCESS_LATER.
    const status: OrderStatus = localAmount ? 'CREATED' : country === 'AR' ? 'PROCESS_LATER' : 'WAITING_AMOUNT';
    const now = new Date();
    const draft = Object.assign(new OrderEntity(), {
      id: randomUUID(),
      flow: 'QR',
      status,
      lastSeq: 1,
      payerClientId: clientId,
      collectorClientId: null,
      externalReference: input.external_reference,
      notificationUrl: input.notification_url,
      paymentNotificationUrl: null,
      qrPayload: input.qr,
      qrType: qr.point_of_initiation ?? (localAmount ? 'DYNAMIC' : 'STATIC'),
      localCountry: country,
      localCurrency,
      localAmount: localAmount ? formatAmount(localAmount, localCurrency) : null,
      userCurrency: input.user.currency,
      userAmount: priced ? formatAmount(priced.userAmount, input.user.currency) : null,
      payer: input.user,
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
    } satisfies Partial<OrderEntity>);
    const { order } = await this.orders
      .create(draft, priced ? async (tx) => void (await this.fx.lockToOrder(priced.quote.id, draft.id, tx)) : undefined)
      .catch((error: unknown) => {
        if (error instanceof DuplicateOrderError) throw new ApiError(409, error.message, 'ALREADY_PROCESSED');
        throw error;
      });
    await this.workflows.start(order);
    return this.previewAck(input.external_reference, localCurrency, order.localAmount !== null);
  }

  private previewAck(externalReference: string, localCurrency: string, closedAmount: boolean): PreviewAckDto {
    return {
      status: closedAmount ? 'success' : 'missing_amount',
      external_reference: externalReference,
      message: closedAmount ? 'Preview accepted; the preview callback follows' : 'The QR has no amount; send it with PUT /v2/payments/previews',
      local_currency: localCurrency,
    };
  }

  async submitAmount(clientId: string, input: SubmitAmountDto): Promise<PreviewView> {
    const order = await this.payerOrder(clientId, input.order_id);
    const rejection = amountRejection(order.status);
    if (rejection) throw rejectionError(order, rejection);
    const currency = order.localCurrency as CurrencyCode;
    const amount = this.parseLocalAmount('amount', input.amount, currency, order.localCountry as CountryCode);
    const { quote } = await this.price(clientId, 'amount', amount, currency, order.userCurrency as CurrencyCode);
    return this.workflows.submitAmount(order, { amount: formatAmount(amount, currency), fxQuoteId: quote.id });
  }

  async pay(clientId: string, input: PayDto): Promise<PaymentResultView> {
    this.assertNotificationUrl(input.notification_url);
    const order = await this.payerOrder(clientId, input.order_id);
    const rejection = decisionRejection(order.status);
    if (rejection) throw rejectionError(order, rejection);
    return this.workflows.decide(order, { decision: input.status, notificationUrl: input.notification_url });
  }

  /** The payer and the collecting client both see an order; anyone else gets the spec's 2105 body. */
  async statusHistory(clientId: string, orderId: string, correlationId: string): Promise<StatusHistoryView> {
    const order = isUuid(orderId) ? await this.orders.findVisibleTo(clientId, orderId) : null;
    if (!order) {
      throw new ExactBodyError(404, {
        eventId: randomUUID(),
        details: `Order ${orderId} was not found`,
        correlationId,
        errors: [{ code: 2105, title: 'Receipt not found', detail: `There is no order ${orderId} for this client` }],
      });
    }
    return statusHistoryView(order, await this.orders.history(orderId));
  }

  /** The quick-start read: `{ order_uuid, total, destination_wallet, status }`. */
  async quickRead(clientId: string, orderId: string) {
    const order = isUuid(orderId) ? await this.orders.findVisibleTo(clientId, orderId) : null;
    if (!order) throw new ApiError(404, 'Not Found');
    return {
      order_uuid: order.id,
      total: order.localAmount === null ? null : formatAmount(new Decimal(order.localAmount), order.localCurrency as CurrencyCode),
      destination_wallet: order.merchantIdentificationNumber,
      status: order.status,
    };
  }

  /**
   * Quotes the payer's rate and prices `amount` with it. An amount the payer would pay nothing
   * for (below one minor unit of its currency) is refused: the ledger moves no zero amounts.
   */
  private async price(clientId: string, field: string, amount: Decimal, localCurrency: CurrencyCode, userCurrency: CurrencyCode): Promise<Priced> {
    const quote = await this.fx.quote(clientId, localCurrency, userCurrency);
    const userAmount = convert(amount, quote.rate, userCurrency);
    if (userAmount.lte(0)) {
      throw new ApiError(400, [
        `${field}: ${formatAmount(amount, localCurrency)} ${localCurrency} is ${formatAmount(userAmount, userCurrency)} ${userCurrency} for the payer, less than the smallest amount of ${userCurrency}`,
      ]);
    }
    return { quote, userAmount };
  }

  private parseLocalAmount(field: string, value: unknown, currency: CurrencyCode, country: CountryCode): Decimal {
    try {
      const amount = parseAmount(value, currency);
      assertAmountWithinLimits(amount, country, this.limits);
      return amount;
    } catch (error) {
      if (error instanceof MoneyError) throw new ApiError(400, [`${field}: ${error.message}`]);
      throw error;
    }
  }

  private assertNotificationUrl(url: string): void {
    const problem = notificationUrlProblem(url, this.env.ALLOW_INSECURE_CALLBACKS);
    if (problem) throw new ApiError(400, [`notification_url: ${problem}`]);
  }

  private async payerOrder(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = await this.orders.findOwnedByPayer(clientId, orderId);
    if (!order) throw new ApiError(404, 'Order not found');
    return order;
  }
}
