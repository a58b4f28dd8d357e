import { z } from 'zod';

/**
 * The one cursor codec of every listing (docs/decisions.md, "Finding orders"): a cursor is the
 * sort key of the last row a page showed, its parts joined by commas and base64url-encoded, so
 * an integrator treats it as opaque and a listing can change what it keys on without a new
 * parameter. Each listing names its key's parts with a zod schema per part; a cursor that does
 * not decode to that many valid parts is refused as the field's 400.
 */
export function encodePageCursor(parts: readonly string[]): string {
  return Buffer.from(parts.join(','), 'utf8').toString('base64url');
}

/** Base64url without padding, and short: no key of ours is longer. */
const CURSOR_TEXT = /^[A-Za-z0-9_-]{1,400}$/;

/**
 * A query field holding a cursor of `parts`, parsed into the key's typed parts. The message of a
 * refused one says only that it is not a cursor this listing made, as a cursor is opaque.
 */
export function pageCursorField<const Parts extends readonly z.ZodType<unknown, string>[]>(...parts: Parts) {
  return z
    .string()
    .transform((text, ctx) => {
      const decoded = CURSOR_TEXT.test(text) ? Buffer.from(text, 'base64url').toString('utf8').split(',') : [];
      const parsed = decoded.length === parts.length ? parts.map((part, i) => part.safeParse(decoded[i])) : [];
      if (parsed.length === 0 || parsed.some((result) => !result.success)) {
        ctx.addIssue({ code: 'custom', message: 'not a cursor of this listing: send back a next_cursor as it came' });
        return z.NEVER;
      }
      return parsed.map((result) => result.data) as { [K in keyof Parts]: z.output<Parts[K]> };
    })
    .describe('Opaque: the next_cursor of the previous page, as it came');
}

/**
 * The key of a newest-first listing over (created_at, id): created_at in whole microseconds since
 * the epoch (exact, where a Date keeps milliseconds and a rounded key would repeat or skip rows
 * made within one millisecond), then the id.
 */
export const createdAtCursorField = () =>
  pageCursorField(
    z
      .string()
      .regex(/^\d{1,17}$/)
      .transform((micros) => BigInt(micros)),
    z.uuid(),
  );

/** SQL for a row's first key part, as createdAtCursorField reads it back: `column` is trusted, never input. */
export const createdAtMicrosSql = (column: string) => `(EXTRACT(EPOCH FROM ${column}) * 1000000)::bigint::text`;

/**
 * SQL for the rows after a key (older, or as old and of a smaller id), the key's parts in the
 * placeholders given; integer microseconds added to the epoch are exact, where to_timestamp
 * would go through a float.
 */
export const beforeCreatedAtKeySql = (createdAt: string, id: string, microsParam: string, idParam: string) =>
  `(${createdAt}, ${id}) < (TIMESTAMPTZ 'epoch' + ${microsParam}::bigint * INTERVAL '1 microsecond', ${idParam}::uuid)`;

/** Rows a page holds unless the query says. */
export const DEFAULT_PAGE_LIMIT = 20;

/** A page's size, 1 to 100 rows, absent when not asked (a listing that must tell an absent one apart). */
export const pageLimit = z.coerce
  .number()
  .int()
  .min(1)
  .max(100)
  .describe(`Rows per page, 1 to 100 (${DEFAULT_PAGE_LIMIT} unless given)`);

/** A page's size, DEFAULT_PAGE_LIMIT unless asked. */
export const pageLimitField = pageLimit.default(DEFAULT_PAGE_LIMIT);

/**
 * What every cursor-paged listing answers beside its rows: whether more follow, and the cursor
 * that reads them (null on the last page), to send as `starting_after`.
 */
export const pageInfoShape = {
  has_more: z.boolean().describe('Whether rows follow this page'),
  next_cursor: z
    .string()
    .nullable()
    .describe("Send it as starting_after for the next page; null when has_more is false (the last row's key)"),
};

/**
 * The page of `limit` rows out of at most limit + 1 read, and its cursor: the key of its last
 * row when one more row was read.
 */
export function cursorPage<Row>(
  rows: readonly Row[],
  limit: number,
  keyOf: (row: Row) => readonly string[],
): { rows: Row[]; has_more: boolean; next_cursor: string | null } {
  const shown = rows.slice(0, limit);
  const hasMore = rows.length > limit;
  return {
    rows: shown,
    has_more: hasMore,
    next_cursor: hasMore ? encodePageCursor(keyOf(shown[shown.length - 1]!)) : null,
  };
}
