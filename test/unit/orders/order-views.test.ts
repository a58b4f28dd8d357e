import { OrderEntity, OrderStatusHistoryEntity } from '../../../src/orders/order.entity';
import { isoSeconds } from '../../../src/orders/iso-seconds';
import { paymentResultView, previewView, qrExpiredView, statusHistoryView } from '../../../src/orders/order-views';

function order(overrides: Partial<OrderEntity> = {}): OrderEntity {
  return Object.assign(new OrderEntity(), {
    id: '6f1c2c9e-8f1a-4b7e-9a51-0c7a0d3f8e11',
    flow: 'QR',
    status: 'CREATED',
    lastSeq: 2,
    payerClientId: 'payer',
    collectorClientId: null,
    externalReference: 'ref-1',
    notificationUrl: 'https://example.test/hook',
    paymentNotificationUrl: null,
    qrPayload: '000201…',
    qrType: 'DYNAMIC',
    localCountry: 'BR',
    localCurrency: 'BRL',
    localAmount: '100.5000',
    userCurrency: 'CLP',
    userAmount: '17250.0000',
    payer: null,
    fxQuoteId: null,
    fxRate: null,
    merchantName: 'Padaria',
    merchantIdentificationNumber: '12345678000195',
    merchantBranchOffice: null,
    errorCode: null,
    payoutReference: null,
    paymentDate: null,
    expiresAt: new Date('2026-01-01T10:10:00.000Z'),
    createdAt: new Date('2026-01-01T10:00:00.000Z'),
    updatedAt: new Date('2026-01-01T10:00:05.123Z'),
    ...overrides,
  });
}

describe('order views', () => {
  it('formats dates as YYYY-MM-DDTHH:MM:SSZ', () => {
    expect(isoSeconds(new Date('2026-03-04T05:06:07.891Z'))).toBe('2026-03-04T05:06:07Z');
  });

  it('shows preview amounts as numbers in each currency, whatever the column scale', () => {
    const view = previewView(order());
    expect(view.order).toMatchObject({
      local_total_amount: 100.5,
      user_total_amount: 17250,
      local_currency: 'BRL',
      user_currency: 'CLP',
    });
    expect(view.collector).toEqual({ name: 'Padaria', identification_number: '12345678000195', branch_office: '' });
  });

  it('shows null amounts for an open-amount QR still waiting for its amount', () => {
    const view = previewView(order({ status: 'WAITING_AMOUNT', localAmount: null, userAmount: null }));
    expect(view.order).toMatchObject({ local_total_amount: null, user_total_amount: null, status: 'WAITING_AMOUNT' });
  });

  it('leaves collector and order out of an unsuccessful read', () => {
    const view = previewView(order({ status: 'FAILED', errorCode: 'UPSTREAM_ERROR' }));
    expect(view).toEqual({
      payment_type: 'QR',
      external_reference: 'ref-1',
      error_code: 'UPSTREAM_ERROR',
      version: '2',
    });
  });

  it('shows status-history amounts as strings with the currency minor unit', () => {
    const history = [
      Object.assign(new OrderStatusHistoryEntity(), {
        status: 'CREATED',
        createdAt: new Date('2026-01-01T10:00:00.000Z'),
      }),
    ];
    const view = statusHistoryView(order(), history);
    expect(view).toMatchObject({
      local_amount: '100.50',
      user_amount: '17250',
      statuses: [{ status: 'CREATED', created_at: '2026-01-01T10:00:00.000Z' }],
    });
  });

  it('echoes external_reference as external_reference_id in the payment result', () => {
    const view = paymentResultView(
      order({ status: 'COMPLETED', paymentDate: new Date('2026-01-01T10:01:00.500Z') }),
      new Date('2026-01-01T10:01:01Z'),
    );
    expect(view).toEqual({
      order_id: order().id,
      external_reference: 'ref-1',
      external_reference_id: 'ref-1',
      status: 'COMPLETED',
      date: '2026-01-01T10:01:01Z',
      payment_date: '2026-01-01T10:01:00Z',
      merchant_identification_number: '12345678000195',
      merchant_name: 'Padaria',
      error_code: null,
    });
  });

  it('names the expiry in the QR expiration notification', () => {
    const view = qrExpiredView(order({ status: 'CANCELED', errorCode: 'EXPIRED' }), new Date('2026-01-01T10:10:01Z'));
    expect(view).toMatchObject({
      event: 'QR_EXPIRED',
      status: 'CANCELED',
      error_code: 'EXPIRED',
      expires_at: '2026-01-01T10:10:00Z',
      version: '2',
    });
  });

  describe("a key payment's holder", () => {
    const holder = {
      merchantName: 'Ana Souza Oliveira',
      merchantIdentificationNumber: '52998224725',
      merchantBranchOffice: '0001',
    };
    const views = (viewed: OrderEntity) => {
      const result = paymentResultView(viewed, new Date());
      const history = statusHistoryView(viewed, []);
      return {
        preview: previewView(viewed).collector,
        result: { name: result.merchant_name, document: result.merchant_identification_number },
        history: { name: history.merchant_name, document: history.merchant_identification_number },
      };
    };

    it.each([
      ['BR', '52998224725', '***.982.247-**'],
      ['CO', '900123456-7', '****456-*'],
    ])('in %s is shown masked in every view', (localCountry, document, masked) => {
      const shown = views(order({ flow: 'KEY', localCountry, ...holder, merchantIdentificationNumber: document }));
      expect(shown).toEqual({
        preview: { name: 'Ana S. O.', identification_number: masked, branch_office: '0001' },
        result: { name: 'Ana S. O.', document: masked },
        history: { name: 'Ana S. O.', document: masked },
      });
    });

    it('in Peru, like a QR merchant, is shown as it is', () => {
      for (const viewed of [order({ flow: 'KEY', localCountry: 'PE', ...holder }), order({ flow: 'QR', ...holder })]) {
        expect(views(viewed).result).toEqual({ name: 'Ana Souza Oliveira', document: '52998224725' });
      }
    });

    it('not known yet stays null', () => {
      expect(views(order({ flow: 'KEY', merchantName: null, merchantIdentificationNumber: null })).history).toEqual({
        name: null,
        document: null,
      });
    });
  });
});
