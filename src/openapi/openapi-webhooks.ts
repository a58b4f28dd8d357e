import type { OpenAPIObject, ParameterObject, PathItemObject } from '@nestjs/swagger';
import { z } from 'zod';
import { API_VERSION } from '../http/api-version';
import { openApiSchema } from '../http/openapi-schema';
import { callbackEnvelopeSchema, ENVELOPE_FIELD } from '../notifications/callback-envelope';
import type { NotificationEvent } from '../notifications/notification.entity';
import {
  paymentResultViewSchema,
  previewViewSchema,
  qrCreatedViewSchema,
  qrExpiredViewSchema,
} from '../orders/order-views';
import { refundNotificationViewSchema } from '../refunds/refund-views';

interface CallbackKind {
  /** The component the body is declared as. */
  component: string;
  /** The kind's own fields, as its view writes them (the spec's, where it has them). */
  fields: z.ZodObject;
  summary: string;
}

/** The spec's `version`, carried by every callback: the kinds whose view has none get it where their body is made. */
const withVersion = (fields: z.ZodObject) => fields.extend({ version: z.literal(API_VERSION) });

const KINDS: Record<NotificationEvent, CallbackKind> = {
  PREVIEW: {
    component: 'PreviewCallback',
    fields: previewViewSchema,
    summary: 'A preview: after a preview request, and after the amount of an open-amount QR is given',
  },
  PAYMENT: {
    component: 'PaymentCallback',
    fields: withVersion(paymentResultViewSchema),
    summary: "A payment's result (COMPLETED, CANCELED, REJECTED, FAILED, and PROCESSING in key flows)",
  },
  QR_CREATED: {
    component: 'QrCreatedCallback',
    fields: qrCreatedViewSchema,
    summary: 'A collection QR was created: the order, its amounts and the indicative rates',
  },
  QR_EXPIRED: {
    component: 'QrExpiredCallback',
    fields: qrExpiredViewSchema,
    summary: 'A collection QR expired unpaid',
  },
  REFUND: {
    component: 'RefundCallback',
    fields: withVersion(refundNotificationViewSchema),
    summary: "A refund's outcome (PARTIALLY_REFUNDED, REFUNDED, or the order's status with an error_code)",
  },
};

const header = (name: string, description: string, pattern?: string): ParameterObject => ({
  name,
  in: 'header',
  required: true,
  description,
  schema: { type: 'string', ...(pattern ? { pattern } : {}) },
});

/** What every attempt of every callback carries (docs/decisions.md, "Callback signatures, scheme versions and secret rotation"). */
const SIGNATURE_HEADERS: ParameterObject[] = [
  header(
    'signature',
    't=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>,v2=<hex HMAC-SHA256(secret, "<t>.<event id>.<raw body>")>: ' +
      'v2 covers the event id; v1, which does not, is sent until CALLBACK_SIGNATURE_V1_UNTIL. One entry of each per secret ' +
      'during a secret rotation. Check it with verifyCallback of the client package or POST /v2/notifications/verify.',
  ),
  header(
    'x-event-id',
    "The event id, the same on every attempt: de-duplicate on it (it equals webhook-id and the body's webhook.id)",
  ),
  header('webhook-id', 'Standard Webhooks: the event id'),
  header('webhook-timestamp', 'Standard Webhooks: unix seconds of this attempt', '^[0-9]+$'),
  header(
    'webhook-signature',
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<webhook-id>.<webhook-timestamp>.<raw body>">`, space-separated, one per ' +
      'secret; the key is the UTF-8 bytes of your webhook secret (whsec_ + their base64 for a Standard Webhooks library)',
  ),
];

const bodySchema = (event: NotificationEvent, kind: CallbackKind) =>
  kind.fields.extend({ [ENVELOPE_FIELD]: callbackEnvelopeSchema.extend({ type: z.literal(event) }) });

function webhookOf(event: NotificationEvent, kind: CallbackKind): PathItemObject {
  return {
    post: {
      operationId: `callback_${event}`,
      summary: kind.summary,
      description:
        'POSTed to your notification_url. Answer any 2xx within 10 s; anything else is retried with back-off for 72 h, ' +
        'the same body byte for byte and a fresh signature each time.',
      tags: ['notifications'],
      parameters: SIGNATURE_HEADERS,
      requestBody: {
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${kind.component}` } } },
      },
      responses: { '200': { description: 'Acknowledged (any 2xx is)' } },
    },
  };
}

/**
 * The callbacks, declared under OpenAPI 3.1 `webhooks` (one per kind, keyed by the envelope's
 * type) with their bodies in `components`, so that the typed client carries their types.
 */
export function withWebhooks(document: OpenAPIObject): OpenAPIObject {
  const entries = Object.entries(KINDS) as Array<[NotificationEvent, CallbackKind]>;
  const schemas = Object.fromEntries(
    entries.map(([event, kind]) => [kind.component, openApiSchema(bodySchema(event, kind))]),
  );
  return {
    ...document,
    components: { ...document.components, schemas: { ...document.components?.schemas, ...schemas } },
    webhooks: Object.fromEntries(entries.map(([event, kind]) => [event, webhookOf(event, kind)])),
  };
}
