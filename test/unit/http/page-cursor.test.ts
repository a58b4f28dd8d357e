import { z } from 'zod';
import { cursorPage, encodePageCursor, pageCursorField } from '../../../src/http/page-cursor';

describe("the listings' cursor codec", () => {
  const orderKey = pageCursorField(
    z
      .string()
      .regex(/^\d{1,17}$/)
      .transform((micros) => BigInt(micros)),
    z.uuid(),
  );
  const id = '7b2c1f0e-8a55-4c43-9a4b-1f6f0d3c2e11';

  it('gives back the key it encoded, typed by its parts', () => {
    const cursor = encodePageCursor(['1764201600123456', id]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(orderKey.parse(cursor)).toEqual([1764201600123456n, id]);
  });

  it.each([
    ['not base64url', '%%%'],
    ['too few parts', encodePageCursor(['1764201600123456'])],
    ['too many parts', encodePageCursor(['1', id, 'x'])],
    ['a part its schema refuses', encodePageCursor(['yesterday', id])],
    ["another listing's key", encodePageCursor(['12345'])],
    ['empty', ''],
    ['too long', 'A'.repeat(401)],
  ])("refuses %s with one issue saying it is not this listing's", (_, text) => {
    const parsed = orderKey.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual([
      'not a cursor of this listing: send back a next_cursor as it came',
    ]);
  });

  it('cuts a page of `limit` rows from limit + 1 read, its cursor the key of its last row', () => {
    const rows = [{ n: '5' }, { n: '4' }, { n: '3' }];
    expect(cursorPage(rows, 2, (row) => [row.n])).toEqual({
      rows: [{ n: '5' }, { n: '4' }],
      has_more: true,
      next_cursor: encodePageCursor(['4']),
    });
    expect(cursorPage(rows, 3, (row) => [row.n])).toEqual({ rows, has_more: false, next_cursor: null });
    expect(cursorPage([], 3, (row: { n: string }) => [row.n])).toEqual({
      rows: [],
      has_more: false,
      next_cursor: null,
    });
  });
});
