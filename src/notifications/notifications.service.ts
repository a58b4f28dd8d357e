import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { ClientsService } from '../auth/clients.service';
import { NotificationAttemptEntity } from './notification-attempt.entity';
import { NotificationEntity } from './notification.entity';
import type { NotificationView } from './notifications.dto';
import { verifySignature } from '../../clients/typescript/src/webhook-signature';

/** The delivery log as integrators see it, and the signature check of the Collections API. */
@Injectable()
export class NotificationsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ClientsService) private readonly clients: ClientsService,
  ) {}

  /** Only the caller's own callbacks: another client's order reads as one without any. */
  async listForOrder(clientId: string, orderId: string): Promise<NotificationView[]> {
    const notifications = await this.dataSource
      .getRepository(NotificationEntity)
      .find({ where: { clientId, orderId }, order: { createdAt: 'ASC', id: 'ASC' } });
    if (notifications.length === 0) return [];
    const attempts = await this.dataSource
      .getRepository(NotificationAttemptEntity)
      .find({ where: { notificationId: In(notifications.map((n) => n.id)) }, order: { attempt: 'ASC' } });
    return notifications.map((notification) => ({
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
        })),
    }));
  }

  /** The raw string is the reliable form: re-serialising an object may not give back the signed bytes. */
  async verify(clientId: string, payload: string | Record<string, unknown>, signature: string): Promise<boolean> {
    const rawBody = typeof payload === 'string' ? payload : JSON.stringify(payload);
    return verifySignature(await this.clients.webhookSecret(clientId), rawBody, signature);
  }
}
