import { amountRejection, decisionRejection } from '../../../src/orders/order-rules';
import { ORDER_STATUSES, OrderStatus } from '../../../src/orders/order-status';

describe('the spec idempotency tables as rules', () => {
  describe('send amount', () => {
    it.each(['WAITING_AMOUNT', 'PROCESS_LATER'] as OrderStatus[])('executes on %s', (status) => {
      expect(amountRejection(status)).toBeNull();
    });

    it('refuses a CREATED order as an unauthorized duplicate (already processed)', () => {
      expect(amountRejection('CREATED')).toBe('ALREADY_PROCESSED');
    });

    it.each(ORDER_STATUSES.filter((s) => !['WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED'].includes(s)))(
      'refuses %s as an invalid status',
      (status) => expect(amountRejection(status)).toBe('INVALID_STATUS'),
    );
  });

  describe('pay', () => {
    it('executes on CREATED only', () => {
      expect(ORDER_STATUSES.filter((status) => decisionRejection(status) === null)).toEqual(['CREATED']);
    });

    it.each(['PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as OrderStatus[])(
      'refuses %s, where a decision was already processed, as already processed',
      (status) => expect(decisionRejection(status)).toBe('ALREADY_PROCESSED'),
    );

    it.each(['CANCELED', 'WAITING_AMOUNT', 'PROCESS_LATER'] as OrderStatus[])('refuses %s as an invalid status', (status) => {
      expect(decisionRejection(status)).toBe('INVALID_STATUS');
    });
  });
});
