import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import { FxService } from '../fx/fx.service';
import { ApiError } from '../http/api-error';
import { isUuid } from '../keys';
import { PosService } from '../merchants/pos.service';
import { posMcc } from '../merchants/merchant-category';
import { convert, CurrencyCode, Decimal, formatAmount, isPaymentCurrency, PAYMENT_CURRENCIES } from '../money';
import type { IndicativeRate, OrderEntity } from '../orders/order.entity';
import { OrderRepository } from '../orders/order.repository';
import { expiryRejection } from '../orders/lifecycle';
import { isoSeconds } from '../orders/iso-seconds';
import { amountNumber, exchangeRatesView, seenBy, StatusHistoryView, statusHistoryView } from '../orders/order-views';
import { OrderWorkflowClient, rejectionError } from '../orders/order-workflow.client';
import { PaymentOrders } from '../orders/payment-orders';
import { collectionMarket } from './collection-country';
import { collectionQr } from './collection-qr';
import type { CanceledQrDto, CreatedQrDto, CreateQrDto } from './collections.dto';

/**
 * The collector's side: QR codes created for its points of sale, each an order with its own
 * workflow that waits for a client to scan it (any client may pay it, see PaymentsService).
 */
@Injectable()
export class CollectionsService {
  constructor(
    private readonly pos: PosService,
    private readonly fx: FxService,
    private readonly orders: OrderRepository,
    private readonly paymentOrders: PaymentOrders,
    private readonly workflows: OrderWorkflowClient,
  ) {}

  async createQr(clientId: string, input: CreateQrDto, idempotencyKey: string | undefined): Promise<CreatedQrDto> {
    this.paymentOrders.assertNotificationUrl(input.notification_url);
    const { pos, store, collector } = await this.pos.findActivePos(clientId, input.pos_uuid);
    const market = collectionMarket(collector.countryCode, input.currency);
    if ('problem' in market) throw new ApiError(400, [market.problem]);
    const { country, currency } = market;
    const amount =
      input.amount === undefined
        ? null
        : this.paymentOrders.parseLocalAmount('amount', input.amount, currency, country);
    const localAmount = amount === null ? null : formatAmount(amount, currency);
    const id = randomUUID();
    const order = await this.paymentOrders.open(
      {
        id,
        flow: 'COLLECTION',
        payer: null,
        localCountry: country,
        localCurrency: currency,
        localAmount: amount,
        priced: null,
        details: {
          qrPayload: collectionQr({
            orderId: id,
            collector,
            storeAddress: store.address,
            mcc: posMcc({ pos, collector }),
            country,
            currency,
            amount: localAmount,
          }),
          qrType: amount === null ? 'STATIC' : 'DYNAMIC',
          collectorClientId: clientId,
          collectorExternalReference: input.external_reference,
          collectorNotificationUrl: input.notification_url,
          posId: pos.id,
          qrExchangeRates: await this.indicativeRates(clientId, currency, amount),
          merchantName: collector.fantasyName ?? collector.name,
          merchantIdentificationNumber: collector.taxId,
          merchantBranchOffice: store.externalReference,
        },
      },
      idempotencyKey,
      input,
    );
    // A retry resumed the order the first request made: its QR, not the one drafted here, is the answer.
    return {
      order_id: order.id,
      status: order.status,
      qr: order.qrPayload!,
      qr_image: await QRCode.toDataURL(order.qrPayload!, { errorCorrectionLevel: 'M' }),
      expires_at: isoSeconds(order.expiresAt),
      local_amount: amountNumber(order.localAmount, order.localCurrency),
      local_currency: order.localCurrency,
      exchange_rates: exchangeRatesView(order),
    };
  }

  /**
   * Cancels a QR nobody has paid. Repeating the cancel of a QR its collector canceled answers
   * the same, so a DELETE retried after a lost response is not refused.
   */
  async cancelQr(clientId: string, orderId: string): Promise<CanceledQrDto> {
    const order = await this.collected(clientId, orderId);
    // The documented answer (CanceledQrDto): what the collector's cancel leaves on the order.
    const canceled: CanceledQrDto = { order_id: order.id, status: 'CANCELED', error_code: 'CANCELED_BY_COLLECTOR' };
    if (order.status === canceled.status && order.errorCode === canceled.error_code) return canceled;
    if (expiryRejection(order, new Date())) throw rejectionError(order, 'INVALID_STATUS');
    const status = await this.workflows.cancel(order);
    // The workflow found the payer's decision recorded before the cancel: the payment wins.
    if (status !== canceled.status) throw rejectionError({ ...order, status }, 'INVALID_STATUS');
    return canceled;
  }

  /** The collector's view of the order: its own reference, the statuses it went through. */
  async read(clientId: string, orderId: string): Promise<StatusHistoryView> {
    const order = await this.collected(clientId, orderId);
    return statusHistoryView(seenBy(order, 'collector'), await this.orders.history(order.id));
  }

  /** What the QR's amount is in each currency a payer may hold, at the collector's own rates. */
  private async indicativeRates(
    clientId: string,
    currency: CurrencyCode,
    amount: Decimal | null,
  ): Promise<IndicativeRate[]> {
    if (!isPaymentCurrency(currency)) return [];
    const targets = PAYMENT_CURRENCIES.filter((target) => target !== currency);
    const rates = await this.fx.indicativeRates(clientId, currency, targets);
    return rates.map(({ currency: target, rate }) => ({
      currency: target,
      rate: rate.toFixed(),
      amount: amount === null ? null : formatAmount(convert(amount, rate, target), target),
    }));
  }

  private async collected(clientId: string, orderId: string): Promise<OrderEntity> {
    const order = isUuid(orderId) ? await this.orders.findCollectedBy(clientId, orderId) : null;
    if (!order) throw new ApiError(404, 'Order not found');
    return order;
  }
}
