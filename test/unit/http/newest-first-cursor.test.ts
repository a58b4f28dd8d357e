import { ApiError } from '../../../src/http/api-error';
import { NewestFirstCursor } from '../../../src/http/newest-first-cursor';

describe('NewestFirstCursor', () => {
  const position = { createdAt: '2026-11-27T18:10:33.123456Z', id: '3f1c2a9e-8d7b-4c6a-9e5f-1a2b3c4d5e6f' };

  it('gives back the position it wrote, microseconds included, in an opaque URL-safe string', () => {
    const cursor = NewestFirstCursor.encode(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain(position.id);
    expect(NewestFirstCursor.decode(cursor)).toEqual(position);
  });

  it.each([
    ['not base64 JSON', '<not a cursor>'],
    ['an empty string', ''],
    [
      'a position in milliseconds',
      Buffer.from(JSON.stringify(['2026-11-27T18:10:33.123Z', position.id])).toString('base64url'),
    ],
    ['a day, not an instant', Buffer.from(JSON.stringify(['2026-11-27', position.id])).toString('base64url')],
    [
      'an impossible instant',
      Buffer.from(JSON.stringify(['2026-13-45T25:61:61.000000Z', position.id])).toString('base64url'),
    ],
    ['an id that is not a uuid', Buffer.from(JSON.stringify([position.createdAt, "x' OR 1=1"])).toString('base64url')],
    ['an object', Buffer.from(JSON.stringify(position)).toString('base64url')],
    ['three elements', Buffer.from(JSON.stringify([position.createdAt, position.id, 1])).toString('base64url')],
  ])('refuses %s with a 400 naming the field', (_, cursor) => {
    let refusal: unknown;
    try {
      NewestFirstCursor.decode(cursor, 'starting_after');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect((refusal as ApiError).statusCode).toBe(400);
    expect((refusal as ApiError).messages).toEqual([
      'starting_after: must be a cursor from a previous page of this listing',
    ]);
  });
});
