import { applyDecorators } from '@nestjs/common';
import { ApiResponse, getSchemaPath, type HeadersObject, type ResponseObject } from '@nestjs/swagger';
import { createZodDto } from 'nestjs-zod';
import { errorBodySchema, validationErrorBodySchema } from './api-error';

/** The document's one error component, `{ statusCode, message, error_code?, request_id }`. */
export class ErrorBodyDto extends createZodDto(errorBodySchema) {}

/** The 400 variant: `message` is always an array, and `errors` lists the same problems by field and code. */
export class ValidationErrorBodyDto extends createZodDto(validationErrorBodySchema) {}

/** The error statuses a route may declare beside those every route gets (docs/openapi.md). */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503;

export const RETRY_AFTER_HEADER: HeadersObject = {
  'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer', minimum: 1 } },
};

/** Statuses whose answer always carries Retry-After. */
const RETRY_STATUSES = new Set([429, 503]);

/** The component an error of this status is answered with. */
export const errorBodyRef = (status: number) => getSchemaPath(status === 400 ? ValidationErrorBodyDto : ErrorBodyDto);

/** An error response as the document states it: the shared body, and Retry-After where it is always sent. */
export function errorResponse(status: number, description: string): ResponseObject {
  return {
    description,
    content: { 'application/json': { schema: { $ref: errorBodyRef(status) } } },
    ...(RETRY_STATUSES.has(status) ? { headers: RETRY_AFTER_HEADER } : {}),
  };
}

/**
 * Declares what a route answers besides success, each status with the shared error body:
 * `@ApiErrors({ 404: 'Order not found', 409: 'INVALID_STATUS: ...' })`. What every route of a
 * kind answers (401, 400 for its input, 413/415 for its body, 503, idempotency) is added to the
 * document from the route's own metadata (openapi-common-responses.ts), so it is not repeated here.
 */
export function ApiErrors(declarations: Partial<Record<ErrorStatus, string>>) {
  return applyDecorators(
    ...Object.entries(declarations).map(([status, description]) =>
      ApiResponse({ status: Number(status), ...errorResponse(Number(status), description) }),
    ),
  );
}
