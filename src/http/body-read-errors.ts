import type { NextFunction, Request, Response } from 'express';
import { ApiError } from './api-error';

/** The largest JSON body the API reads; a larger one is answered 413. */
export const JSON_BODY_LIMIT = '100kb';

/** What body-parser (through http-errors) puts on the errors it passes on. */
interface BodyReadError {
  status?: number;
  type?: string;
  code?: string;
}

/**
 * The answer to a body that could not be read, or undefined for any other error. body-parser
 * marks its errors with a 4xx `status`; left as they are, Nest answers a JSON syntax error
 * with the parser's own text and every other one (an unknown or lying Content-Encoding) as 500.
 */
export function bodyReadError(error: unknown): ApiError | undefined {
  const { status, type, code } = (error ?? {}) as BodyReadError;
  if (typeof status !== 'number' || status < 400 || status >= 500) return undefined;
  switch (type) {
    case 'entity.parse.failed':
      return new ApiError(400, ['body: malformed JSON']);
    case 'entity.too.large':
      return new ApiError(413, 'Payload Too Large');
    case 'encoding.unsupported':
      return new ApiError(415, 'Unsupported Content-Encoding: send identity, gzip, deflate or br');
    case 'charset.unsupported':
      return new ApiError(415, 'Unsupported charset: send utf-8');
  }
  // zlib's codes: the body is not what its Content-Encoding says.
  if (code?.startsWith('Z_')) return new ApiError(400, ['body: does not match its Content-Encoding']);
  return new ApiError(400, ['body: could not be read']);
}

/** Express error middleware, right after the body parser: hands Nest's filter an ApiError instead. */
export function translateBodyReadErrors(
  error: unknown,
  _request: Request,
  _response: Response,
  next: NextFunction,
): void {
  next(bodyReadError(error) ?? error);
}
