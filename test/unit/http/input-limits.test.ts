import fc from 'fast-check';
import { inputLimitProblems, MAX_INPUT_DEPTH } from '../../../src/http/input-limits';

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let level = 0; level < levels; level++) value = level % 2 === 0 ? { a: value } : [value];
  return value;
};

describe('input limits', () => {
  it('names every string field holding a NUL character, nested and in arrays, in document order', () => {
    const body = { name: 'Acme\u0000', user: { full_name: 'Ana', tax_id: '\u0000123' }, tags: ['ok', 'x\u0000'] };
    expect(inputLimitProblems(body)).toEqual([
      'name: must not contain NUL characters',
      'user.tax_id: must not contain NUL characters',
      'tags.1: must not contain NUL characters',
    ]);
  });

  it('names a field name holding a NUL character', () => {
    expect(inputLimitProblems({ user: { 'na\u0000me': 'x' } })).toEqual([
      'user: field names must not contain NUL characters',
    ]);
  });

  it('accepts any body without NUL characters within the depth limit', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 10 }), (value) => {
        fc.pre(!JSON.stringify(value).includes('\\u0000'));
        expect(inputLimitProblems(value)).toEqual([]);
      }),
    );
  });

  it('flags a NUL character wherever it is in a string', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (before, after) => {
        expect(inputLimitProblems({ field: `${before}\u0000${after}` })).toEqual([
          'field: must not contain NUL characters',
        ]);
      }),
    );
  });

  it(`accepts ${MAX_INPUT_DEPTH} levels of nesting and refuses one more, however deep, without overflowing`, () => {
    expect(inputLimitProblems(nested(MAX_INPUT_DEPTH))).toEqual([]);
    for (const levels of [MAX_INPUT_DEPTH + 1, 6000, 200_000]) {
      expect(inputLimitProblems(nested(levels))).toEqual([`body: nested more than ${MAX_INPUT_DEPTH} levels deep`]);
    }
  });

  it('passes scalars and null', () => {
    for (const value of [null, undefined, 1, true, 'text']) expect(inputLimitProblems(value)).toEqual([]);
  });
});
