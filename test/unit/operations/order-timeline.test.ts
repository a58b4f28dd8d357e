import type { NotificationAttemptEntity } from '../../../src/notifications/notification-attempt.entity';
import type { NotificationEntity } from '../../../src/notifications/notification.entity';
import type { OrderStatusHistoryEntity } from '../../../src/orders/order.entity';
import {
  callbackEntries,
  formatTimeline,
  lastError,
  mergeTimeline,
  statusEntries,
} from '../../../src/operations/order-timeline';
import type { TimelineEntry } from '../../../src/operations/timeline-entry';

const t = (second: number) => new Date(Date.UTC(2026, 10, 22, 10, 0, second));
const entry = (second: number, source: string, what: string, error: string | null = null): TimelineEntry => ({
  at: t(second),
  source,
  what,
  error,
});

describe("an order's timeline", () => {
  it('lists status changes with the note an operator left', () => {
    const history = [
      { orderId: 'o', seq: 1, status: 'CREATED', createdAt: t(0), note: null },
      {
        orderId: 'o',
        seq: 5,
        status: 'COMPLETED',
        createdAt: t(9),
        note: 'payout resolved as paid by ana: statement line 4',
      },
    ] as OrderStatusHistoryEntity[];
    expect(statusEntries(history)).toEqual([
      entry(0, 'order', 'status CREATED'),
      entry(9, 'order', 'status COMPLETED (payout resolved as paid by ana: statement line 4)'),
    ]);
  });

  it('lists each callback, then every delivery attempt with its answer and error', () => {
    const notification = {
      id: 'e1',
      event: 'PAYMENT',
      url: 'https://x.test/hook',
      status: 'DELIVERED',
      createdAt: t(1),
    } as NotificationEntity;
    const attempts = [
      { notificationId: 'e1', attempt: 1, startedAt: t(2), durationMs: 10_000, statusCode: null, error: 'timeout' },
      { notificationId: 'e1', attempt: 2, startedAt: t(4), durationMs: 12, statusCode: 200, error: null },
      { notificationId: 'other', attempt: 1, startedAt: t(3), durationMs: 5, statusCode: 200, error: null },
    ] as NotificationAttemptEntity[];
    expect(callbackEntries([notification], attempts)).toEqual([
      entry(1, 'callback', 'callback PAYMENT e1 for https://x.test/hook, now DELIVERED'),
      entry(2, 'callback', 'callback PAYMENT e1 attempt 1: no answer in 10000 ms', 'timeout'),
      entry(4, 'callback', 'callback PAYMENT e1 attempt 2: HTTP 200 in 12 ms'),
    ]);
  });

  it('merges the sources in time order, keeping the order of entries at the same instant', () => {
    const merged = mergeTimeline(
      [entry(0, 'order', 'a'), entry(5, 'order', 'd')],
      [entry(1, 'workflow', 'b'), entry(5, 'workflow', 'e')],
      [entry(1, 'callback', 'c')],
    );
    expect(merged.map((item) => item.what)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('finds the last entry that went wrong', () => {
    const timeline = [entry(0, 'workflow', 'a', 'first'), entry(1, 'workflow', 'b', 'second'), entry(2, 'order', 'c')];
    expect(lastError(timeline)).toBe(timeline[1]);
    expect(lastError([entry(0, 'order', 'fine')])).toBeNull();
  });

  it('prints one aligned line per entry, the error after a mark', () => {
    expect(formatTimeline([entry(0, 'order', 'status CREATED'), entry(1, 'callback', 'attempt 1', 'HTTP 500')])).toBe(
      [
        '2026-11-22T10:00:00.000Z  order     status CREATED',
        '2026-11-22T10:00:01.000Z  callback  attempt 1  ✗ HTTP 500',
      ].join('\n'),
    );
  });
});
