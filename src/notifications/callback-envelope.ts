import { z } from 'zod';
import { API_VERSION } from '../http/api-version';
import { NOTIFICATION_EVENTS, type NotificationEvent } from './notification.entity';

/**
 * Where a callback body says what it is. Not `event`: the Collections API's QR_CREATED and
 * QR_EXPIRED bodies already carry `event` as a string (docs/decisions.md, Collections), which integrators match
 * on; an object there would break them. `webhook` also names it after the `webhook-id` header
 * its `id` equals.
 */
export const ENVELOPE_FIELD = 'webhook';

export const callbackEnvelopeSchema = z
  .object({
    id: z.uuid().describe('The event id: the x-event-id and webhook-id headers, the same on every attempt'),
    type: z.enum(NOTIFICATION_EVENTS).describe('Which callback this is'),
    created_at: z.iso.datetime().describe('When the event happened (the change that emitted it)'),
    version: z.literal(API_VERSION).describe('The API version the body follows'),
  })
  .describe('What the callback is; signed with the body (and its id, by signature v2 and webhook-signature)');
export type CallbackEnvelope = z.infer<typeof callbackEnvelopeSchema>;

export interface EnvelopeFacts {
  eventId: string;
  event: NotificationEvent;
  createdAt: Date;
}

/**
 * The body as sent: the kind's own fields where they were (the spec's never move), the spec's
 * `version` for the kinds whose view has none, and the envelope last.
 */
export function envelopedBody(payload: object, { eventId, event, createdAt }: EnvelopeFacts): object {
  const envelope: CallbackEnvelope = {
    id: eventId,
    type: event,
    created_at: createdAt.toISOString(),
    version: API_VERSION,
  };
  return { ...payload, ...('version' in payload ? {} : { version: API_VERSION }), [ENVELOPE_FIELD]: envelope };
}
