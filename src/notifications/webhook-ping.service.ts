import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ClientsService } from '../auth/clients.service';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import type { WebhookTestResponse } from './event-log.dto';
import { NotificationDeliverer } from './notification-deliverer';
import { notificationUrlProblem } from './notification-url';

/**
 * The signed ping of POST /v2/webhooks/test: sent by NotificationDeliverer, so it is checked
 * against the same URL rules (at request time and, in production, at connection time), signed
 * and posted exactly as a callback is; nothing about it is stored.
 */
@Injectable()
export class WebhookPingService {
  private readonly deliverer: NotificationDeliverer;

  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(ClientsService) clients: ClientsService,
    @Inject(ENV) private readonly env: Env,
  ) {
    this.deliverer = new NotificationDeliverer(dataSource, clients, { allowInsecure: env.ALLOW_INSECURE_CALLBACKS });
  }

  async ping(clientId: string, url: string): Promise<WebhookTestResponse> {
    // The rule every notification_url meets, refused as a 400 naming the field before anything is sent.
    const problem = notificationUrlProblem(url, this.env.ALLOW_INSECURE_CALLBACKS);
    if (problem) throw new ApiError(400, [`url: ${problem}`]);
    const eventId = randomUUID();
    const startedAt = Date.now();
    const body = JSON.stringify({ event: 'PING', event_id: eventId, created_at: new Date(startedAt).toISOString() });
    const { statusCode, error } = await this.deliverer.ping(clientId, url, eventId, body);
    return {
      event_id: eventId,
      delivered: error === null,
      status_code: statusCode,
      error,
      duration_ms: Date.now() - startedAt,
    };
  }
}
