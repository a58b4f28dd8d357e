import {
  callbacksOf,
  initialStatus,
  ORDER_EVENTS,
  ORDER_FLOWS,
  ORDER_STATUSES,
  orderStep,
  statusAfter,
  type OrderEvent,
  type OrderFlow,
  type OrderStatus,
} from '../../../../src/orders/lifecycle';

/** Where `event` takes an order of `flow` in `status`, or '-' when the lifecycle refuses it there. */
const target = (flow: OrderFlow, localCountry: string, status: OrderStatus, event: OrderEvent) =>
  orderStep({ status, flow, localCountry }, event)?.to ?? '-';

/**
 * Every (status, event) pair for a QR payment in Brazil, one row per event, one column per
 * status in ORDER_STATUSES order: WAITING_AMOUNT PROCESS_LATER CREATED PROCESSING COMPLETED
 * CANCELED REFUNDED PARTIALLY_REFUNDED REJECTED FAILED. A key payment moves the same.
 */
const PAYMENT: Record<OrderEvent, string> = {
  PREPARED: '          WAITING_AMOUNT PROCESS_LATER CREATED - - - - - - -',
  UNRESOLVED: '        FAILED FAILED FAILED - - - - - - -',
  CLAIMED: '           - - - - - - - - - -',
  AMOUNT_SET: '        CREATED CREATED - - - - - - - -',
  ACCEPTED: '          - - PROCESSING - - - - - - -',
  FUNDS_SHORT: '       - - FAILED - - - - - - -',
  USER_REJECTED: '     - - CANCELED - - - - - - -',
  COLLECTOR_CANCELED: '- - - - - - - - - -',
  EXPIRED: '           CANCELED CANCELED CANCELED - - - - - - -',
  DECISION_BROKEN: '   - - FAILED - - - - - - -',
  PAID: '              - - - COMPLETED - - - - - -',
  PAYOUT_REJECTED: '   - - - REJECTED - - - - - -',
  NOT_PAID: '          - - - FAILED - - - - - -',
  REFUNDED_IN_PART: '  - - - - PARTIALLY_REFUNDED - - PARTIALLY_REFUNDED - -',
  REFUNDED_IN_FULL: '  - - - - REFUNDED - - REFUNDED - -',
  REFUND_NOT_MADE: '   - - - - COMPLETED - - PARTIALLY_REFUNDED - -',
};

/** A collector's QR differs from a payment only where a collector is concerned: it is claimed, and it may be canceled. */
const COLLECTION: Partial<Record<OrderEvent, string>> = {
  CLAIMED: '           WAITING_AMOUNT PROCESS_LATER CREATED - - - - - - -',
  COLLECTOR_CANCELED: 'CANCELED CANCELED CANCELED - - - - - - -',
};

const row = (cells: string) => cells.trim().split(/\s+/);

describe('the order transition table', () => {
  it('names every status once per row of the grids below (the grid is the table)', () => {
    for (const cells of [...Object.values(PAYMENT), ...Object.values(COLLECTION)])
      expect(row(cells)).toHaveLength(ORDER_STATUSES.length);
  });

  describe.each([
    ['a QR payment in Brazil', 'QR', 'BR'],
    ['a QR payment in Argentina', 'QR', 'AR'],
    ['a key payment', 'KEY', 'PE'],
  ] as const)('%s', (_, flow, country) => {
    it.each(ORDER_EVENTS)('takes %s from exactly the statuses its row names, to the status it names', (event) => {
      expect(ORDER_STATUSES.map((status) => target(flow, country, status, event))).toEqual(row(PAYMENT[event]));
    });
  });

  describe.each([
    ['in Brazil', 'BR'],
    ['in Argentina', 'AR'],
  ] as const)("a collector's QR %s", (_, country) => {
    it.each(ORDER_EVENTS)('takes %s as a payment does, but for its claim and its cancel', (event) => {
      const expected = row(COLLECTION[event] ?? PAYMENT[event]);
      // Scanned before its amount is known, an Argentine QR awaits it as PROCESS_LATER, as the spec says.
      if (event === 'CLAIMED' && country === 'AR') expected[0] = 'PROCESS_LATER';
      expect(ORDER_STATUSES.map((status) => target('COLLECTION', country, status, event))).toEqual(expected);
    });
  });

  it('records what each event of a QR payment writes: its error code, callbacks, ledger entries and history entry', () => {
    const records = (status: OrderStatus, event: OrderEvent) => {
      const step = orderStep({ status, flow: 'QR', localCountry: 'BR' }, event)!;
      return [step.errorCode, step.notify.join('+'), step.ledger.join('+'), step.history, step.paid];
    };
    expect(records('CREATED', 'PREPARED')).toEqual([null, 'PREVIEW', '', false, false]);
    expect(records('CREATED', 'UNRESOLVED')).toEqual(['UPSTREAM_ERROR', 'PREVIEW', '', true, false]);
    expect(records('WAITING_AMOUNT', 'AMOUNT_SET')).toEqual([null, 'PREVIEW', '', true, false]);
    // The spec sends a PROCESSING notification in the key flows only.
    expect(records('CREATED', 'ACCEPTED')).toEqual([null, '', 'RESERVE', true, false]);
    expect(records('CREATED', 'FUNDS_SHORT')).toEqual(['INSUFFICIENT_FUNDS', 'PAYMENT', '', true, false]);
    expect(records('CREATED', 'USER_REJECTED')).toEqual(['USER_REJECTED', 'PAYMENT', '', true, false]);
    expect(records('CREATED', 'EXPIRED')).toEqual(['EXPIRED', 'QR_EXPIRED', '', true, false]);
    expect(records('CREATED', 'DECISION_BROKEN')).toEqual(['INTERNAL_ERROR', 'PAYMENT', '', true, false]);
    expect(records('PROCESSING', 'PAID')).toEqual([null, 'PAYMENT', 'COMMIT', true, true]);
    expect(records('PROCESSING', 'PAYOUT_REJECTED')).toEqual([
      'DESTINATION_REJECTED',
      'PAYMENT',
      'RELEASE',
      true,
      false,
    ]);
    expect(records('PROCESSING', 'NOT_PAID')).toEqual(['UPSTREAM_ERROR', 'PAYMENT', 'RELEASE', true, false]);
    expect(records('COMPLETED', 'REFUNDED_IN_PART')).toEqual([null, 'REFUND', 'REFUND_CREDIT', true, false]);
    // Each partial refund that goes through is an entry of its own, though the status stays.
    expect(records('PARTIALLY_REFUNDED', 'REFUNDED_IN_PART')).toEqual([null, 'REFUND', 'REFUND_CREDIT', true, false]);
    expect(records('PARTIALLY_REFUNDED', 'REFUNDED_IN_FULL')).toEqual([null, 'REFUND', 'REFUND_CREDIT', true, false]);
    expect(records('PARTIALLY_REFUNDED', 'REFUND_NOT_MADE')).toEqual([null, 'REFUND', '', false, false]);
  });

  it('tells a key payment of its acceptance, and publishes a collection as created rather than previewed', () => {
    expect(orderStep({ status: 'CREATED', flow: 'KEY', localCountry: 'BR' }, 'ACCEPTED')?.notify).toEqual(['PAYMENT']);
    expect(orderStep({ status: 'CREATED', flow: 'COLLECTION', localCountry: 'BR' }, 'ACCEPTED')?.notify).toEqual([]);
    expect(orderStep({ status: 'WAITING_AMOUNT', flow: 'COLLECTION', localCountry: 'BR' }, 'PREPARED')?.notify).toEqual(
      ['QR_CREATED'],
    );
    expect(
      orderStep({ status: 'CREATED', flow: 'COLLECTION', localCountry: 'BR' }, 'COLLECTOR_CANCELED'),
    ).toMatchObject({ errorCode: 'CANCELED_BY_COLLECTOR', notify: ['PAYMENT'] });
  });

  it('credits a collection’s collector when it is paid, and takes a refund back from it before crediting the payer', () => {
    const collection = (status: OrderStatus, event: OrderEvent) =>
      orderStep({ status, flow: 'COLLECTION', localCountry: 'BR' }, event)?.ledger;
    expect(collection('PROCESSING', 'PAID')).toEqual(['COMMIT', 'COLLECT']);
    expect(collection('COMPLETED', 'REFUNDED_IN_PART')).toEqual(['CLAW_BACK', 'REFUND_CREDIT']);
    expect(collection('PARTIALLY_REFUNDED', 'REFUNDED_IN_FULL')).toEqual(['CLAW_BACK', 'REFUND_CREDIT']);
    expect(collection('COMPLETED', 'REFUND_NOT_MADE')).toEqual([]);
  });

  it('names the callbacks of a step already written whatever status the order has moved on to, for a retried step to find them', () => {
    for (const flow of ORDER_FLOWS) {
      for (const event of ORDER_EVENTS) {
        const written = ORDER_STATUSES.map((status) => orderStep({ status, flow, localCountry: 'BR' }, event)).find(
          (step) => step !== null,
        );
        if (written) expect(callbacksOf({ flow, localCountry: 'BR' }, event)).toEqual(written.notify);
      }
    }
  });

  it('knows where the closing events lead wherever they happen, and that others depend on the order', () => {
    expect([statusAfter('EXPIRED'), statusAfter('USER_REJECTED'), statusAfter('COLLECTOR_CANCELED')]).toEqual([
      'CANCELED',
      'CANCELED',
      'CANCELED',
    ]);
    expect(statusAfter('CLAIMED')).toBeNull();
    expect(statusAfter('PREPARED')).toBeNull();
  });
});

describe('the status an order opens in', () => {
  it.each(ORDER_FLOWS)('is CREATED for a %s order whose amount is known, anywhere', (flow) => {
    for (const country of ['AR', 'BR', 'CO', 'PE'])
      expect(initialStatus({ flow, country, amountKnown: true })).toBe('CREATED');
  });

  it('is PROCESS_LATER for an Argentine QR scanned before its amount, WAITING_AMOUNT for any other open amount', () => {
    expect(initialStatus({ flow: 'QR', country: 'AR', amountKnown: false })).toBe('PROCESS_LATER');
    expect(initialStatus({ flow: 'QR', country: 'BR', amountKnown: false })).toBe('WAITING_AMOUNT');
    // A collector's QR waits for a client to scan it; the claim makes an Argentine one PROCESS_LATER.
    expect(initialStatus({ flow: 'COLLECTION', country: 'AR', amountKnown: false })).toBe('WAITING_AMOUNT');
  });
});
