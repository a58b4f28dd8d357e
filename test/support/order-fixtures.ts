import { randomUUID } from 'node:crypto';
import { OrderEntity } from '../../src/orders/order.entity';
import { payer, pixQr } from './qr-fixtures';

/**
 * A Brazilian QR order of 20.00 BRL (3.72 USD) as the API writes it, accepted by nobody yet
 * (CREATED, its first step), for the tests that write orders without going through the API.
 */
export function createdQrOrder(payerClientId: string, overrides: Partial<OrderEntity> = {}): OrderEntity {
  const now = new Date();
  return Object.assign(new OrderEntity(), {
    id: randomUUID(),
    flow: 'QR',
    status: 'CREATED',
    lastSeq: 1,
    payerClientId,
    collectorClientId: null,
    externalReference: `ref-${randomUUID()}`,
    notificationUrl: null,
    paymentNotificationUrl: null,
    qrPayload: pixQr('20.00'),
    qrType: 'DYNAMIC',
    localCountry: 'BR',
    localCurrency: 'BRL',
    localAmount: '20.00',
    userCurrency: 'USD',
    userAmount: '3.72',
    payer,
    fxQuoteId: null,
    fxRate: '0.186',
    merchantName: null,
    merchantIdentificationNumber: null,
    merchantBranchOffice: null,
    errorCode: null,
    payoutReference: null,
    paymentDate: null,
    expiresAt: new Date(now.getTime() + 600_000),
    creationFingerprint: null,
    createdAt: now,
    updatedAt: now,
    ...overrides,
  });
}
