import { Decimal } from '../../../src/money';
import {
  REFUND_EVENTS,
  refundAnswer,
  refundRejection,
  refundStep,
  refundsMoney,
  remainingOf,
} from '../../../src/refunds/refund-lifecycle';

describe('a refund asked for', () => {
  const ledger = { total: '100.00', refunded: '30.00', held: '20.00' };

  it('may take what is neither refunded nor held by a refund in flight', () => {
    expect(remainingOf(ledger).toFixed()).toBe('50');
    expect(refundRejection('PARTIALLY_REFUNDED', ledger, new Decimal('50.00'))).toBeNull();
    expect(refundRejection('PARTIALLY_REFUNDED', ledger, new Decimal('50.01'))).toBe('AMOUNT_EXCEEDS_REFUNDABLE');
  });

  it('is refused nothing at all, and on an order that was never paid', () => {
    expect(refundRejection('COMPLETED', { total: '10.00', refunded: '10.00', held: '0' }, new Decimal(0))).toBe(
      'AMOUNT_EXCEEDS_REFUNDABLE',
    );
    for (const status of ['CREATED', 'PROCESSING', 'CANCELED', 'FAILED', 'REJECTED', 'REFUNDED'] as const) {
      expect(refundRejection(status, ledger, new Decimal('1.00'))).toBe('INVALID_STATUS');
    }
  });
});

describe('a refund settled', () => {
  const step = (event: (typeof REFUND_EVENTS)[number], refundedBefore: string, amount: string) =>
    refundStep(event, { total: '100.00', refundedBefore, amount });

  it('completes on the rail’s or an operator’s "refunded", and leaves the order PARTIALLY_REFUNDED, or REFUNDED once nothing is left', () => {
    expect(step('RAIL_REFUNDED', '0', '40.00')).toEqual({
      status: 'COMPLETED',
      errorCode: null,
      refunded: true,
      orderEvent: 'REFUNDED_IN_PART',
    });
    expect(step('RAIL_REFUNDED', '40.00', '60.00')).toEqual({
      status: 'COMPLETED',
      errorCode: null,
      refunded: true,
      orderEvent: 'REFUNDED_IN_FULL',
    });
    expect(step('OPERATOR_REFUNDED', '0', '100.00')).toMatchObject({
      status: 'COMPLETED',
      refunded: true,
      orderEvent: 'REFUNDED_IN_FULL',
    });
  });

  it.each([
    ['RAIL_REJECTED', 'REJECTED', 'DESTINATION_REJECTED'],
    ['RAIL_FAILED', 'FAILED', 'UPSTREAM_ERROR'],
    ['COLLECTOR_SHORT', 'FAILED', 'INSUFFICIENT_FUNDS'],
    ['OPERATOR_NOT_REFUNDED', 'FAILED', 'UPSTREAM_ERROR'],
  ] as const)('on %s becomes %s (%s), and leaves the order as it was', (event, status, errorCode) => {
    expect(step(event, '0', '40.00')).toEqual({ status, errorCode, refunded: false, orderEvent: 'REFUND_NOT_MADE' });
    expect(refundsMoney(event)).toBe(false);
  });

  it('is answered as the spec names it: by what is left once it went through, else by its own status', () => {
    expect(refundAnswer('RAIL_REFUNDED', { refunded: true, orderStatus: 'PARTIALLY_REFUNDED' })).toBe(
      'PARTIALLY_REFUNDED',
    );
    expect(refundAnswer('OPERATOR_REFUNDED', { refunded: true, orderStatus: 'REFUNDED' })).toBe('REFUNDED');
    expect(refundAnswer('RAIL_REJECTED', { refunded: false, orderStatus: 'COMPLETED' })).toBe('REJECTED');
    expect(refundAnswer('RAIL_FAILED', { refunded: false, orderStatus: 'COMPLETED' })).toBe('FAILED');
    // Meant to go through, it found the collector short when it settled.
    expect(refundAnswer('RAIL_REFUNDED', { refunded: false, orderStatus: 'COMPLETED' })).toBe('FAILED');
  });
});
