import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { cleanupOpenApiDoc } from 'nestjs-zod';
import { BEARER_SCHEME, withCommonResponses } from './openapi-common-responses';
import { ErrorBodyDto, ValidationErrorBodyDto } from '../http/openapi-errors';
import { errorCodeTable } from '../http/error-codes';
import { asOpenApi31 } from './openapi-31';
import { withInputLimits } from './openapi-input-limits';
import { operationIdOf, routeFacts } from './openapi-routes';
import { withWebhooks } from './openapi-webhooks';

const DESCRIPTION = [
  'EMVCo QR and payment-key payins, collections, refunds and signed callbacks. See README.md and docs/decisions.md.',
  '',
  'Every error is `{ statusCode, message, error_code?, request_id }` (`ErrorBodyDto`) unless an operation shows another body; `request_id` is the `x-request-id` of the request, as in the logs.',
  'Every 400 has `message` as an array of strings, one per problem, naming the field, and `errors` as the same problems for a program: `[{ field, code }]`, `field` a dotted path (`body` for the body as a whole), `code` one of INVALID_TYPE, INVALID_VALUE, INVALID_FORMAT, TOO_SMALL, TOO_BIG, UNKNOWN_FIELD, or INVALID for a rule the service checks itself.',
  "A method an operation path does not list is answered 405 with `Allow`. The request schemas carry the rules the service enforces; the rules they cannot state (a QR code's CRC, a key's check digits, per-country amount limits) are answered 400 naming the field.",
  '',
  'Each `error_code`, its status and what to do:',
  '',
  errorCodeTable(),
].join('\n');

/**
 * The OpenAPI document of `app`: the request and response schemas come from the zod schemas
 * the service validates with (nestjs-zod), and every operation lists every status its route
 * can answer. Needs no running server: the client generator builds it in preview mode.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setTitle('Cross-border payments API')
    .setDescription(DESCRIPTION)
    .setVersion('2')
    .addBearerAuth(
      { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The accessToken of GET /auth/token' },
      BEARER_SCHEME,
    )
    .build();
  const document = SwaggerModule.createDocument(app, config, {
    operationIdFactory: operationIdOf,
    extraModels: [ErrorBodyDto, ValidationErrorBodyDto],
  });
  return asOpenApi31(withWebhooks(withInputLimits(withCommonResponses(cleanupOpenApiDoc(document), routeFacts(app)))));
}

/** UI at /docs, JSON at /docs-json. */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
