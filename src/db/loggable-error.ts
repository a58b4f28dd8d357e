import { QueryFailedError } from 'typeorm';

const MAX_CAUSES = 10;

function hasQueryFailure(error: Error): boolean {
  let current: unknown = error;
  for (let depth = 0; current instanceof Error && depth < MAX_CAUSES; depth++) {
    if (current instanceof QueryFailedError) return true;
    current = current.cause;
  }
  return false;
}

/**
 * The link as a copy for a log, of the same class (logs name it): a database error keeps its
 * code, constraint and message only, any other keeps its own fields.
 */
function redacted(error: Error, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  if (error instanceof QueryFailedError) {
    const { code, constraint } = error.driverError as { code?: string; constraint?: string };
    Object.assign(copy, { code, constraint });
  } else {
    Object.assign(copy, error);
  }
  copy.message = error.message;
  copy.stack = error.stack;
  if (error.cause instanceof Error && depth < MAX_CAUSES) copy.cause = redacted(error.cause, depth + 1);
  return copy;
}

/**
 * What may be logged of an error. TypeORM's QueryFailedError carries the query's parameters
 * and the driver's `detail` (`Key (tax_id)=(…) already exists`): a payer's name, tax id, QR or
 * callback URL would end up in the log. An error with one anywhere in its cause chain is
 * logged as a copy holding, for that link, the code, constraint and message only; any other
 * error is logged as it is.
 */
export function loggableError<T>(error: T): T | Error {
  return error instanceof Error && hasQueryFailure(error) ? redacted(error, 0) : error;
}
