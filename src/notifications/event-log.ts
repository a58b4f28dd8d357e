import type { DataSource } from 'typeorm';
import { NewestFirstCursor, type PagePosition, positionTimeSql } from '../http/newest-first-cursor';
import { NotificationEntity, type NotificationEvent, type NotificationStatus } from './notification.entity';

/** Which of a client's callbacks, as GET /v2/events and POST /v2/events/redeliver name them. */
export interface EventFilters {
  type?: NotificationEvent;
  status?: NotificationStatus;
  created_after?: string;
  created_before?: string;
  /** An opaque cursor (NewestFirstCursor) from a previous page. */
  starting_after?: string;
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
    .addSelect(positionTimeSql('n.created_at'), 'position_time')
    .where('n.client_id = :clientId', { clientId });
  if (filters.type) query.andWhere('n.event = :type', { type: filters.type });
  if (filters.status) query.andWhere('n.status = :status', { status: filters.status });
  if (filters.created_after) query.andWhere('n.created_at >= :after', { after: filters.created_after });
  if (filters.created_before) query.andWhere('n.created_at < :before', { before: filters.created_before });
  if (filters.starting_after) {
    const position: PagePosition = NewestFirstCursor.decode(filters.starting_after);
    query.andWhere('(n.created_at, n.id) < (CAST(:positionTime AS timestamptz), CAST(:positionId AS uuid))', {
      positionTime: position.createdAt,
      positionId: position.id,
    });
  }
  const { entities, raw } = await query
    .orderBy('n.created_at', 'DESC')
    .addOrderBy('n.id', 'DESC')
    .limit(limit + 1)
    .getRawAndEntities<{ position_time: string }>();
  const events = entities.slice(0, limit).map((notification, index) => ({
    notification,
    cursor: NewestFirstCursor.encode({ createdAt: raw[index]!.position_time, id: notification.id }),
  }));
  return { events, hasMore: entities.length > limit };
}
