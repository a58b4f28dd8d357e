import { randomUUID } from 'node:crypto';
import { DataSource, EntityNotFoundError } from 'typeorm';
import { NotificationAttemptEntity } from './notification-attempt.entity';
import { NotificationEntity } from './notification.entity';
import { notificationUrlProblem } from './notification-url';
import { signPayload } from './signature';

/** CONTRACT.md: an attempt that has not been answered in 10 s is a failure. */
export const CALLBACK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'CrossBorderPayments-Webhooks/2';
// Errors are stored per attempt; a receiver's long error page must not bloat the log.
const MAX_ERROR_LENGTH = 500;

/** Where the signing secret comes from: ClientsService in the app, a stub where a test needs one. */
export interface WebhookSecrets {
  webhookSecret(clientId: string): Promise<string>;
}

export interface DeliveryOptions {
  /** ALLOW_INSECURE_CALLBACKS: http and internal addresses allowed (sandbox and tests). */
  allowInsecure: boolean;
  timeoutMs?: number;
}

/** The receiver did not acknowledge; another attempt may succeed. */
export class CallbackNotAcknowledgedError extends Error {
  override name = 'CallbackNotAcknowledgedError';
}

/** No attempt can ever succeed (the row or its client is gone, the URL is refused). */
export class CallbackUndeliverableError extends Error {
  override name = 'CallbackUndeliverableError';
}

interface Outcome {
  statusCode: number | null;
  /** Null when acknowledged. */
  error: string | null;
  permanent: boolean;
}

const truncate = (text: string) => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);

function describeFetchError(error: unknown, timeoutMs: number): string {
  // A DOMException, which is not always an Error instance (another realm), so go by its name.
  if ((error as { name?: string }).name === 'TimeoutError') return `no response within ${timeoutMs} ms`;
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Makes one delivery attempt per call and records it; retries are Temporal's job, so a crash
 * between attempts loses nothing. Delivery is at least once: a receiver de-duplicates on
 * `x-event-id`, which never changes, and every attempt carries the same body.
 */
export class NotificationDeliverer {
  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: WebhookSecrets,
    private readonly options: DeliveryOptions,
  ) {}

  /** Resolves once the receiver has acknowledged; throws one of the two errors above otherwise. */
  async attempt(eventId: string): Promise<{ delivered: true }> {
    const notification = await this.dataSource.getRepository(NotificationEntity).findOneBy({ id: eventId });
    if (!notification) throw new CallbackUndeliverableError(`notification ${eventId} does not exist`);
    // A retry after an acknowledgement (the activity's result was lost) must not resend.
    if (notification.status === 'DELIVERED') return { delivered: true };

    const startedAt = new Date();
    const outcome = await this.send(notification);
    await this.record(notification.id, startedAt, Date.now() - startedAt.getTime(), outcome);
    if (outcome.error === null) return { delivered: true };
    throw outcome.permanent ? new CallbackUndeliverableError(outcome.error) : new CallbackNotAcknowledgedError(outcome.error);
  }

  /** Called once retries are exhausted; a notification delivered meanwhile stays DELIVERED. */
  async giveUp(eventId: string, reason: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE notifications
       SET status = 'FAILED', last_error = left($2 || coalesce(' (last attempt: ' || last_error || ')', ''), $3)
       WHERE id = $1 AND status = 'PENDING'`,
      [eventId, reason, MAX_ERROR_LENGTH],
    );
  }

  private async send(notification: NotificationEntity): Promise<Outcome> {
    // Checked again here: the rule may have tightened since the URL was accepted.
    const urlProblem = notificationUrlProblem(notification.url, this.options.allowInsecure);
    if (urlProblem) return { statusCode: null, error: `notification_url ${urlProblem}`, permanent: true };
    const secret = await this.secretOf(notification.clientId);
    if (secret === null) return { statusCode: null, error: 'the client no longer exists', permanent: true };

    const timeoutMs = this.options.timeoutMs ?? CALLBACK_TIMEOUT_MS;
    let response: Response;
    try {
      response = await fetch(notification.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          // A fresh timestamp per attempt, so a receiver's replay window never rejects a late retry.
          signature: signPayload(secret, notification.body, Math.floor(Date.now() / 1000)),
          'x-event-id': notification.id,
          'user-agent': USER_AGENT,
        },
        body: notification.body,
        // Following a redirect would let a receiver steer signed callbacks to another host.
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      return { statusCode: null, error: truncate(describeFetchError(error, timeoutMs)), permanent: false };
    }
    // The answer's body means nothing to us; cancelling it frees the connection.
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return { statusCode: response.status, error: null, permanent: false };
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    const error = location === null ? `HTTP ${response.status}` : `HTTP ${response.status} redirect to ${location} not followed`;
    return { statusCode: response.status, error: truncate(error), permanent: false };
  }

  private async secretOf(clientId: string): Promise<string | null> {
    try {
      return await this.secrets.webhookSecret(clientId);
    } catch (error) {
      if (error instanceof EntityNotFoundError) return null;
      throw error;
    }
  }

  private async record(notificationId: string, startedAt: Date, durationMs: number, outcome: Outcome): Promise<void> {
    await this.dataSource.transaction(async (tx) => {
      // The row lock numbers concurrent attempts (an activity retried while a slow one ends) without gaps or clashes.
      const current = await tx.getRepository(NotificationEntity).findOneOrFail({ where: { id: notificationId }, lock: { mode: 'pessimistic_write' } });
      const attempt = current.attemptCount + 1;
      const acknowledged = outcome.error === null;
      await tx.update(NotificationEntity, notificationId, {
        attemptCount: attempt,
        lastError: outcome.error,
        ...(acknowledged && current.status !== 'DELIVERED' ? { status: 'DELIVERED' as const, deliveredAt: new Date() } : {}),
      });
      await tx.insert(NotificationAttemptEntity, {
        id: randomUUID(),
        notificationId,
        attempt,
        startedAt,
        durationMs,
        statusCode: outcome.statusCode,
        error: outcome.error,
      });
    });
  }
}
