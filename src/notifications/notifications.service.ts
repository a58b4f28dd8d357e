import { Inject, Injectable } from '@nestjs/common';
import { Client, WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { DataSource } from 'typeorm';
import { ClientsService } from '../auth/clients.service';
import { ClientLimitsCache } from '../capacity/client-limits';
import { fairnessOf } from '../capacity/fairness';
import { ENV } from '../config/config.module';
import { Env } from '../config/env';
import { notFound } from '../http/api-error';
import { isUuid } from '../keys';
import { deliveryAttemptsOf } from './delivery-attempts';
import { NOTIFICATION_DELIVERY_WORKFLOW, type NotificationDeliveryWorkflow } from './delivery-messages';
import type { NotificationAttemptEntity } from './notification-attempt.entity';
import { NotificationEntity } from './notification.entity';
import { signingSecretsAt } from './notification-deliverer';
import type { NotificationView, RotatedWebhookSecretView } from './notifications.dto';
import { verifyCallback, verifySignature } from '../../clients/typescript/src/webhook-signature';

/** A callback as the delivery log shows it, with its own attempts among `attempts`. */
export function notificationViewOf(
  notification: NotificationEntity,
  attempts: NotificationAttemptEntity[],
): NotificationView {
  return {
    event_id: notification.id,
    event: notification.event,
    url: notification.url,
    status: notification.status,
    attempt_count: notification.attemptCount,
    created_at: notification.createdAt.toISOString(),
    delivered_at: notification.deliveredAt?.toISOString() ?? null,
    last_error: notification.lastError,
    payload: JSON.parse(notification.body) as Record<string, unknown>,
    attempts: attempts
      .filter((attempt) => attempt.notificationId === notification.id)
      .map((attempt) => ({
        attempt: attempt.attempt,
        started_at: attempt.startedAt.toISOString(),
        duration_ms: attempt.durationMs,
        status_code: attempt.statusCode,
        error: attempt.error,
        response_excerpt: attempt.responseExcerpt,
      })),
  };
}

/** The delivery log as integrators see it, their redeliveries, and the signature check of the Collections API. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ClientsService) private readonly clients: ClientsService,
    @Inject(Client) private readonly temporal: Client,
    @Inject(ClientLimitsCache) private readonly limits: ClientLimitsCache,
    @Inject(ENV) private readonly env: Env,
  ) {}

  /** Only the caller's own callbacks: another client's order reads as one without any. */
  async listForOrder(clientId: string, orderId: string): Promise<NotificationView[]> {
    const notifications = await this.dataSource
      .getRepository(NotificationEntity)
      .find({ where: { clientId, orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (notifications.length === 0) return [];
    const attempts = await deliveryAttemptsOf(
      this.dataSource,
      notifications.map((n) => n.id),
    );
    return notifications.map((notification) => notificationViewOf(notification, attempts));
  }

  /**
   * Sends one of the caller's callbacks again, delivered or not, through the worker's delivery
   * workflow: the same stored body, a fresh signature, a new attempt in the log, retried like
   * any callback until a receiver acknowledges it. Answers the callback as it stands now; the
   * redelivery is the first attempt numbered above its `attempt_count`. Asking again before
   * that attempt is made changes nothing.
   */
  async redeliver(clientId: string, eventId: string): Promise<NotificationView> {
    const notification = isUuid(eventId)
      ? await this.dataSource.getRepository(NotificationEntity).findOneBy({ id: eventId, clientId })
      : null;
    if (!notification) throw notFound('Notification not found');
    await this.queueRedelivery(clientId, notification);
    return notificationViewOf(notification, await deliveryAttemptsOf(this.dataSource, [notification.id]));
  }

  /**
   * Starts the redelivery of one of `clientId`'s callbacks (read by the caller, who checked it is
   * theirs): the single path both the one-callback and the bulk redelivery take. Its workflow id
   * names the attempt count it was asked at, so asking again before that attempt is made starts
   * nothing.
   */
  async queueRedelivery(
    clientId: string,
    notification: Pick<NotificationEntity, 'id' | 'attemptCount'>,
  ): Promise<void> {
    const redeliverAfter = notification.attemptCount;
    try {
      await this.temporal.workflow.start<NotificationDeliveryWorkflow>(NOTIFICATION_DELIVERY_WORKFLOW, {
        workflowId: `notification-${notification.id}-redelivery-${redeliverAfter}`,
        taskQueue: this.env.TEMPORAL_TASK_QUEUE,
        args: [notification.id, { redeliverAfter }],
        priority: fairnessOf(clientId, await this.limits.of(clientId)),
      });
    } catch (error) {
      if (!(error instanceof WorkflowExecutionAlreadyStartedError)) throw error;
    }
  }

  /** A new webhook secret for the caller, the old one signing beside it for `overlapSeconds` (ClientsService.rotateWebhookSecret). */
  async rotateSecret(clientId: string, overlapSeconds: number): Promise<RotatedWebhookSecretView> {
    const rotated = await this.clients.rotateWebhookSecret(clientId, overlapSeconds * 1000);
    // Clients are never deleted, so the client of a valid token exists; answered as any missing resource all the same.
    if (!rotated) throw notFound('Client not found');
    return {
      webhook_secret: rotated.webhookSecret,
      previous_secret_valid_until: rotated.previousUntil?.toISOString() ?? null,
    };
  }

  /**
   * The raw string is the reliable form: re-serialising an object may not give back the signed
   * bytes. With the event id, `v2` (which covers it) is checked; without, `v1` alone.
   */
  async verify(
    clientId: string,
    payload: string | Record<string, unknown>,
    signature: string,
    eventId?: string,
  ): Promise<boolean> {
    const rawBody = typeof payload === 'string' ? payload : JSON.stringify(payload);
    // During a rotation's overlap the callbacks carry both secrets' signatures: either one is valid.
    const secrets = signingSecretsAt(await this.clients.webhookSecrets(clientId), new Date());
    return secrets.some((secret) =>
      eventId === undefined
        ? verifySignature(secret, rawBody, signature)
        : verifyCallback(secret, { eventId, rawBody, signature }),
    );
  }
}
