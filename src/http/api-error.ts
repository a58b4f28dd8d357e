import { z } from 'zod';

/** The body every error has unless the spec shows another (docs/decisions.md, "The contract in brief"). */
export const errorBodySchema = z.object({
  statusCode: z.number().int().describe('The HTTP status, repeated'),
  message: z
    .union([z.string(), z.array(z.string())])
    .describe(
      'Informational only, may change: a sentence, or for a refused input one line per problem, each naming its field',
    ),
  error_code: z
    .string()
    .optional()
    .describe('A stable code to act on, e.g. INVALID_STATUS, ALREADY_PROCESSED, RATE_LIMITED, SERVICE_UNAVAILABLE'),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** Every 400: `message` lists the problems, one line each, naming the field (`body` for the body as a whole). */
export const validationErrorBodySchema = errorBodySchema.extend({
  message: z
    .array(z.string())
    .describe('One line per problem, each starting with the field it concerns, e.g. "user.currency: Invalid option"'),
});

/** An error answered as `{ statusCode, message, error_code? }`. */
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

  body(): ErrorBody {
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
