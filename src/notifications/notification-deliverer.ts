import { randomUUID } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { DataSource, EntityNotFoundError } from 'typeorm';
import type { WebhookSigningSecrets } from '../auth/clients.service';
import { countCallbackDelivery } from '../observability/metrics';
import { CallbackAnswer, CallbackHttpClient, CallbackTransportError } from './callback-http';
import type { WebhookPing, WebhookPingAnswer } from './delivery-messages';
import { callbackSignatureHeaders } from './callback-signing';
import type { NotificationEntity } from './notification.entity';
import { NewNotification, NotificationOutbox } from './notification-outbox';
import { notificationUrlProblem } from './notification-url';
import { isPublicAddress } from './public-address';
import { publicOnlyLookup } from './public-lookup';

/** docs/decisions.md (Callbacks): an attempt that has not been answered in 10 s is a failure. */
export const CALLBACK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'CrossBorderPayments-Webhooks/2';
// Errors are stored per attempt; a receiver's long error page must not bloat the log.
const MAX_ERROR_LENGTH = 500;

/** Where the signing secrets come from: ClientsService in the app, a stub where a test needs one. */
export interface WebhookSecrets {
  /** Throws EntityNotFoundError for a client that no longer exists. */
  webhookSecrets(clientId: string): Promise<WebhookSigningSecrets>;
}

/** The secrets that sign at `now`, oldest first: the previous one only until its overlap ends. */
export function signingSecretsAt({ current, previous }: WebhookSigningSecrets, now: Date): string[] {
  return previous !== null && now < previous.until ? [previous.secret, current] : [current];
}

export interface DeliveryOptions {
  /** ALLOW_INSECURE_CALLBACKS: http and internal addresses allowed (sandbox and tests). */
  allowInsecure: boolean;
  timeoutMs?: number;
  /** The resolver behind the public-address check: the system's unless a test gives one. */
  resolve?: LookupFunction;
  /**
   * Whose answers the delivery log quotes (its `response_excerpt`): public addresses only, unless
   * a test says otherwise. Where internal hosts may be called (ALLOW_INSECURE_CALLBACKS), quoting
   * their answers would let a callback URL read them.
   */
  quotesAnswersFrom?: (address: string) => boolean;
  /** CALLBACK_SIGNATURE_V1_UNTIL: until then the `signature` header also carries `v1`; always when not given. */
  signatureV1Until?: Date;
}

/** The receiver did not acknowledge; another attempt may succeed. */
export class CallbackNotAcknowledgedError extends Error {
  override name = 'CallbackNotAcknowledgedError';
}

/** No attempt can ever succeed (the row or its client is gone, the URL is refused). */
export class CallbackUndeliverableError extends Error {
  override name = 'CallbackUndeliverableError';
}

/** What an attempt reads of its callback: one small statement, no entity building (every callback takes this path). */
type StoredCallback = Pick<NotificationEntity, 'id' | 'clientId' | 'event' | 'url' | 'body' | 'status'>;

interface Outcome {
  statusCode: number | null;
  /** What the integrator sees in the delivery log; null when acknowledged. */
  error: string | null;
  /** What our logs see (through the activity's failure): `error` with the underlying cause. */
  detail: string | null;
  permanent: boolean;
  /** The start of the receiver's answer, when it may be shown (DeliveryOptions.quotesAnswersFrom). */
  excerpt: string | null;
}

const truncate = (text: string) => (text.length > MAX_ERROR_LENGTH ? `${text.slice(0, MAX_ERROR_LENGTH - 1)}…` : text);

const failed = (error: string, permanent: boolean, statusCode: number | null = null, detail = error): Outcome => ({
  statusCode,
  error: truncate(error),
  detail,
  permanent,
  excerpt: null,
});

function answered(
  { status, location, excerpt: body, peer }: CallbackAnswer,
  quotesAnswersFrom: (address: string) => boolean,
): Outcome {
  const excerpt = peer !== null && quotesAnswersFrom(peer) ? body : null;
  if (status >= 200 && status < 300)
    return { statusCode: status, error: null, detail: null, permanent: false, excerpt };
  const redirect = status >= 300 && status < 400 && location !== null;
  const outcome = failed(
    redirect ? `HTTP ${status} redirect to ${location} not followed` : `HTTP ${status}`,
    false,
    status,
  );
  return { ...outcome, excerpt };
}

/**
 * Makes one delivery attempt per call and records it; retries are Temporal's job, so a crash
 * between attempts loses nothing. Delivery is at least once: a receiver de-duplicates on
 * `x-event-id`, which never changes, and every attempt carries the same body.
 */
export class NotificationDeliverer {
  private readonly http: CallbackHttpClient;

  constructor(
    private readonly dataSource: DataSource,
    private readonly secrets: WebhookSecrets,
    private readonly options: DeliveryOptions,
  ) {
    // In production every socket is checked at connection time, whatever the URL's text said.
    this.http = new CallbackHttpClient(options.allowInsecure ? undefined : publicOnlyLookup(options.resolve));
  }

  /**
   * Resolves once the receiver has acknowledged; throws one of the two errors above otherwise.
   * `redeliverAfter` (a redelivery asked for when the callback had that many attempts) sends it
   * again, delivered or not, until an attempt numbered above it is acknowledged.
   */
  async attempt(eventId: string, redeliverAfter?: number): Promise<{ delivered: true }> {
    const [notification]: StoredCallback[] = await this.dataSource.query(
      'SELECT id, client_id AS "clientId", event, url, body, status FROM notifications WHERE id = $1',
      [eventId],
    );
    if (!notification) throw new CallbackUndeliverableError(`notification ${eventId} does not exist`);
    // A retry after an acknowledgement (the activity's result was lost) must not resend.
    if (
      notification.status === 'DELIVERED' &&
      (redeliverAfter === undefined || (await this.acknowledgedAfter(eventId, redeliverAfter)))
    ) {
      return { delivered: true };
    }
    return this.deliver(notification);
  }

  /**
   * The first attempt at a callback the caller has just written and committed (a closing step's):
   * sent as written, without reading back the row inserted a moment ago, which no attempt can
   * have acknowledged yet. Resolves and throws as `attempt` does.
   */
  attemptWritten(written: NewNotification): Promise<{ delivered: true }> {
    const { eventId, clientId, event, url } = written;
    return this.deliver({
      id: eventId,
      clientId,
      event,
      url,
      body: NotificationOutbox.bodyOf(written),
      status: 'PENDING',
    });
  }

  private async deliver(notification: StoredCallback): Promise<{ delivered: true }> {
    const startedAt = new Date();
    const outcome = await this.send(notification);
    await this.record(notification.id, startedAt, Date.now() - startedAt.getTime(), outcome);
    countCallbackDelivery(
      notification.event,
      outcome.error === null ? 'delivered' : outcome.permanent ? 'undeliverable' : 'failed',
    );
    if (outcome.error === null) return { delivered: true };
    const detail = outcome.detail ?? outcome.error;
    throw outcome.permanent ? new CallbackUndeliverableError(detail) : new CallbackNotAcknowledgedError(detail);
  }

  /**
   * A test callback (POST /v2/webhooks/test): `body` checked, signed and posted to `url` by the
   * very code every callback goes through, under the client's secret, but neither stored nor
   * retried. Answers what came back.
   */
  async ping({ clientId, url, eventId, body }: WebhookPing): Promise<WebhookPingAnswer> {
    const { statusCode, error, excerpt } = await this.send({ id: eventId, clientId, url, body });
    return { statusCode, error, excerpt };
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

  private async acknowledgedAfter(eventId: string, attempt: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      'SELECT 1 FROM notification_attempts WHERE notification_id = $1 AND attempt > $2 AND error IS NULL LIMIT 1',
      [eventId, attempt],
    );
    return rows.length > 0;
  }

  private async send(notification: Pick<StoredCallback, 'id' | 'clientId' | 'url' | 'body'>): Promise<Outcome> {
    // Checked again here: the rule may have tightened since the URL was accepted.
    const urlProblem = notificationUrlProblem(notification.url, this.options.allowInsecure);
    if (urlProblem) return failed(`notification_url ${urlProblem}`, true);
    const secrets = await this.secretsOf(notification.clientId);
    if (secrets === null) return failed('the client no longer exists', true);

    // A fresh timestamp per attempt, so a receiver's replay window never rejects a late retry.
    const now = new Date();
    const v1Until = this.options.signatureV1Until;
    const signed = callbackSignatureHeaders({
      // Both during a rotation's overlap, so a receiver holding either secret accepts the callback.
      secrets: signingSecretsAt(secrets, now),
      eventId: notification.id,
      body: notification.body,
      now,
      v1: v1Until === undefined || now < v1Until,
    });
    try {
      return answered(
        await this.http.post({
          url: notification.url,
          headers: { 'content-type': 'application/json', ...signed, 'user-agent': USER_AGENT },
          body: notification.body,
          timeoutMs: this.options.timeoutMs ?? CALLBACK_TIMEOUT_MS,
        }),
        this.options.quotesAnswersFrom ?? isPublicAddress,
      );
    } catch (error) {
      if (!(error instanceof CallbackTransportError)) throw error;
      return failed(error.reason, false, null, error.message);
    }
  }

  private async secretsOf(clientId: string): Promise<WebhookSigningSecrets | null> {
    try {
      return await this.secrets.webhookSecrets(clientId);
    } catch (error) {
      if (error instanceof EntityNotFoundError) return null;
      throw error;
    }
  }

  /**
   * One statement: the row lock its UPDATE takes numbers concurrent attempts (an activity
   * retried while a slow one ends) without gaps or clashes, and the attempt is written with it.
   */
  private async record(notificationId: string, startedAt: Date, durationMs: number, outcome: Outcome): Promise<void> {
    await this.dataSource.query(
      `WITH counted AS (
         UPDATE notifications
         SET attempt_count = attempt_count + 1,
             last_error = $3,
             status = CASE WHEN $3::text IS NULL THEN 'DELIVERED' ELSE status END,
             delivered_at = CASE WHEN $3::text IS NULL AND status <> 'DELIVERED' THEN $7 ELSE delivered_at END
         WHERE id = $1
         RETURNING attempt_count)
       INSERT INTO notification_attempts (id, notification_id, attempt, started_at, duration_ms, status_code, error, response_excerpt)
       SELECT $2, $1, attempt_count, $4, $5, $6, $3, $8 FROM counted`,
      [
        notificationId,
        randomUUID(),
        outcome.error,
        startedAt,
        durationMs,
        outcome.statusCode,
        new Date(),
        outcome.excerpt,
      ],
    );
  }
}
