import { ApiError } from './api-error';

/**
 * Where a newest-first page ended: the last row's `created_at`, as PostgreSQL's text with its
 * microseconds (a JavaScript Date keeps milliseconds, and a cursor rounded down would repeat or
 * skip rows created within the same millisecond), and its id, which orders rows created at once.
 */
export interface PagePosition {
  createdAt: string;
  id: string;
}

/**
 * The SQL that gives a row's `created_at` in the form a position holds: UTC, microseconds.
 * `column` is a trusted column name, never input.
 */
export const positionTimeSql = (column: string) =>
  `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const POSITION_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The opaque `starting_after` of a newest-first listing over (created_at, id): base64url of the
 * position, so that integrators pass it back without reading it and the server may change its
 * contents later. Kept apart from any one listing, to serve every one that pages this way.
 */
export const NewestFirstCursor = {
  encode(position: PagePosition): string {
    return Buffer.from(JSON.stringify([position.createdAt, position.id]), 'utf8').toString('base64url');
  },

  /** The position a cursor holds; a 400 naming `field` for anything this codec did not write. */
  decode(cursor: string, field = 'starting_after'): PagePosition {
    let decoded: unknown;
    try {
      decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    } catch {
      decoded = undefined;
    }
    if (
      Array.isArray(decoded) &&
      decoded.length === 2 &&
      typeof decoded[0] === 'string' &&
      typeof decoded[1] === 'string' &&
      POSITION_TIME.test(decoded[0]) &&
      !Number.isNaN(Date.parse(decoded[0])) &&
      ID.test(decoded[1])
    ) {
      return { createdAt: decoded[0], id: decoded[1] };
    }
    throw new ApiError(400, [`${field}: must be a cursor from a previous page of this listing`]);
  },
};
