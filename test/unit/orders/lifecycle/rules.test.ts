import {
  amountRejection,
  amountRejectionIn,
  cancelRejectionIn,
  claimRejection,
  claimRejectionIn,
  decisionRejection,
  decisionRejectionIn,
  expiredAt,
  expiryRejection,
  expiryRejectionIn,
  ORDER_PHASES,
  ORDER_STATUSES,
  OrderErrorCode,
  OrderPhase,
  OrderStatus,
  phaseOf,
  rejectionMessage,
  resolutionRejectionIn,
} from '../../../../src/orders/lifecycle';

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

    it.each(['CANCELED', 'WAITING_AMOUNT', 'PROCESS_LATER'] as OrderStatus[])(
      'refuses %s as an invalid status',
      (status) => {
        expect(decisionRejection(status)).toBe('INVALID_STATUS');
      },
    );
  });

  describe("scan a collector's QR", () => {
    it('claims it while nobody has and it still waits', () => {
      expect(claimRejection({ status: 'WAITING_AMOUNT', payerClientId: null })).toBeNull();
      expect(claimRejection({ status: 'CREATED', payerClientId: null })).toBeNull();
    });

    it('refuses it once another client claimed it, and once it is final', () => {
      expect(claimRejection({ status: 'CREATED', payerClientId: 'c1' })).toBe('ALREADY_PROCESSED');
      expect(claimRejection({ status: 'PROCESSING', payerClientId: 'c1' })).toBe('ALREADY_PROCESSED');
      expect(claimRejection({ status: 'CANCELED', payerClientId: null })).toBe('INVALID_STATUS');
      expect(claimRejection({ status: 'COMPLETED', payerClientId: 'c1' })).toBe('INVALID_STATUS');
    });
  });
});

describe('the workflow phases as rules', () => {
  const phases = ORDER_PHASES;

  it('takes an amount only while awaiting one, and calls a second one while applying already processed', () => {
    expect(phases.filter((phase) => amountRejectionIn(phase, 'WAITING_AMOUNT') === null)).toEqual(['AWAITING_AMOUNT']);
    expect(amountRejectionIn('APPLYING_AMOUNT', 'WAITING_AMOUNT')).toBe('ALREADY_PROCESSED');
    expect(amountRejectionIn('AWAITING_DECISION', 'CREATED')).toBe('ALREADY_PROCESSED');
  });

  it('takes a decision only while awaiting one; a second during or after it is already processed', () => {
    expect(phases.filter((phase) => decisionRejectionIn(phase, 'CREATED') === null)).toEqual(['AWAITING_DECISION']);
    expect(decisionRejectionIn('DECIDING', 'CREATED')).toBe('ALREADY_PROCESSED');
    expect(decisionRejectionIn('PAYING', 'PROCESSING')).toBe('ALREADY_PROCESSED');
    expect(decisionRejectionIn('PAYOUT_UNCONFIRMED', 'PROCESSING')).toBe('ALREADY_PROCESSED');
    expect(decisionRejectionIn('CLOSED', 'COMPLETED')).toBe('ALREADY_PROCESSED');
  });

  it.each(['PREPARING', 'CLOSING', 'AWAITING_PAYER', 'CLAIMING'] as OrderPhase[])(
    'refuses every payer action while %s, whatever the status says',
    (phase) => {
      expect(amountRejectionIn(phase, 'WAITING_AMOUNT')).toBe('INVALID_STATUS');
      expect(decisionRejectionIn(phase, 'CREATED')).toBe('INVALID_STATUS');
    },
  );

  it('refuses a decision while an amount is being applied, and after expiry', () => {
    expect(decisionRejectionIn('APPLYING_AMOUNT', 'WAITING_AMOUNT')).toBe('INVALID_STATUS');
    expect(decisionRejectionIn('CLOSED', 'CANCELED')).toBe('INVALID_STATUS');
    expect(amountRejectionIn('CLOSED', 'CANCELED')).toBe('INVALID_STATUS');
  });

  it('lets the first client that scans a collection QR claim it, and no other', () => {
    expect(phases.filter((phase) => claimRejectionIn(phase) === null)).toEqual(['AWAITING_PAYER']);
    expect(claimRejectionIn('CLAIMING')).toBe('ALREADY_PROCESSED');
    expect(claimRejectionIn('AWAITING_DECISION')).toBe('ALREADY_PROCESSED');
    expect(claimRejectionIn('CLOSED')).toBe('INVALID_STATUS');
  });

  it('lets a collector cancel only while no decision is being made or was made', () => {
    expect(phases.filter((phase) => cancelRejectionIn(phase, 'COLLECTION') === null)).toEqual([
      'AWAITING_PAYER',
      'AWAITING_AMOUNT',
      'AWAITING_DECISION',
    ]);
  });

  it('lets nobody cancel an order without a collector: its payer rejects it instead', () => {
    expect(
      phases.filter((phase) => cancelRejectionIn(phase, 'QR') === null || cancelRejectionIn(phase, 'KEY') === null),
    ).toEqual([]);
  });

  it('lets the sandbox expire an order only while it waits for someone, and calls anything later INVALID_STATUS', () => {
    expect(phases.filter((phase) => expiryRejectionIn(phase) === null)).toEqual([
      'AWAITING_PAYER',
      'AWAITING_AMOUNT',
      'AWAITING_DECISION',
    ]);
    expect(new Set(phases.map(expiryRejectionIn).filter((rejection) => rejection !== null))).toEqual(
      new Set(['INVALID_STATUS']),
    );
  });

  it('lets an operator resolve a payout only once the workflow flagged it unconfirmed', () => {
    expect(phases.filter((phase) => resolutionRejectionIn(phase) === null)).toEqual(['PAYOUT_UNCONFIRMED']);
  });
});

describe('the phase an order recorded in the database is in', () => {
  it('is PAYING once the decision is recorded, and CLOSED in a final status', () => {
    expect(phaseOf('PROCESSING', false)).toBe('PAYING');
    expect(phaseOf('CANCELED', false)).toBe('CLOSED');
    expect(phaseOf('FAILED', true)).toBe('CLOSED');
  });

  it('waits for what the order lacks: a payer, an amount or the decision', () => {
    expect(phaseOf('CREATED', true)).toBe('AWAITING_PAYER');
    expect(phaseOf('WAITING_AMOUNT', true)).toBe('AWAITING_PAYER');
    expect(phaseOf('CREATED', false)).toBe('AWAITING_DECISION');
    expect(phaseOf('WAITING_AMOUNT', false)).toBe('AWAITING_AMOUNT');
    expect(phaseOf('PROCESS_LATER', false)).toBe('AWAITING_AMOUNT');
  });
});

describe('an expired order', () => {
  const expiresAt = new Date('2026-11-25T10:10:00.000Z');
  const before = new Date('2026-11-25T10:09:59.999Z');
  const after = new Date('2026-11-25T10:10:00.000Z');
  const order = (status: OrderStatus, errorCode: OrderErrorCode | null = null) => ({
    id: 'a1b2',
    status,
    errorCode,
    expiresAt,
  });

  it.each(['WAITING_AMOUNT', 'PROCESS_LATER', 'CREATED'] as OrderStatus[])(
    'has expired from its expires_at on while it still waits (%s), its expiry written or not',
    (status) => {
      expect(expiredAt(order(status), before)).toBeNull();
      expect(expiredAt(order(status), after)).toEqual(expiresAt);
      expect(expiryRejection(order(status), before)).toBeNull();
      expect(expiryRejection(order(status), after)).toBe('INVALID_STATUS');
    },
  );

  it('is one canceled as EXPIRED, and no order canceled for another reason', () => {
    expect(expiredAt(order('CANCELED', 'EXPIRED'), before)).toEqual(expiresAt);
    for (const reason of ['USER_REJECTED', 'CANCELED_BY_COLLECTOR'] as OrderErrorCode[])
      expect(expiredAt(order('CANCELED', reason), after)).toBeNull();
  });

  it.each(['PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED', 'REFUNDED', 'PARTIALLY_REFUNDED'] as OrderStatus[])(
    'is never one whose payment was decided in time (%s), however late it is',
    (status) => {
      expect(expiredAt(order(status), new Date('2027-01-01T00:00:00Z'))).toBeNull();
      expect(expiryRejection(order(status), new Date('2027-01-01T00:00:00Z'))).toBeNull();
    },
  );

  it('is refused saying it expired and when, in the spec date format, not naming the status its workflow has not moved yet', () => {
    expect(rejectionMessage(order('CREATED'), 'INVALID_STATUS', after)).toBe(
      'Order a1b2 expired at 2026-11-25T10:10:00Z',
    );
    expect(rejectionMessage(order('WAITING_AMOUNT'), 'INVALID_STATUS', after)).toBe(
      'Order a1b2 expired at 2026-11-25T10:10:00Z',
    );
    expect(rejectionMessage(order('CANCELED', 'EXPIRED'), 'INVALID_STATUS', after)).toBe(
      'Order a1b2 expired at 2026-11-25T10:10:00Z',
    );
  });

  it('leaves the other refusals as they were', () => {
    expect(rejectionMessage(order('CREATED'), 'INVALID_STATUS', before)).toBe(
      'Order a1b2 is CREATED: the operation is not allowed in this status',
    );
    expect(rejectionMessage(order('CANCELED', 'USER_REJECTED'), 'INVALID_STATUS', after)).toBe(
      'Order a1b2 is CANCELED: the operation is not allowed in this status',
    );
    expect(rejectionMessage(order('COMPLETED'), 'ALREADY_PROCESSED', after)).toBe('Order a1b2 was already processed');
  });
});
