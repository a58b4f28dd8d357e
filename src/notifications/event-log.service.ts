import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Quotas } from '../capacity/quotas';
import { deliveryAttemptsOf } from './delivery-attempts';
import { eventsMatching } from './event-log';
import {
  EVENT_PAGE_MAX,
  type EventPage,
  type ListEventsQuery,
  type RedeliverEventsRequest,
  type RedeliverEventsResponse,
} from './event-log.dto';
import { NotificationsService, notificationViewOf } from './notifications.service';

/** The client's callbacks across orders (GET /v2/events), and their redelivery in bulk. */
@Injectable()
export class EventLogService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(NotificationsService) private readonly notifications: NotificationsService,
    @Inject(Quotas) private readonly quotas: Quotas,
  ) {}

  async list(clientId: string, query: ListEventsQuery): Promise<EventPage> {
    const { events, hasMore } = await eventsMatching(this.dataSource, clientId, query, query.limit);
    const attempts = await deliveryAttemptsOf(
      this.dataSource,
      events.map(({ notification }) => notification.id),
    );
    return {
      data: events.map(({ notification }) => ({
        ...notificationViewOf(notification, attempts),
        order_id: notification.orderId,
      })),
      has_more: hasMore,
      next_cursor: hasMore ? events.at(-1)!.cursor : null,
    };
  }

  /**
   * Queues the redelivery of the matching callbacks, newest first, each through the path a
   * single redelivery takes (NotificationsService.queueRedelivery). The request counted one
   * against the `redeliveries` quota (its @Quota); every further callback counts one more, and
   * only as many are queued as the quota holds, so a bulk redelivery never starts more delivery
   * workflows than as many single redeliveries could. What is left is `has_more`, from
   * `next_cursor`.
   */
  async redeliver(clientId: string, request: RedeliverEventsRequest): Promise<RedeliverEventsResponse> {
    const { events, hasMore } = await eventsMatching(
      this.dataSource,
      clientId,
      request,
      request.limit ?? EVENT_PAGE_MAX,
    );
    const allowed =
      events.length === 0 ? 0 : 1 + (await this.quotas.spendUpTo(clientId, 'redeliveries', events.length - 1));
    const queued = events.slice(0, allowed);
    // One at a time: each start is a short round trip to Temporal, and at most EVENT_PAGE_MAX.
    for (const { notification } of queued) await this.notifications.queueRedelivery(clientId, notification);
    const more = hasMore || queued.length < events.length;
    return {
      queued: queued.length,
      has_more: more,
      // A match means at least one was queued (the request's own point), so `more` always has a last one to go on from.
      next_cursor: more ? queued.at(-1)!.cursor : null,
    };
  }
}
