import { Module } from '@nestjs/common';
import { EventLogService } from './event-log.service';
import { EventsController } from './events.controller';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';
import { WebhookPingService } from './webhook-ping.service';
import { WebhooksController } from './webhooks.controller';

/** The HTTP side of callbacks; delivery itself runs in the worker (activities/notifications.activities.ts). */
@Module({
  controllers: [NotificationsController, EventsController, WebhooksController],
  providers: [NotificationsService, EventLogService, WebhookPingService],
})
export class NotificationsModule {}
