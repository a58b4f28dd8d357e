import type { OrderPhase } from '../../../src/orders/lifecycle';
import type { PendingActivity } from '../../../src/operations/pending-activities';
import { waitingFor, WorkflowSnapshot } from '../../../src/operations/waiting-for';

const expiresAt = new Date('2026-11-22T10:10:00Z');
const running = (phase: OrderPhase | null, extra: Partial<WorkflowSnapshot> = {}): WorkflowSnapshot => ({
  status: 'RUNNING',
  phase,
  payoutUnconfirmed: false,
  pendingActivities: [],
  ...extra,
});
const sendPayout: PendingActivity = {
  activity: 'sendPayout',
  state: 'STARTED',
  attempt: 2,
  maximumAttempts: 5,
  lastFailure: 'activity StartToClose timeout',
  scheduledAt: null,
  lastStartedAt: null,
  nextAttemptAt: null,
};

describe('what a stuck order waits for', () => {
  it.each<[OrderPhase, string]>([
    ['AWAITING_DECISION', 'DECISION'],
    ['DECIDING', 'DECISION'],
    ['AWAITING_AMOUNT', 'AMOUNT'],
    ['APPLYING_AMOUNT', 'AMOUNT'],
    ['AWAITING_PAYER', 'PAYER'],
    ['CLAIMING', 'PAYER'],
    ['PREPARING', 'MERCHANT'],
    ['PAYING', 'PAYOUT_ANSWER'],
    ['PAYOUT_UNCONFIRMED', 'OPERATOR'],
    ['CLOSING', 'CALLBACK_DELIVERY'],
  ])('a running workflow in phase %s waits for %s', (phase, expected) => {
    expect(waitingFor({ status: 'CREATED', expiresAt }, running(phase), 0).waitingFor).toBe(expected);
  });

  it("names the expiry of an order that waits for someone's action", () => {
    expect(waitingFor({ status: 'CREATED', expiresAt }, running('AWAITING_DECISION'), 0).detail).toBe(
      "the payer's decision (POST /v2/payments); expires at 2026-11-22T10:10:00.000Z",
    );
  });

  it('names the payout activity still running, with its attempt', () => {
    expect(
      waitingFor({ status: 'PROCESSING', expiresAt }, running('PAYING', { pendingActivities: [sendPayout] }), 0),
    ).toEqual({
      waitingFor: 'PAYOUT_ANSWER',
      detail: "the rail's answer about the payout: sendPayout attempt 2 (STARTED)",
    });
  });

  it('sends an order flagged PayoutUnconfirmed to an operator, whatever the phase query said', () => {
    const waiting = waitingFor({ status: 'PROCESSING', expiresAt }, running('PAYING', { payoutUnconfirmed: true }), 0);
    expect(waiting.waitingFor).toBe('OPERATOR');
    expect(waiting.detail).toContain('orders:resolve');
  });

  it('blames the worker when a running workflow does not answer its phase query', () => {
    expect(waitingFor({ status: 'PROCESSING', expiresAt }, running(null), 0).waitingFor).toBe('WORKER');
  });

  it('waits for the reconciler when an open order has no workflow', () => {
    const none: WorkflowSnapshot = {
      status: 'NOT_FOUND',
      phase: null,
      payoutUnconfirmed: false,
      pendingActivities: [],
    };
    expect(waitingFor({ status: 'CREATED', expiresAt }, none, 0).waitingFor).toBe('WORKFLOW_START');
  });

  it('sends an open order whose workflow ended to an operator', () => {
    const ended: WorkflowSnapshot = {
      status: 'TERMINATED',
      phase: null,
      payoutUnconfirmed: false,
      pendingActivities: [],
    };
    expect(waitingFor({ status: 'PROCESSING', expiresAt }, ended, 0)).toEqual({
      waitingFor: 'OPERATOR',
      detail: 'the workflow is TERMINATED with the order still PROCESSING: nothing will move it',
    });
  });

  it('waits for callback deliveries once the order is final', () => {
    const done: WorkflowSnapshot = {
      status: 'COMPLETED',
      phase: null,
      payoutUnconfirmed: false,
      pendingActivities: [],
    };
    expect(waitingFor({ status: 'COMPLETED', expiresAt }, done, 2)).toEqual({
      waitingFor: 'CALLBACK_DELIVERY',
      detail: '2 callbacks not acknowledged; each is retried for 72 h',
    });
  });
});
