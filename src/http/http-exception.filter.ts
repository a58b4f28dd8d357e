import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import type { Response } from 'express';
import { ZodValidationException } from 'nestjs-zod';
import { ZodError } from 'zod';
import { ApiError, ExactBodyError } from './api-error';
import { describeIssues } from './zod-issues';

interface BodyParserError {
  type?: string;
  status?: number;
}

/** Turns every error into the spec's bodies; unexpected ones are logged and answered 500. */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(error: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const [status, body, headers] = this.toResponse(error);
    if (status >= 500) this.logger.error(error);
    for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
    response.status(status).json(body);
  }

  private toResponse(error: unknown): [number, unknown, Record<string, string>] {
    if (error instanceof ApiError) return [error.statusCode, error.body(), error.headers];
    if (error instanceof ExactBodyError) return [error.statusCode, error.exactBody, {}];
    if (error instanceof ZodValidationException) {
      const zodError = error.getZodError();
      const messages = zodError instanceof ZodError ? describeIssues(zodError.issues) : ['body: invalid'];
      return [400, { statusCode: 400, message: messages }, {}];
    }
    const parserError = error as BodyParserError;
    if (parserError?.type === 'entity.parse.failed') {
      return [400, { statusCode: 400, message: ['body: malformed JSON'] }, {}];
    }
    if (parserError?.type === 'entity.too.large') {
      return [413, { statusCode: 413, message: 'Payload Too Large' }, {}];
    }
    if (error instanceof HttpException) {
      const status = error.getStatus();
      const response = error.getResponse();
      const message = typeof response === 'string' ? response : ((response as { message?: unknown }).message ?? error.message);
      return [status, { statusCode: status, message }, {}];
    }
    return [500, { statusCode: 500, message: 'Internal server error', error_code: 'INTERNAL_ERROR' }, {}];
  }
}
