import type { NotificationAttemptEntity } from '../notifications/notification-attempt.entity';
import type { NotificationEntity } from '../notifications/notification.entity';
import type { OrderStatusHistoryEntity } from '../orders/order.entity';
import type { TimelineEntry } from './timeline-entry';

/** The status history, one entry per change, with the operator's note when there is one. */
export function statusEntries(history: OrderStatusHistoryEntity[]): TimelineEntry[] {
  return history.map((entry) => ({
    at: entry.createdAt,
    source: 'order',
    what: `status ${entry.status}${entry.note ? ` (${entry.note})` : ''}`,
    error: null,
  }));
}

/** Each callback when it was written, then every delivery attempt with its answer. */
export function callbackEntries(
  notifications: NotificationEntity[],
  attempts: NotificationAttemptEntity[],
): TimelineEntry[] {
  return notifications.flatMap((notification) => {
    const name = `callback ${notification.event} ${notification.id}`;
    const written = {
      at: notification.createdAt,
      source: 'callback',
      what: `${name} for ${notification.url}, now ${notification.status}`,
      error: null,
    };
    const tries = attempts
      .filter((attempt) => attempt.notificationId === notification.id)
      .map((attempt) => ({
        at: attempt.startedAt,
        source: 'callback',
        what: `${name} attempt ${attempt.attempt}: ${attempt.statusCode === null ? 'no answer' : `HTTP ${attempt.statusCode}`} in ${attempt.durationMs} ms`,
        error: attempt.error,
      }));
    return [written, ...tries];
  });
}

/** Every source's entries in time order; entries at the same instant keep their source's order. */
export function mergeTimeline(...sources: TimelineEntry[][]): TimelineEntry[] {
  return sources.flat().sort((a, b) => a.at.getTime() - b.at.getTime());
}

/** The most recent entry that says something went wrong. */
export function lastError(timeline: TimelineEntry[]): TimelineEntry | null {
  for (let index = timeline.length - 1; index >= 0; index -= 1) {
    if (timeline[index]!.error !== null) return timeline[index]!;
  }
  return null;
}

/** One line per entry: time, source, what happened, and the error after a mark. */
export function formatTimeline(timeline: TimelineEntry[]): string {
  const width = Math.max(0, ...timeline.map((entry) => entry.source.length));
  return timeline
    .map(
      (entry) =>
        `${entry.at.toISOString()}  ${entry.source.padEnd(width)}  ${entry.what}${entry.error === null ? '' : `  ✗ ${entry.error}`}`,
    )
    .join('\n');
}

/** The JSON form of an entry. */
export const timelineEntryJson = (entry: TimelineEntry) => ({
  at: entry.at.toISOString(),
  source: entry.source,
  what: entry.what,
  error: entry.error,
});
