import { msNumberToTs } from '@temporalio/common/lib/time';
import { temporal } from '@temporalio/proto';
import { pendingActivitiesOf, pendingActivityEntries } from '../../../src/operations/pending-activities';

// As the gRPC client gives them: seconds as a Long.
const at = (iso: string) => msNumberToTs(Date.parse(iso));

describe('pending activities from a describe answer', () => {
  const description = {
    pendingActivities: [
      {
        activityId: '5',
        activityType: { name: 'sendPayout' },
        state: temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_SCHEDULED,
        attempt: 3,
        maximumAttempts: 5,
        lastFailure: { message: 'activity StartToClose timeout' },
        scheduledTime: at('2026-11-22T10:00:00Z'),
        lastStartedTime: at('2026-11-22T10:00:20Z'),
        nextAttemptScheduleTime: at('2026-11-22T10:00:40Z'),
      },
      {
        activityType: { name: 'payoutStatus' },
        state: temporal.api.enums.v1.PendingActivityState.PENDING_ACTIVITY_STATE_STARTED,
        attempt: 1,
      },
    ],
  };

  it('names each activity with its state, attempt, limit and last failure', () => {
    expect(pendingActivitiesOf(description)).toEqual([
      {
        activity: 'sendPayout',
        state: 'SCHEDULED',
        attempt: 3,
        maximumAttempts: 5,
        lastFailure: 'activity StartToClose timeout',
        scheduledAt: new Date('2026-11-22T10:00:00Z'),
        lastStartedAt: new Date('2026-11-22T10:00:20Z'),
        nextAttemptAt: new Date('2026-11-22T10:00:40Z'),
      },
      {
        activity: 'payoutStatus',
        state: 'STARTED',
        attempt: 1,
        maximumAttempts: 0,
        lastFailure: null,
        scheduledAt: null,
        lastStartedAt: null,
        nextAttemptAt: null,
      },
    ]);
  });

  it('has none for a workflow that waits on a timer', () => {
    expect(pendingActivitiesOf({})).toEqual([]);
  });

  it('puts each in the timeline at its latest start, with its last failure', () => {
    const now = new Date('2026-11-22T10:05:00Z');
    expect(pendingActivityEntries(pendingActivitiesOf(description), 'workflow', now)).toEqual([
      {
        at: new Date('2026-11-22T10:00:20Z'),
        source: 'workflow',
        what: 'sendPayout attempt 3 (SCHEDULED) still running, next attempt at 2026-11-22T10:00:40.000Z',
        error: 'activity StartToClose timeout',
      },
      { at: now, source: 'workflow', what: 'payoutStatus attempt 1 (STARTED) still running', error: null },
    ]);
  });
});
