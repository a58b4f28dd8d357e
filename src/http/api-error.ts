/**
 * An error answered as `{ statusCode, message, error_code? }`, the body CONTRACT.md gives
 * every error unless the spec shows another.
 */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string | string[],
    readonly errorCode?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(Array.isArray(message) ? message.join('; ') : message);
    this.messages = message;
  }

  readonly messages: string | string[];

  body(): Record<string, unknown> {
    return {
      statusCode: this.statusCode,
      message: this.messages,
      ...(this.errorCode ? { error_code: this.errorCode } : {}),
    };
  }
}

/** An error whose body the spec fixes to another shape (store 409, payment-status 404). */
export class ExactBodyError extends Error {
  constructor(
    readonly statusCode: number,
    readonly exactBody: unknown,
  ) {
    super(`HTTP ${statusCode}`);
  }
}

export const notFound = (message = 'Not Found') => new ApiError(404, message);
