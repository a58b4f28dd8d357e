import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DataSource, QueryFailedError } from 'typeorm';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { decodeEmvQr } from '../emv';
import { isUuid } from '../keys';
import { ApiError, ExactBodyError } from '../http/api-error';
import {
  assertAmountWithinLimits,
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
import { OrderEntity, OrderStatusHistoryEntity } from '../orders/order.entity';
import { amountRejection, decisionRejection } from '../orders/order-rules';
import type { OrderStatus } from '../orders/order-status';
import { PaymentResultView, PreviewView, StatusHistoryView, statusHistoryView } from '../orders/order-views';
import { OrderWorkflowClient, rejectionError } from './order-workflow.client';
import type { PayDto, PreviewAckDto, QrPreviewDto, SubmitAmountDto } from './payments.dto';

/** The QR payment flow for the payer: preview, amount, decision and status reads. */
@Injectable()
export class PaymentsService {
  private readonly limits: LimitOverrides;

  constructor(
    private readonly dataSource: DataSource,
    private readonly workflows: OrderWorkflowClient,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.limits = parseLimitOverrides(env.AMOUNT_LIMITS);
  }

  async previewQr(clientId: string, input: QrPreviewDto): Promise<PreviewAckDto> {
    this.assertNotificationUrl(input.notification_url);
    const qr = decodeEmvQr(input.qr);
    if (!qr.valid) throw new ApiError(400, qr.errors.map((error) => `qr: ${error.message}`));
    const country = qr.country!;
    if (!isSupportedCountry(country)) throw new ApiError(400, [`qr: country ${country} is not supported`]);
    const localCurrency = qr.currency!.alpha as CurrencyCode;
    const localAmount = qr.amount === null ? null : this.parseLocalAmount('qr', qr.amount, localCurrency, country);
    // Argentina's static QRs wait for the merchant's amount as PROCESS_LATER.
    const status: OrderStatus = localAmount ? 'CREATED' : country === 'AR' ? 'PROCESS_LATER' : 'WAITING_AMOUNT';
    const now = new Date();
    const order = this.dataSource.getRepository(OrderEntity).create({
      id: randomUUID(),
      flow: 'QR',
      status,
      lastSeq: 1,
      payerClientId: clientId,
      collectorClientId: null,
      externalReference: input.external_reference,
      notificationUrl: input.notification_url,
      qrPayload: input.qr,
      qrType: qr.point_of_initiation ?? (localAmount ? 'DYNAMIC' : 'STATIC'),
      localCountry: country,
      localCurrency,
      localAmount: localAmount ? formatAmount(localAmount, localCurrency) : null,
      userCurrency: input.user.currency,
      payer: input.user,
      expiresAt: new Date(now.getTime() + this.env.QR_EXPIRY_SECONDS * 1000),
      createdAt: now,
      updatedAt: now,
    });
    await this.createOrder(order);
    try {
      await this.workflows.start(order, clientId);
    } catch (error) {
      // Without its workflow the order could never move: undo it, so a retry starts afresh. A
      // start that failed only on the wire did happen, and the order lives on.
      if (await this.workflows.exists(order.id)) return this.previewAck(input.external_reference, localCurrency, localAmount !== null);
      await this.dataSource.transaction(async (tx) => {
        await tx.delete(OrderStatusHistoryEntity, { orderId: order.id });
        await tx.delete(OrderEntity, { id: order.id });
      });
      throw error;
    }
    return this.previewAck(input.external_reference, localCurrency, localAmount !== null);
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
    return this.workflows.submitAmount(order, { amount: formatAmount(amount, currency) });
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
    const order = isUuid(orderId) ? await this.visibleOrder(clientId, orderId) : null;
    if (!order) {
      throw new ExactBodyError(404, {
        eventId: randomUUID(),
        details: `Order ${orderId} was not found`,
        correlationId,
        errors: [{ code: 2105, title: 'Receipt not found', detail: `There is no order ${orderId} for this client` }],
      });
    }
    const history = await this.dataSource.getRepository(OrderStatusHistoryEntity).find({ where: { orderId }, order: { seq: 'ASC' } });
    return statusHistoryView(order, history);
  }

  /** The quick-start read: `{ order_uuid, total, destination_wallet, status }`. */
  async quickRead(clientId: string, orderId: string) {
    const order = isUuid(orderId) ? await this.visibleOrder(clientId, orderId) : null;
    if (!order) throw new ApiError(404, 'Not Found');
    return {
      order_uuid: order.id,
      total: order.localAmount === null ? null : formatAmount(new Decimal(order.localAmount), order.localCurrency as CurrencyCode),
      destination_wallet: order.merchantIdentificationNumber,
      status: order.status,
    };
  }

  private async createOrder(order: OrderEntity): Promise<void> {
    try {
      await this.dataSource.transaction(async (tx) => {
        await tx.insert(OrderEntity, order);
        await tx.insert(OrderStatusHistoryEntity, {
          orderId: order.id,
          seq: 1,
          status: order.status,
          localAmount: order.localAmount,
          userAmount: null,
          createdAt: order.createdAt,
        });
      });
    } catch (error) {
      if (error instanceof QueryFailedError && (error.driverError as { code?: string }).code === '23505') {
        throw new ApiError(409, `An order with external_reference ${order.externalReference} already exists`, 'ALREADY_PROCESSED');
      }
      throw error;
    }
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
    const order = await this.dataSource.getRepository(OrderEntity).findOneBy({ id: orderId, payerClientId: clientId });
    if (!order) throw new ApiError(404, 'Order not found');
    return order;
  }

  private visibleOrder(clientId: string, orderId: string): Promise<OrderEntity | null> {
    return this.dataSource.getRepository(OrderEntity).findOne({
      where: [
        { id: orderId, payerClientId: clientId },
        { id: orderId, collectorClientId: clientId },
      ],
    });
  }
}
