import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { decodeEmvQr, ownQrOrderId } from '../emv';
import { ApiError, ExactBodyError } from '../http/api-error';
import { isUuid } from '../keys';
import { CurrencyCode, Decimal, formatAmount } from '../money';
import { CountryCode, isSupportedCountry, QR_SCOPE } from '../rails/countries';
import { collectorShown } from '../orders/order-collector';
import type { OrderEntity } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import {
  amountRejection,
  claimRejection,
  decisionRejection,
  expiryRejection,
  PAYING_STATUS,
} from '../orders/lifecycle';
import type { KeyedRequest } from '../idempotency/keyed-request';
import {
  paymentResult,
  PaymentResultView,
  PreviewView,
  previewView,
  seenByClient,
  StatusHistoryView,
  statusHistoryView,
} from '../orders/order-views';
import { walletRefusal } from '../orders/payout-destination';
import { OrderWorkflowClient, rejectionError } from '../orders/order-workflow.client';
import { PaymentOrders } from '../orders/payment-orders';
import { OrderSearch, type OrderSearchPage } from '../orders/order-search';
import type {
  OrderSearchQueryDto,
  PayDto,
  PreviewAckDto,
  QrPreviewDto,
  QuickRead,
  ReceiptNotFound,
  SubmitAmountDto,
} from './payments.dto';

/** The preview's immediate answer; the preview callback follows. */
function previewAck(
  order: Pick<OrderEntity, 'id' | 'localAmount' | 'localCurrency'>,
  externalReference: string,
): PreviewAckDto {
  const closedAmount = order.localAmount !== null;
  return {
    status: closedAmount ? 'success' : 'missing_amount',
    external_reference: externalReference,
    message: closedAmount
      ? 'Preview accepted; the preview callback follows'
      : 'The QR has no amount; send it with PUT /v2/payments/previews',
    local_currency: order.localCurrency,
    order_id: order.id,
  };
}

/** The payer's side of every payment: the QR preview and amount, the decision, and status reads. */
@Injectable()
export class PaymentsService {
  constructor(
    private readonly orders: OrderRepository,
    private readonly paymentOrders: PaymentOrders,
    private readonly workflows: OrderWorkflowClient,
    private readonly searches: OrderSearch,
  ) {}

  /** The caller's own orders, filtered, a page at a time (OrderSearch). */
  search(clientId: string, query: OrderSearchQueryDto): Promise<OrderSearchPage> {
    return this.searches.page(clientId, {
      externalReference: query.external_reference,
      status: query.status,
      flow: query.flow,
      createdAfter: query.created_after,
      createdBefore: query.created_before,
      after: query.starting_after,
      limit: query.limit,
    });
  }

  async previewQr(clientId: string, input: QrPreviewDto, request: KeyedRequest | undefined): Promise<PreviewAckDto> {
    this.paymentOrders.assertNotificationUrl(input.notification_url);
    const qr = decodeEmvQr(input.qr, QR_SCOPE);
    if (!qr.valid)
      throw new ApiError(
        400,
        qr.errors.map((error) => `qr: ${error.message}`),
      );
    const collectionId = ownQrOrderId(qr);
    if (collectionId !== null) return this.claimCollection(clientId, input, collectionId, request);
    const country = qr.country!;
    if (!isSupportedCountry(country)) throw new ApiError(400, [`qr: country ${country} is not supported`]);
    const localCurrency = qr.currency!.alpha as CurrencyCode;
    const localAmount =
      qr.amount === null ? null : this.paymentOrders.parseLocalAmount('qr', qr.amount, localCurrency, country);
    const priced =
      localAmount === null
        ? null
        : await this.paymentOrders.price(clientId, 'qr', localAmount, localCurrency, input.user.currency);
    const order = await this.paymentOrders.open(
      {
        flow: 'QR',
        payer: {
          clientId,
          externalReference: input.external_reference,
          notificationUrl: input.notification_url,
          user: input.user,
          currency: input.user.currency,
        },
        localCountry: country,
        localCurrency,
        localAmount,
        priced,
        details: { qrPayload: input.qr, qrType: qr.point_of_initiation ?? (localAmount ? 'DYNAMIC' : 'STATIC') },
      },
      request?.key,
      input,
    );
    return previewAck(order, input.external_reference);
  }

  /**
   * A QR created here for a collector: the order exists already, and the first client to scan
   * it claims it as its payer (the workflow serializes racing scans, and a scan racing the
   * collector's cancel). Scanning it again with the same reference answers the same; resent
   * with its key while the first claim is still being applied, it waits for that one.
   */
  private async claimCollection(
    clientId: string,
    input: QrPreviewDto,
    orderId: string,
    request: KeyedRequest | undefined,
  ): Promise<PreviewAckDto> {
    const order = await this.orders.findCollection(orderId);
    if (!order) throw new ApiError(400, ['qr: this QR was made here for an order that does not exist']);
    if (order.payerClientId === clientId && order.externalReference === input.external_reference)
      return previewAck(order, input.external_reference);
    const rejection = expiryRejection(order, new Date()) ?? claimRejection(order);
    if (rejection) throw rejectionError(order, rejection);
    const currency = order.localCurrency as CurrencyCode;
    const priced =
      order.localAmount === null
        ? null
        : await this.paymentOrders.price(clientId, 'qr', new Decimal(order.localAmount), currency, input.user.currency);
    const claim = {
      payerClientId: clientId,
      externalReference: input.external_reference,
      notificationUrl: input.notification_url,
      payer: input.user,
      userCurrency: input.user.currency,
      fxQuoteId: priced?.quote.id ?? null,
    };
    await this.workflows.claim(order, claim, request);
    return previewAck(order, input.external_reference);
  }

  /**
   * The open amount. Refused from the order's status, a request sent under an idempotency-key
   * may still be the resend of one whose answer was lost (a 503): if the order records its
   * change, it is answered the preview as the order now stands (so is the decision, below).
   */
  async submitAmount(
    clientId: string,
    input: SubmitAmountDto,
    request: KeyedRequest | undefined,
  ): Promise<PreviewView> {
    const order = await this.payerOrder(clientId, input.order_id);
    const rejection = expiryRejection(order, new Date()) ?? amountRejection(order.status);
    if (rejection) return this.workflows.refuse(order, rejection, { request, answer: previewView });
    const currency = order.localCurrency as CurrencyCode;
    const amount = this.paymentOrders.parseLocalAmount(
      'amount',
      input.amount,
      currency,
      order.localCountry as CountryCode,
    );
    const { quote } = await this.paymentOrders.price(
      clientId,
      'amount',
      amount,
      currency,
      order.userCurrency as CurrencyCode,
    );
    return this.workflows.submitAmount(order, { amount: formatAmount(amount, currency), fxQuoteId: quote.id }, request);
  }

  async pay(clientId: string, input: PayDto, request: KeyedRequest | undefined): Promise<PaymentResultView> {
    this.paymentOrders.assertNotificationUrl(input.notification_url);
    const order = await this.payerOrder(clientId, input.order_id);
    // PROCESSING with its workflow still awaiting the decision is a decision whose update was
    // lost with Temporal's workflow task: sent again, the workflow finds it recorded and pays.
    // The workflow answers every other PROCESSING order ALREADY_PROCESSED, as this check would.
    const rejection =
      order.status === PAYING_STATUS ? null : (expiryRejection(order, new Date()) ?? decisionRejection(order.status));
    if (rejection) return this.workflows.refuse(order, rejection, { request, answer: paymentResult });
    const refusal = walletRefusal(order, input.wallet_id, input.status === 'accepted');
    if (refusal) throw new ApiError(400, [`wallet_id: ${refusal}`]);
    const decision = {
      decision: input.status,
      notificationUrl: input.notification_url,
      ...(input.wallet_id && input.status === 'accepted' ? { walletId: input.wallet_id } : {}),
    };
    return this.workflows.decide(order, decision, request);
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
      } satisfies ReceiptNotFound);
    }
    return statusHistoryView(seenByClient(order, clientId), await this.orders.history(orderId));
  }

  /** The quick-start read: `{ order_uuid, total, destination_wallet, status }`. */
  async quickRead(clientId: string, orderId: string): Promise<QuickRead> {
    const order = isUuid(orderId) ? await this.orders.findVisibleTo(clientId, orderId) : null;
    if (!order) throw new ApiError(404, 'Not Found');
    return {
      order_uuid: order.id,
      total:
        order.localAmount === null
          ? null
          : formatAmount(new Decimal(order.localAmount), order.localCurrency as CurrencyCode),
      destination_wallet: collectorShown(order).identificationNumber,
      status: order.status,
    };
  }

  private async payerOrder(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = await this.orders.findOwnedByPayer(clientId, orderId);
    if (!order) throw new ApiError(404, 'Order not found');
    return order;
  }
}
