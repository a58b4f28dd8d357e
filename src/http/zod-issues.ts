import type { z } from 'zod';
import type { FieldErrorCode } from './error-codes';

/** One problem of a refused input: the field it concerns (`body` for the body as a whole) and what is wrong. */
export interface FieldError {
  field: string;
  code: FieldErrorCode;
}

const ZOD_CODES: Partial<Record<z.core.$ZodIssue['code'], FieldErrorCode>> = {
  invalid_type: 'INVALID_TYPE',
  invalid_value: 'INVALID_VALUE',
  invalid_format: 'INVALID_FORMAT',
  too_small: 'TOO_SMALL',
  too_big: 'TOO_BIG',
};

const fieldOfPath = (path: readonly PropertyKey[]) => path.map(String).join('.');

/** One problem per field named, as a program reads them (the `errors` of a 400). */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[]): FieldError[] {
  return issues.flatMap((issue): FieldError[] => {
    const field = fieldOfPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: field ? `${field}.${key}` : key, code: 'UNKNOWN_FIELD' }));
    }
    return [{ field: field || 'body', code: ZOD_CODES[issue.code] ?? 'INVALID' }];
  });
}

/** One message per problem, each naming its field, as docs/decisions.md promises of every 400. */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    const field = fieldOfPath(issue.path);
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${field ? `${field}.` : ''}${key}: unknown field`);
    }
    return [`${field || 'body'}: ${issue.message}`];
  });
}

// A message the service writes itself names its field first, as `user.currency: …`.
const NAMED_FIELD = /^([A-Za-z_][\w.-]*): /;

/** The field errors of messages written as describeIssues writes them: a rule the service checks itself. */
export const fieldErrorsOfMessages = (messages: readonly string[]): FieldError[] =>
  messages.map((message) => ({ field: NAMED_FIELD.exec(message)?.[1] ?? 'body', code: 'INVALID' }));
