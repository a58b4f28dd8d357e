import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { loggableError } from '../db/loggable-error';
import { ApiError, ExactBodyError } from './api-error';
import { unavailability } from '../infra/unavailable';
import { describeIssues, fieldErrorsOf } from './zod-issues';
import { assignRequestId } from './logging';

/** Seconds a client should wait before retrying a request refused for an unreachable dependency. */
export const RETRY_AFTER_SECONDS = 5;

export interface ErrorResponse {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

/**
 * The response an error is answered with, its body carrying the request's id (but a body the spec
 * fixes). Pure, so that code which must capture a response before it is sent (idempotent
 * replays) answers exactly as this filter does.
 */
export function toErrorResponse(error: unknown, requestId: string): ErrorResponse {
  const answer = errorAnswer(error);
  if (error instanceof ExactBodyError) return answer;
  return { ...answer, body: { ...(answer.body as object), request_id: requestId } };
}

function errorAnswer(error: unknown): ErrorResponse {
  if (error instanceof ApiError) return { status: error.statusCode, body: error.body(), headers: error.headers };
  if (error instanceof ExactBodyError) return { status: error.statusCode, body: error.exactBody, headers: {} };
  if (error instanceof ZodValidationException) {
    const zodError = error.getZodError();
    const [message, errors] =
      zodError instanceof ZodError
        ? [describeIssues(zodError.issues), fieldErrorsOf(zodError.issues)]
        : [['body: invalid'], [{ field: 'body', code: 'INVALID' }]];
    return { status: 400, body: { statusCode: 400, message, errors }, headers: {} };
  }
  if (error instanceof HttpException) {
    const status = error.getStatus();
    const response = error.getResponse();
    const message =
      typeof response === 'string' ? response : ((response as { message?: unknown }).message ?? error.message);
    return { status, body: { statusCode: status, message }, headers: {} };
  }
  const unavailable = unavailability(error);
  if (unavailable) {
    const message =
      unavailable === 'UPSTREAM_ERROR'
        ? 'An upstream rail is unavailable; retry later'
        : 'The service is temporarily unavailable; retry later';
    return {
      status: 503,
      body: { statusCode: 503, message, error_code: unavailable },
      headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
    };
  }
  return {
    status: 500,
    body: { statusCode: 500, message: 'Internal server error', error_code: 'INTERNAL_ERROR' },
    headers: {},
  };
}

/** Turns every error into the spec's bodies; unexpected ones are logged and answered 500. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const requestId = assignRequestId(host.switchToHttp().getRequest<Request>(), response);
    const { status, body, headers } = toErrorResponse(error, requestId);
    if (status >= 500) this.logger.error(loggableError(error));
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(body);
  }
}
