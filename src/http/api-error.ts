import { z } from 'zod';
import { ERROR_CODE_NAMES, ErrorCode, FIELD_ERROR_CODES } from './error-codes';
import { fieldErrorsOfMessages } from './zod-issues';

/** The body every error has unless the spec shows another (docs/decisions.md, "The contract in brief"). */
export const errorBodySchema = z.object({
  statusCode: z.number().int().describe('The HTTP status, repeated'),
  message: z
    .union([z.string(), z.array(z.string())])
    .describe(
      'Informational only, may change: a sentence, or for a refused input one line per problem, each naming its field',
    ),
  error_code: z
    .enum(ERROR_CODE_NAMES)
    .optional()
    .describe('A stable code to act on: the table in the description of this document says what each means'),
  request_id: z
    .string()
    .describe("The request's id, as in its `x-request-id` header and in the service's logs: quote it when reporting"),
});
/** An error body before the filter adds the request's id. */
export type ErrorBody = Omit<z.infer<typeof errorBodySchema>, 'request_id'> & {
  errors?: ValidationErrorBody['errors'];
};

/**
 * Every 400: `message` lists the problems, one line each, naming the field (`body` for the body
 * as a whole), for people; `errors` the same problems for programs.
 */
export const validationErrorBodySchema = errorBodySchema.extend({
  message: z
    .array(z.string())
    .describe('One line per problem, each starting with the field it concerns, e.g. "user.currency: Invalid option"'),
  errors: z
    .array(
      z.object({
        field: z.string().describe('The field, as a dotted path (`user.currency`), or `body` for the body as a whole'),
        code: z
          .enum(FIELD_ERROR_CODES)
          .describe("What is wrong: zod's issue code, or INVALID for a rule the service checks itself"),
      }),
    )
    .describe('The problems of `message`, one each, for a program to act on'),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBodySchema>;

/** An error answered as `{ statusCode, message, error_code? }`. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string | string[],
    readonly errorCode?: ErrorCode,
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
      ...(this.statusCode === 400 && Array.isArray(this.messages)
        ? { errors: fieldErrorsOfMessages(this.messages) }
        : {}),
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
