import { Webhook } from 'standardwebhooks';
import { signCallback } from '../../clients/typescript/src/webhook-signature';

export interface CallbackSigning {
  /** The secrets that sign, oldest first: one, or two during a secret rotation's overlap. */
  secrets: readonly string[];
  eventId: string;
  body: string;
  /** The attempt's own time: a late retry is never outside a receiver's replay window. */
  now: Date;
  /** Whether the `signature` header still carries `v1` (CALLBACK_SIGNATURE_V1_UNTIL not yet passed). */
  v1: boolean;
}

/**
 * The signature headers of one attempt: the spec's `signature` (`t`, `v1` while its window is
 * open, `v2` covering the event id), `x-event-id`, and the Standard Webhooks trio, whose
 * `webhook-signature` (over "<id>.<timestamp>.<body>") is made by the standardwebhooks package
 * with the secret's UTF-8 bytes as its key (standardWebhooksSecret tells integrators the form
 * their library takes). One signature per secret in each header during a rotation.
 */
export function callbackSignatureHeaders({ secrets, eventId, body, now, v1 }: CallbackSigning): Record<string, string> {
  const timestampSeconds = Math.floor(now.getTime() / 1000);
  return {
    signature: signCallback(secrets, { eventId, rawBody: body, timestampSeconds }, { v1 }),
    'x-event-id': eventId,
    'webhook-id': eventId,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': secrets
      .map((secret) => new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).sign(eventId, now, body))
      .join(' '),
  };
}
