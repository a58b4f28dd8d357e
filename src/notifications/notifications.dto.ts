import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { NOTIFICATION_EVENTS, NOTIFICATION_STATUSES } from './notification.entity';

export const listNotificationsQuerySchema = z.strictObject({
  order_id: z.uuid(),
});
export class ListNotificationsQueryDto extends createZodDto(listNotificationsQuerySchema) {}

export const verifySignatureRequestSchema = z.strictObject({
  payload: z
    .union([z.string().max(100_000), z.record(z.string(), z.unknown())])
    .describe(
      'The callback body exactly as received (a string). An object is accepted too and re-serialised with JSON.stringify, ' +
        'which only matches when key order and number formatting survived your JSON parser: send the raw string.',
    ),
  signature: z
    .string()
    .min(1)
    .max(1000)
    .describe('The `signature` header as received: t=<unix seconds>,v1=<hex>,v2=<hex> (v1 only during its window)'),
  event_id: z
    .uuid()
    .optional()
    .describe(
      'The `x-event-id` header as received. Given, the `v2` signature is checked, which covers the event id as well as ' +
        'the body: a callback resent under another id is refused. Without it only `v1` is checked, which does not cover ' +
        'the id and is sent only until CALLBACK_SIGNATURE_V1_UNTIL (docs/decisions.md).',
    ),
});
export class VerifySignatureRequestDto extends createZodDto(verifySignatureRequestSchema) {}

export const verifySignatureResponseSchema = z.object({ valid: z.boolean() });
export class VerifySignatureResponseDto extends createZodDto(verifySignatureResponseSchema) {}

/** docs/decisions.md: a day lets every receiver switch over; a week is the most a leaked secret may keep signing. */
export const DEFAULT_SECRET_OVERLAP_SECONDS = 86_400;
export const MAX_SECRET_OVERLAP_SECONDS = 7 * 86_400;

export const rotateWebhookSecretRequestSchema = z.strictObject({
  overlap_seconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_SECRET_OVERLAP_SECONDS)
    .default(DEFAULT_SECRET_OVERLAP_SECONDS)
    .describe(
      'How long the secret being replaced keeps signing beside the new one (both signatures on every callback), so ' +
        'your receivers can switch over; 0 stops it at once (a leaked secret). Default 86400 (24 h).',
    ),
});
export class RotateWebhookSecretRequestDto extends createZodDto(rotateWebhookSecretRequestSchema) {}

export const rotatedWebhookSecretSchema = z.object({
  webhook_secret: z.string().describe('The new secret; shown this once. Every callback is signed with it from now on'),
  previous_secret_valid_until: nullable(
    z.iso.datetime(),
    'Until when the replaced secret still signs too; null when it stopped at once',
  ),
});
export type RotatedWebhookSecretView = z.infer<typeof rotatedWebhookSecretSchema>;
export class RotatedWebhookSecretDto extends createZodDto(rotatedWebhookSecretSchema) {}

const attemptSchema = z.object({
  attempt: z.number().int().describe('1-based'),
  started_at: z.iso.datetime(),
  duration_ms: z.number().int(),
  status_code: nullable(z.number().int(), 'Null when no response came back'),
  error: nullable(z.string(), 'Null when acknowledged'),
  response_excerpt: nullable(
    z.string().max(256),
    "The first 256 bytes of the receiver's answer, as text; null when it had no body, when no answer came back, " +
      'or (in the sandbox) when it came from an address that is not public',
  ),
});

export const notificationViewSchema = z.object({
  event_id: z.uuid().describe('The x-event-id header of every attempt'),
  event: z.enum(NOTIFICATION_EVENTS),
  url: z.string(),
  status: z.enum(NOTIFICATION_STATUSES),
  attempt_count: z.number().int(),
  created_at: z.iso.datetime(),
  delivered_at: nullable(z.iso.datetime(), 'When a receiver acknowledged it; null until then'),
  last_error: nullable(z.string(), 'Why the last attempt failed; null when none failed'),
  payload: z.record(z.string(), z.unknown()).describe('The callback body, parsed'),
  attempts: z.array(attemptSchema),
});
export type NotificationView = z.infer<typeof notificationViewSchema>;
export class NotificationViewDto extends createZodDto(notificationViewSchema) {}
