import { createZodDto } from 'nestjs-zod';
import { z } from 'zod';
import { nullable } from '../http/nullable';
import { createdAtCursorField, pageInfoShape, pageLimitField } from '../http/page-cursor';
import { NOTIFICATION_EVENTS, NOTIFICATION_STATUSES } from './notification.entity';
import { notificationUrlField } from './notification-url';
import { notificationViewSchema } from './notifications.dto';

/** The most callbacks one page lists, and one bulk redelivery queues. */
export const EVENT_PAGE_MAX = 100;

/** Which of the caller's callbacks: what the listing shows and what a bulk redelivery sends again. */
const eventFilters = {
  type: z.enum(NOTIFICATION_EVENTS).optional().describe("The callback's event (the `event` of its body)"),
  status: z
    .enum(NOTIFICATION_STATUSES)
    .optional()
    .describe('FAILED: retries given up; PENDING: not acknowledged yet, still retried; DELIVERED: acknowledged'),
  created_after: z.iso
    .datetime({ offset: true })
    .optional()
    .describe('Only callbacks created at or after this instant'),
  created_before: z.iso.datetime({ offset: true }).optional().describe('Only callbacks created before this instant'),
  starting_after: createdAtCursorField().optional(),
};

export const listEventsQuerySchema = z.strictObject({
  ...eventFilters,
  limit: pageLimitField,
});
export type ListEventsQuery = z.infer<typeof listEventsQuerySchema>;
export class ListEventsQueryDto extends createZodDto(listEventsQuerySchema) {}

export const redeliverEventsRequestSchema = z.strictObject({
  ...eventFilters,
  limit: z
    .number()
    .int()
    .min(1)
    .max(EVENT_PAGE_MAX)
    .optional()
    .describe(
      `At most this many callbacks are queued, newest first, 1 to ${EVENT_PAGE_MAX} (the default); fewer when the redeliveries quota holds fewer`,
    ),
});
export type RedeliverEventsRequest = z.infer<typeof redeliverEventsRequestSchema>;
export class RedeliverEventsRequestDto extends createZodDto(redeliverEventsRequestSchema) {}

export const eventViewSchema = notificationViewSchema.extend({
  order_id: z.uuid().describe('The order (or QR) the callback reports on'),
});
export type EventView = z.infer<typeof eventViewSchema>;

export const eventPageSchema = z.object({
  data: z.array(eventViewSchema).describe('Newest first'),
  ...pageInfoShape,
});
export type EventPage = z.infer<typeof eventPageSchema>;
export class EventPageDto extends createZodDto(eventPageSchema) {}

export const redeliverEventsResponseSchema = z.object({
  queued: z.number().int().describe('How many callbacks were queued for redelivery by this request'),
  has_more: z.boolean().describe('Whether more callbacks match after the last one queued: send again with next_cursor'),
  next_cursor: nullable(
    z.string(),
    'Send it as `starting_after` (with the same filters) to queue the next ones; null when has_more is false',
  ),
});
export type RedeliverEventsResponse = z.infer<typeof redeliverEventsResponseSchema>;
export class RedeliverEventsResponseDto extends createZodDto(redeliverEventsResponseSchema) {}

export const webhookTestRequestSchema = z.strictObject({ url: notificationUrlField });
export class WebhookTestRequestDto extends createZodDto(webhookTestRequestSchema) {}

export const webhookTestResponseSchema = z.object({
  event_id: z.uuid().describe('The x-event-id of the ping; it is not stored and never redelivered'),
  delivered: z.boolean().describe('Whether the receiver acknowledged the ping with a 2xx'),
  status_code: nullable(z.number().int(), 'Null when no response came back'),
  error: nullable(z.string(), 'Why the ping was not acknowledged, as the delivery log would say it; null when it was'),
  response_excerpt: nullable(
    z.string().max(256),
    "The first 256 bytes of the receiver's answer, as the delivery log would quote it",
  ),
  duration_ms: z.number().int().describe('From the request to the answer, the worker scheduling it included'),
});
export type WebhookTestResponse = z.infer<typeof webhookTestResponseSchema>;
export class WebhookTestResponseDto extends createZodDto(webhookTestResponseSchema) {}
