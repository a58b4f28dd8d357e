import type { OrderFacts } from '../../../src/orders/order-steps';
import { MAX_REFUSED_SIGNALS, OrderState } from '../../../workflows/order/order-state';

const facts: OrderFacts = {
  flow: 'QR',
  payerClientId: 'payer',
  collectorClientId: null,
  localCountry: 'BR',
  localCurrency: 'BRL',
  localAmount: null,
  userCurrency: 'USD',
  userAmount: null,
  destination: { type: 'QR', qr: '000201' },
};
const expiresAt = new Date('2026-11-25T10:10:00Z');

describe('the order workflow’s state', () => {
  it('is PREPARING until the order is prepared, then waits for what the order lacks', () => {
    const state = new OrderState('o1', 'WAITING_AMOUNT', expiresAt);
    expect(state.phase).toBe('PREPARING');
    expect(state.refusal('AMOUNT')).toBe('INVALID_STATUS');
    state.facts = facts;
    expect(state.phase).toBe('AWAITING_AMOUNT');
    expect(state.refusal('AMOUNT')).toBeNull();
  });

  it('waits for a payer while nobody has scanned a collector’s QR', () => {
    const state = new OrderState('o1', 'CREATED', expiresAt);
    state.facts = { ...facts, flow: 'COLLECTION', payerClientId: null, collectorClientId: 'collector' };
    expect(state.phase).toBe('AWAITING_PAYER');
    state.begin('CLAIM');
    expect(state.phase).toBe('CLAIMING');
    state.facts = { ...state.facts, payerClientId: 'payer' };
    state.done();
    expect(state.phase).toBe('AWAITING_DECISION');
  });

  it('is in the action’s phase while it is applied, and where the written status puts it after', () => {
    const state = new OrderState('o1', 'WAITING_AMOUNT', expiresAt);
    state.facts = facts;
    state.begin('AMOUNT');
    expect(state.phase).toBe('APPLYING_AMOUNT');
    expect(state.refusal('AMOUNT')).toBe('ALREADY_PROCESSED');
    expect(state.record({ status: 'CREATED', errorCode: null })).toBe(true);
    state.done();
    expect(state.phase).toBe('AWAITING_DECISION');
    state.begin('DECISION');
    expect(state.record({ status: 'PROCESSING', errorCode: null })).toBe(true);
    state.done();
    expect(state.phase).toBe('PAYING');
    state.unconfirmed = true;
    expect(state.phase).toBe('PAYOUT_UNCONFIRMED');
    expect(state.refusal('RESOLVE')).toBeNull();
    state.begin('RESOLVE');
    expect(state.phase).toBe('PAYOUT_UNCONFIRMED');
    state.unconfirmed = false;
    expect(state.record({ status: 'COMPLETED', errorCode: null })).toBe(true);
    expect(state.phase).toBe('CLOSED');
  });

  it('goes back to waiting when a step refuses what an action brought', () => {
    const state = new OrderState('o1', 'CREATED', expiresAt);
    state.facts = facts;
    state.begin('DECISION');
    state.done();
    expect(state.phase).toBe('AWAITING_DECISION');
  });

  it('answers a refusal as the API does: an order past its expiry says it expired', () => {
    const state = new OrderState('o1', 'CREATED', expiresAt);
    state.facts = facts;
    expect(state.refusalMessage('INVALID_STATUS', new Date('2026-11-25T10:09:00Z'))).toBe(
      'Order o1 is CREATED: the operation is not allowed in this status',
    );
    expect(state.refusalMessage('INVALID_STATUS', new Date('2026-11-25T10:11:00Z'))).toBe(
      'Order o1 expired at 2026-11-25T10:10:00Z',
    );
    expect(state.record({ status: 'CREATED', errorCode: null })).toBe(false);
  });

  it('keeps the signals it refused, with why and when', () => {
    const state = new OrderState('o1', 'CREATED', expiresAt);
    state.refuseSignal('cancel', 'INVALID_STATUS', 'no collector', new Date('2026-11-25T10:00:00Z'));
    expect(state.refusedSignals).toEqual([
      { signal: 'cancel', reason: 'INVALID_STATUS', message: 'no collector', at: '2026-11-25T10:00:00.000Z' },
    ]);
  });

  it('keeps the latest refused signals only, however many come', () => {
    const state = new OrderState('o1', 'CREATED', expiresAt);
    for (let n = 1; n <= MAX_REFUSED_SIGNALS + 20; n++)
      state.refuseSignal('decide', 'INVALID_SIGNAL', `signal ${n}`, new Date('2026-11-25T10:00:00Z'));
    expect(state.refusedSignals).toHaveLength(MAX_REFUSED_SIGNALS);
    expect(state.refusedSignals[0]!.message).toBe('signal 21');
    expect(state.refusedSignals.at(-1)!.message).toBe(`signal ${MAX_REFUSED_SIGNALS + 20}`);
  });
});
