import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { historyFromJSON } from '@temporalio/common/lib/proto-utils';
import { temporal } from '@temporalio/proto';
import { failureText, workflowTimeline } from '../../../src/operations/workflow-history';

/** The recorded histories the replay test uses: real workflows, recorded on the real stack. */
const recorded = (name: string) =>
  historyFromJSON(
    JSON.parse(readFileSync(join(__dirname, '..', '..', 'workflow', 'histories', `${name}.2026-11-22.json`), 'utf8')),
  );
const lines = (name: string) =>
  workflowTimeline(recorded(name), 'workflow').map((entry) =>
    entry.error === null ? entry.what : `${entry.what} ✗ ${entry.error}`,
  );

describe('a workflow history as timeline entries', () => {
  it('shows a payout whose answer was lost as an error, then the inquiry that found it paid', () => {
    const timeline = lines('order-payout-found-by-inquiry');
    expect(timeline[0]).toBe('workflow orderWorkflow started');
    expect(timeline).toEqual(
      expect.arrayContaining([
        'local activity prepareOrder attempt 1: CREATED',
        'update decide accepted (decision=accepted)',
        'local activity acceptOrder attempt 1: PROCESSING',
        'search attributes OrderStatus=PROCESSING',
        'sendPayout attempt 1: UNKNOWN ✗ POST /payouts: server error (504)',
        'timer fired after 1s',
        'payoutStatus attempt 1: COMPLETED',
        'local activity settleOrder attempt 1: COMPLETED',
        'workflow completed: "COMPLETED"',
      ]),
    );
    // In history order: the lost answer comes before the inquiry that settled it.
    expect(timeline.findIndex((line) => line.startsWith('sendPayout'))).toBeLessThan(
      timeline.indexOf('payoutStatus attempt 1: COMPLETED'),
    );
  });

  it("shows an operator's resolution with who decided and why, and the flag it cleared", () => {
    const timeline = lines('order-payout-resolved-by-operator');
    expect(timeline).toEqual(
      expect.arrayContaining([
        'search attributes PayoutUnconfirmed=true',
        'update resolvePayout accepted (outcome=paid, operator=recorder, reason=recorded flow)',
        'update resolvePayout completed',
        'search attributes PayoutUnconfirmed=false',
      ]),
    );
    expect(timeline.filter((line) => line.startsWith('payoutStatus'))[0]).toMatch(
      /^payoutStatus attempt 1: UNREACHABLE ✗ GET \/payouts\/[0-9a-f-]{36}: server error \(503\)$/,
    );
  });

  it('shows the failures before a retried attempt with the attempt that followed them', () => {
    const at = (seconds: number) => ({ seconds, nanos: 0 });
    // fromObject makes Longs of the ids and seconds, as the gRPC client gives them.
    const history = temporal.api.history.v1.History.fromObject({
      events: [
        {
          eventId: 5,
          eventTime: at(100),
          eventType: 'EVENT_TYPE_ACTIVITY_TASK_SCHEDULED',
          activityTaskScheduledEventAttributes: { activityType: { name: 'markNotificationFailed' } },
        },
        {
          eventId: 6,
          eventTime: at(107),
          eventType: 'EVENT_TYPE_ACTIVITY_TASK_STARTED',
          activityTaskStartedEventAttributes: { scheduledEventId: 5, attempt: 3, lastFailure: { message: 'HTTP 500' } },
        },
        {
          eventId: 7,
          eventTime: at(108),
          eventType: 'EVENT_TYPE_ACTIVITY_TASK_COMPLETED',
          activityTaskCompletedEventAttributes: { scheduledEventId: 5 },
        },
      ],
    });
    expect(workflowTimeline(history, 'notification')).toEqual([
      {
        at: new Date(107_000),
        source: 'notification',
        what: 'markNotificationFailed attempt 3 started after 2 failed',
        error: 'HTTP 500',
      },
      { at: new Date(108_000), source: 'notification', what: 'markNotificationFailed attempt 3: done', error: null },
    ]);
  });

  it('shows the callback the order handed to its own long-retry workflow', () => {
    expect(
      lines('order-callback-handed-over').some((line) =>
        /^deliverNotification [0-9a-f-]{36} attempt 1 failed ✗ HTTP 500$/.test(line),
      ),
    ).toBe(true);
    expect(
      lines('order-callback-handed-over').some((line) =>
        /^child workflow notification-[0-9a-f-]{36} started$/.test(line),
      ),
    ).toBe(true);
  });

  it('dates every entry with its event and keeps the history order', () => {
    const timeline = workflowTimeline(recorded('order-expired'), 'workflow');
    expect(timeline.map((entry) => entry.source)).toEqual(timeline.map(() => 'workflow'));
    expect(timeline.every((entry, index) => index === 0 || entry.at >= timeline[0]!.at)).toBe(true);
    expect(timeline.map((entry) => entry.what)).toContain('local activity changeOrder attempt 1: CANCELED');
  });
});

describe('failureText', () => {
  it('joins a failure with its causes, saying a repeated message once', () => {
    expect(
      failureText({ message: 'activity failed', cause: { message: 'HTTP 500', cause: { message: 'HTTP 500' } } }),
    ).toBe('activity failed: HTTP 500');
  });

  it('is null without a failure', () => {
    expect(failureText(undefined)).toBeNull();
    expect(failureText({})).toBeNull();
  });
});
