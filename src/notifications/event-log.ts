import type { DataSource } from 'typeorm';
import { beforeCreatedAtKeySql, createdAtMicrosSql, encodePageCursor } from '../http/page-cursor';
import { NotificationEntity, type NotificationEvent, type NotificationStatus } from './notification.entity';

/** Which of a client's callbacks, as GET /v2/events and POST /v2/events/redeliver name them. */
export interface EventFilters {
  type?: NotificationEvent;
  status?: NotificationStatus;
  created_after?: string;
  created_before?: string;
  /** The key a previous page ended on (createdAtCursorField). */
  starting_after?: readonly [bigint, string];
}

export interface EventSlice {
  /** Newest first, each with the cursor that continues after it. */
  events: { notification: NotificationEntity; cursor: string }[];
  /** Whether more match after the last one. */
  hasMore: boolean;
}

/**
 * Up to `limit` of the client's callbacks that match, newest first by (created_at, id): only
 * its own, whatever the filters say. One row more than asked tells whether there are more.
 */
export async function eventsMatching(
  dataSource: DataSource,
  clientId: string,
  filters: EventFilters,
  limit: number,
): Promise<EventSlice> {
  const query = dataSource
    .getRepository(NotificationEntity)
    .createQueryBuilder('n')
    .addSelect(createdAtMicrosSql('n.created_at'), 'sort_us')
    .where('n.client_id = :clientId', { clientId });
  if (filters.type) query.andWhere('n.event = :type', { type: filters.type });
  if (filters.status) query.andWhere('n.status = :status', { status: filters.status });
  if (filters.created_after) query.andWhere('n.created_at >= :after', { after: filters.created_after });
  if (filters.created_before) query.andWhere('n.created_at < :before', { before: filters.created_before });
  if (filters.starting_after) {
    const [micros, id] = filters.starting_after;
    query.andWhere(beforeCreatedAtKeySql('n.created_at', 'n.id', ':micros', ':afterId'), {
      micros: micros.toString(),
      afterId: id,
    });
  }
  const { entities, raw } = await query
    .orderBy('n.created_at', 'DESC')
    .addOrderBy('n.id', 'DESC')
    .limit(limit + 1)
    .getRawAndEntities<{ sort_us: string }>();
  const events = entities.slice(0, limit).map((notification, index) => ({
    notification,
    cursor: encodePageCursor([raw[index]!.sort_us, notification.id]),
  }));
  return { events, hasMore: entities.length > limit };
}
