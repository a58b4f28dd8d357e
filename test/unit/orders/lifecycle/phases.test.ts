import {
  ORDER_ACTIONS,
  ORDER_PHASES,
  takeAction,
  type OrderAction,
  type OrderPhase,
  type OrderStatus,
} from '../../../../src/orders/lifecycle';

/**
 * Every (phase, action) pair of a collection's workflow, with the status the order has in that
 * phase: `→ PHASE` is taken (the phase it is applied in; `→ =` keeps the phase), anything else
 * is the refusal. Columns in ORDER_ACTIONS order: AMOUNT DECISION CLAIM CANCEL EXPIRE RESOLVE.
 */
const GRID: Array<[OrderPhase, OrderStatus, string]> = [
  [
    'PREPARING',
    'CREATED',
    '          INVALID_STATUS    INVALID_STATUS    INVALID_STATUS    INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'AWAITING_PAYER',
    'WAITING_AMOUNT',
    'INVALID_STATUS    INVALID_STATUS    →CLAIMING         →CLOSING       →CLOSING       INVALID_STATUS',
  ],
  [
    'CLAIMING',
    'WAITING_AMOUNT',
    '   INVALID_STATUS    INVALID_STATUS    ALREADY_PROCESSED INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'AWAITING_AMOUNT',
    'WAITING_AMOUNT',
    '→APPLYING_AMOUNT  INVALID_STATUS    ALREADY_PROCESSED →CLOSING       →CLOSING       INVALID_STATUS',
  ],
  [
    'AWAITING_AMOUNT',
    'PROCESS_LATER',
    ' →APPLYING_AMOUNT  INVALID_STATUS    ALREADY_PROCESSED →CLOSING       →CLOSING       INVALID_STATUS',
  ],
  [
    'APPLYING_AMOUNT',
    'WAITING_AMOUNT',
    'ALREADY_PROCESSED INVALID_STATUS    ALREADY_PROCESSED INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'AWAITING_DECISION',
    'CREATED',
    '  ALREADY_PROCESSED →DECIDING         ALREADY_PROCESSED →CLOSING       →CLOSING       INVALID_STATUS',
  ],
  [
    'DECIDING',
    'CREATED',
    '           ALREADY_PROCESSED ALREADY_PROCESSED ALREADY_PROCESSED INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'PAYING',
    'PROCESSING',
    '          INVALID_STATUS    ALREADY_PROCESSED ALREADY_PROCESSED INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'PAYOUT_UNCONFIRMED',
    'PROCESSING',
    'INVALID_STATUS  ALREADY_PROCESSED ALREADY_PROCESSED INVALID_STATUS INVALID_STATUS →=',
  ],
  [
    'CLOSING',
    'CREATED',
    '            INVALID_STATUS    INVALID_STATUS    INVALID_STATUS    INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  // A closed order is refused a decision as its status says: already processed once one was.
  [
    'CLOSED',
    'CANCELED',
    '            INVALID_STATUS    INVALID_STATUS    INVALID_STATUS    INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'CLOSED',
    'COMPLETED',
    '           INVALID_STATUS    ALREADY_PROCESSED INVALID_STATUS    INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
  [
    'CLOSED',
    'FAILED',
    '              INVALID_STATUS    ALREADY_PROCESSED INVALID_STATUS    INVALID_STATUS INVALID_STATUS INVALID_STATUS',
  ],
];

const outcome = (
  action: OrderAction,
  phase: OrderPhase,
  status: OrderStatus,
  flow: 'COLLECTION' | 'QR' | 'KEY' = 'COLLECTION',
) => {
  const taken = takeAction(action, { phase, status, flow });
  if ('refused' in taken) return taken.refused;
  return taken.applying === null ? '→=' : `→${taken.applying}`;
};

describe('the workflow phases and the actions they take', () => {
  it('has a row for every phase', () => {
    expect(new Set(GRID.map(([phase]) => phase))).toEqual(new Set(ORDER_PHASES));
  });

  it.each(GRID)('in %s (%s) takes or refuses each action as its row says', (phase, status, cells) => {
    expect(ORDER_ACTIONS.map((action) => outcome(action, phase, status))).toEqual(cells.trim().split(/\s+/));
  });

  it.each(['QR', 'KEY'] as const)(
    'refuses a cancel of a %s order in every phase: only a collection has a collector',
    (flow) => {
      expect(GRID.map(([phase, status]) => outcome('CANCEL', phase, status, flow))).toEqual(
        GRID.map(() => 'INVALID_STATUS'),
      );
    },
  );

  it('takes any other action of a payment as it takes a collection’s', () => {
    for (const [phase, status] of GRID) {
      for (const action of ORDER_ACTIONS.filter((candidate) => candidate !== 'CANCEL'))
        expect(outcome(action, phase, status, 'QR')).toBe(outcome(action, phase, status));
    }
  });
});
