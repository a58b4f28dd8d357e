import { ApplicationFailure } from '@temporalio/activity';
import type { DataSource } from 'typeorm';
import { ClientsService } from '../src/auth/clients.service';
import { secretBoxOf } from '../src/auth/secret-box';
import type { Env } from '../src/config/env';
import {
  CallbackUndeliverableError,
  NotificationDeliverer,
  WebhookSecrets,
} from '../src/notifications/notification-deliverer';
import type { WebhookPing, WebhookPingAnswer } from '../src/notifications/delivery-messages';
import type { NewNotification } from '../src/notifications/notification-outbox';
import { rememberedSecrets } from '../src/notifications/remembered-secrets';

export interface NotificationActivityDeps {
  dataSource: DataSource;
  env: Env;
  /** Defaults to ClientsService over the same database, each secret read once (rememberedSecrets). */
  clients?: WebhookSecrets;
}

/** Failure types the delivery workflow tells apart. */
export const CALLBACK_NOT_ACKNOWLEDGED = 'CallbackNotAcknowledged';
export const CALLBACK_UNDELIVERABLE = 'CallbackUndeliverable';

/** The worker's one deliverer: its activities' and the closing steps' (deliverEach). */
export function notificationDeliverer(deps: NotificationActivityDeps): NotificationDeliverer {
  const clients = deps.clients ?? rememberedSecrets(new ClientsService(deps.dataSource, secretBoxOf(deps.env)));
  return new NotificationDeliverer(deps.dataSource, clients, {
    allowInsecure: deps.env.ALLOW_INSECURE_CALLBACKS,
    signatureV1Until: deps.env.CALLBACK_SIGNATURE_V1_UNTIL,
  });
}

/**
 * One attempt at each of these callbacks, side by side, from inside a step that wrote them:
 * answers the ids not acknowledged, whose long retry the workflow starts. Those this run of the
 * step has `written` go out as written; the others (a retried step's) are read first, as they
 * may have been acknowledged since. It never throws, as the step has committed by then and must
 * not run again for its callbacks' sake.
 */
export function deliverEach(deliverer: NotificationDeliverer) {
  return async (eventIds: readonly string[], written: readonly NewNotification[] = []): Promise<string[]> => {
    const fresh = new Map(written.map((notification) => [notification.eventId, notification]));
    const answers = await Promise.all(
      eventIds.map((eventId) => {
        const notification = fresh.get(eventId);
        return (notification ? deliverer.attemptWritten(notification) : deliverer.attempt(eventId)).then(
          () => null,
          () => eventId,
        );
      }),
    );
    return answers.filter((eventId): eventId is string => eventId !== null);
  };
}

export function createNotificationActivities(deps: NotificationActivityDeps, deliverer = notificationDeliverer(deps)) {
  return {
    /**
     * One POST of the stored callback; throws (retryably) unless the receiver answered 2xx.
     * `redeliverAfter`: a redelivery (NotificationDeliverer.attempt).
     */
    async deliverNotification(eventId: string, redeliverAfter?: number): Promise<void> {
      try {
        await deliverer.attempt(eventId, redeliverAfter);
      } catch (error) {
        if (!(error instanceof Error)) throw error;
        const permanent = error instanceof CallbackUndeliverableError;
        throw ApplicationFailure.create({
          message: error.message,
          type: permanent ? CALLBACK_UNDELIVERABLE : CALLBACK_NOT_ACKNOWLEDGED,
          nonRetryable: permanent,
          cause: error,
        });
      }
    },

    /** The test ping of POST /v2/webhooks/test: one attempt, answered whatever came back, never thrown. */
    pingWebhook(ping: WebhookPing): Promise<WebhookPingAnswer> {
      return deliverer.ping(ping);
    },

    /** Marks a callback FAILED once its workflow has stopped retrying. */
    async markNotificationFailed(eventId: string, reason: string): Promise<void> {
      await deliverer.giveUp(eventId, reason);
    },
  };
}
