import fc from 'fast-check';
import { allowedKeyTypesMessage, validatePaymentKey, type KeyCountry } from '../../../src/rails/countries';

const countries: KeyCountry[] = ['BR', 'PE', 'CO'];
const anyKey = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
  fc.stringMatching(/^[+@0-9A-Za-z.() /-]{0,40}$/),
  fc.stringMatching(/^\+?(55|51|57)?[\d .()-]{0,16}$/),
  fc.constant('a'.repeat(100_000)),
  fc.constant(`+55${'9'.repeat(100_000)}`),
);

describe('validatePaymentKey on arbitrary input', () => {
  it('never throws, and answers a type or the 400 messages: a reason naming dict_key, then the allowed types', () => {
    fc.assert(
      fc.property(fc.constantFrom(...countries), anyKey, (country, key) => {
        const result = validatePaymentKey(country, key);
        if (result.ok) {
          expect(typeof result.type).toBe('string');
          // Normalization only changes case, so a valid key keeps its length.
          expect(result.normalized).toHaveLength(key.length);
        } else {
          expect(result.code).toBe('INVALID_DICT_KEY');
          expect(result.message).toBe(allowedKeyTypesMessage(country));
          expect(result.messages).toEqual(result.reason === null ? [result.message] : [result.reason, result.message]);
          if (result.reason !== null) expect(result.reason).toMatch(/^dict_key: /);
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
    expect(validatePaymentKey('BR', undefined as unknown as string)).toMatchObject({
      ok: false,
      code: 'INVALID_DICT_KEY',
      reason: null,
    });
  });
});

describe('phone keys', () => {
  // Mobile numbers of the national plans: Brazil's ninth digit 9 after an allocated area code,
  // Peru's 9 and eight digits, Colombia's 3 and nine digits in operators' blocks (300-305, 310-323).
  const mobiles = fc.oneof(
    fc
      .tuple(fc.constantFrom('11', '21', '31', '61', '71', '81', '91'), fc.stringMatching(/^\d{8}$/))
      .map(([area, rest]) => ({
        country: 'BR' as const,
        key: `+55${area}9${rest}`,
      })),
    fc.stringMatching(/^\d{8}$/).map((rest) => ({ country: 'PE' as const, key: `+519${rest}` })),
    fc
      .tuple(fc.constantFrom('300', '305', '310', '315', '320', '323'), fc.stringMatching(/^\d{7}$/))
      .map(([block, rest]) => ({ country: 'CO' as const, key: `+57${block}${rest}` })),
  );

  it('accepts every mobile number of the country in E.164', () => {
    fc.assert(
      fc.property(mobiles, ({ country, key }) => {
        expect(validatePaymentKey(country, key)).toEqual({ ok: true, type: 'PHONE', normalized: key });
      }),
    );
  });

  it('refuses a phone written with spaces, dashes or parentheses and says so', () => {
    const separator = fc.constantFrom(' ', '-', '(', ')');
    fc.assert(
      fc.property(mobiles, fc.nat(), separator, ({ country, key }, position, mark) => {
        const at = 1 + (position % (key.length - 1));
        const callingCode = key.slice(1, 3);
        expect(validatePaymentKey(country, key.slice(0, at) + mark + key.slice(at))).toMatchObject({
          ok: false,
          reason: `dict_key: a phone key must be +${callingCode} followed by digits only, without spaces, dashes or parentheses`,
        });
      }),
    );
  });
});
