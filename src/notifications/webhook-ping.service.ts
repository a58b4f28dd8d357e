import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Client, WorkflowFailedError } from '@temporalio/client';
import { ClientLimitsCache } from '../capacity/client-limits';
import { fairnessOf } from '../capacity/fairness';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { ApiError } from '../http/api-error';
import { WEBHOOK_PING_WORKFLOW, type WebhookPingWorkflow } from './delivery-messages';
import type { WebhookTestResponse } from './event-log.dto';
import { notificationUrlProblem } from './notification-url';

/** How long the API waits for the worker's ping: its attempt's 10 s, and room to be scheduled. */
const PING_WITHIN = '30s';

/**
 * The signed ping of POST /v2/webhooks/test. The worker sends it (webhookPingWorkflow) with
 * NotificationDeliverer, so it is checked against the same URL rules (here first, then at
 * delivery and, in production, at connection time), signed and posted exactly as a callback
 * is, from where callbacks leave; nothing about it is stored.
 */
@Injectable()
export class WebhookPingService {
  constructor(
    @Inject(Client) private readonly temporal: Client,
    @Inject(ClientLimitsCache) private readonly limits: ClientLimitsCache,
    @Inject(ENV) private readonly env: Env,
  ) {}

  async ping(clientId: string, url: string): Promise<WebhookTestResponse> {
    // The rule every notification_url meets, refused as a 400 naming the field before anything is sent.
    const problem = notificationUrlProblem(url, this.env.ALLOW_INSECURE_CALLBACKS);
    if (problem) throw new ApiError(400, [`url: ${problem}`]);
    const eventId = randomUUID();
    const startedAt = Date.now();
    const body = JSON.stringify({ event: 'PING', event_id: eventId, created_at: new Date(startedAt).toISOString() });
    try {
      const { statusCode, error, excerpt } = await this.temporal.workflow.execute<WebhookPingWorkflow>(
        WEBHOOK_PING_WORKFLOW,
        {
          workflowId: `webhook-ping-${eventId}`,
          taskQueue: this.env.TEMPORAL_TASK_QUEUE,
          args: [{ clientId, url, eventId, body }],
          workflowExecutionTimeout: PING_WITHIN,
          priority: fairnessOf(clientId, await this.limits.of(clientId)),
        },
      );
      return {
        event_id: eventId,
        delivered: error === null,
        status_code: statusCode,
        error,
        response_excerpt: excerpt,
        duration_ms: Date.now() - startedAt,
      };
    } catch (error) {
      if (!(error instanceof WorkflowFailedError)) throw error;
      throw new ApiError(503, 'The ping could not be sent in time; retry later', 'SERVICE_UNAVAILABLE');
    }
  }
}
