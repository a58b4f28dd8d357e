import { applyDecorators, SetMetadata, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { openApiSchema } from '../http/openapi-schema';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_OPERATION, IdempotencyInterceptor } from './idempotency.interceptor';
import { idempotencyKeySchema } from './idempotency.service';

/**
 * Makes a route safe to retry with an `idempotency-key` header, keyed per client and
 * `operation` (e.g. `payments.preview`). The route must be authenticated and answer JSON.
 */
export const Idempotent = (operation: string) =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_OPERATION, operation),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_KEY_HEADER,
      required: false,
      schema: openApiSchema(idempotencyKeySchema),
      description:
        '1-255 printable ASCII characters. A retry with the same key and the same body bytes gets the first response again ' +
        '(header idempotency-replay: true); with other bytes 422 IDEMPOTENCY_KEY_REUSED; while the first is ' +
        'still running 409 REQUEST_IN_PROGRESS with Retry-After. A 5xx is not kept: its retry gets the result of ' +
        'whatever the first attempt did meanwhile, never that attempt done twice. Keys are kept 24 h.',
    }),
  );
