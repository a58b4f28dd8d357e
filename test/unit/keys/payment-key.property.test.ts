import fc from 'fast-check';
import { validatePaymentKey, type KeyCountry } from '../../../src/keys';

const countries: KeyCountry[] = ['BR', 'PE', 'CO'];
const anyKey = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.stringMatching(/^[+@0-9A-Za-z.-]{0,40}$/),
  fc.constant('a'.repeat(100_000)),
);

describe('validatePaymentKey on arbitrary input', () => {
  it('never throws and always answers ok with a type or INVALID_DICT_KEY', () => {
    fc.assert(
      fc.property(fc.constantFrom(...countries), anyKey, (country, key) => {
        const result = validatePaymentKey(country, key);
        if (result.ok) {
          expect(typeof result.type).toBe('string');
          // Normalization only changes case, so a valid key keeps its length.
          expect(result.normalized).toHaveLength(key.length);
        } else {
          expect(result.code).toBe('INVALID_DICT_KEY');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('is idempotent: a normalized key validates to itself with the same type', () => {
    fc.assert(
      fc.property(fc.constantFrom(...countries), anyKey, (country, key) => {
        const first = validatePaymentKey(country, key);
        if (!first.ok) return;
        expect(validatePaymentKey(country, first.normalized)).toEqual(first);
      }),
    );
  });

  it('classifies every generated UUID v4 as a Brazilian random key', () => {
    fc.assert(
      fc.property(fc.uuid({ version: 4 }), (uuid) => {
        expect(validatePaymentKey('BR', uuid)).toMatchObject({ ok: true, type: 'EVP' });
      }),
    );
  });

  it('rejects non-string input from untyped callers', () => {
    expect(validatePaymentKey('BR', undefined as unknown as string)).toMatchObject({ ok: false, code: 'INVALID_DICT_KEY' });
  });
});
