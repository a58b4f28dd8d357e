import fc from 'fast-check';
import { validatePaymentKey } from '../../../src/rails/countries';

// Reference check digits written differently from src/keys, so a shared mistake is unlikely.

/** CPF digit as "sum of digit × position, mod 11, mod 10", equivalent to the usual 11 − remainder. */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length === 9 ? i + 1 : i);
  return (sum % 11) % 10;
}

/** The characters of a CNPJ in ASCII order from "0": each counts as its place here (A is 17), as IN RFB 2.229/2024 says. */
const CNPJ_VALUES = '0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** CNPJ digit: weights 2 to 9 cycling from the rightmost character, remainders 0 and 1 giving 0. */
function cnpjCheckDigit(characters: string): number {
  let sum = 0;
  for (let k = 0; k < characters.length; k++)
    sum += CNPJ_VALUES.indexOf(characters[characters.length - 1 - k]!) * (2 + (k % 8));
  const remainder = sum % 11;
  return remainder < 2 ? 0 : 11 - remainder;
}

/** CCI digit: Luhn-style doubling of every second digit from the left, doubled digits summed. */
function cciCheckDigit(digits: string): number {
  const sum = [...digits].reduce((total, digit, i) => {
    const weighted = String(Number(digit) * (i % 2 === 0 ? 1 : 2));
    return total + [...weighted].reduce((s, d) => s + Number(d), 0);
  }, 0);
  return (10 - (sum % 10)) % 10;
}

const digits = (length: number) => fc.stringMatching(new RegExp(`^\\d{${length}}$`));
const notOneRepeatedDigit = (key: string) => !/^(\d)\1*$/.test(key);

const cpf = digits(9)
  .map((body) => body + cpfCheckDigit(body))
  .map((partial) => partial + cpfCheckDigit(partial))
  .filter(notOneRepeatedDigit);
const cnpj = digits(12)
  .map((body) => body + cnpjCheckDigit(body))
  .map((partial) => partial + cnpjCheckDigit(partial))
  .filter(notOneRepeatedDigit);
const LETTERS_AND_DIGITS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Alphanumeric CNPJs: 12 letters or digits, at least one a letter, then their two check digits. */
const alphanumericCnpj = fc
  .stringMatching(/^[0-9A-Z]{12}$/)
  .filter((base) => /[A-Z]/.test(base))
  .map((base) => base + cnpjCheckDigit(base))
  .map((partial) => partial + cnpjCheckDigit(partial));
const cci = fc
  .tuple(digits(6), digits(12))
  .map(
    ([bankAndBranch, account]) => `${bankAndBranch}${account}${cciCheckDigit(bankAndBranch)}${cciCheckDigit(account)}`,
  );

/** The key with the digit at `position` (modulo its length) replaced by a different one. */
function withOneDigitChanged(key: string, position: number, shift: number): string {
  const at = position % key.length;
  const digit = (Number(key[at]) + 1 + (shift % 9)) % 10;
  return key.slice(0, at) + digit + key.slice(at + 1);
}
const typo = fc.tuple(fc.nat(), fc.nat());

/** The key with separators inserted into some of its gaps (both ends included), at least one. */
function formatted(key: fc.Arbitrary<string>, separators: string[]): fc.Arbitrary<string> {
  return key.chain((plain) =>
    fc
      .array(fc.constantFrom('', '', ...separators), { minLength: plain.length + 1, maxLength: plain.length + 1 })
      .filter((gaps) => gaps.some((gap) => gap !== ''))
      .map((gaps) => gaps.map((gap, i) => gap + (plain[i] ?? '')).join('')),
  );
}

describe.each([
  {
    type: 'CPF',
    valid: cpf,
    firstCheck: 9,
    separators: ['.', '-', ' '],
    reason: 'dict_key: a CPF must be 11 digits without dots, dashes or spaces',
  },
  {
    type: 'CNPJ',
    valid: cnpj,
    firstCheck: 12,
    separators: ['.', '/', '-', ' '],
    reason: 'dict_key: a CNPJ must be 14 digits without dots, slashes, dashes or spaces',
  },
])('$type check digits', ({ type, valid, firstCheck, separators, reason }) => {
  it(`accepts every ${type} whose check digits are right`, () => {
    fc.assert(fc.property(valid, (key) => expect(validatePaymentKey('BR', key)).toMatchObject({ ok: true, type })));
  });

  it('refuses every single-digit typo when the first check digit is not 0', () => {
    fc.assert(
      fc.property(valid, typo, (key, [position, shift]) => {
        fc.pre(key[firstCheck] !== '0');
        expect(validatePaymentKey('BR', withOneDigitChanged(key, position, shift))).toMatchObject({ ok: false });
      }),
    );
  });

  it('refuses every typo in the check digits themselves', () => {
    fc.assert(
      fc.property(valid, typo, (key, [position, shift]) => {
        const checkDigit = firstCheck + (position % 2);
        expect(validatePaymentKey('BR', withOneDigitChanged(key, checkDigit, shift))).toMatchObject({ ok: false });
      }),
    );
  });

  it(`refuses a formatted ${type} and says so`, () => {
    fc.assert(
      fc.property(formatted(valid, separators), (key) => {
        expect(validatePaymentKey('BR', key)).toMatchObject({ ok: false, reason });
      }),
    );
  });
});

describe('alphanumeric CNPJ check digits (IN RFB 2.229/2024)', () => {
  const value = (character: string) => CNPJ_VALUES.indexOf(character);

  /** The CNPJ with the character at `position` replaced: a letter or digit in the base, a digit in the check digits. */
  function withOneCharacterChanged(key: string, position: number, pick: number): string {
    const at = position % key.length;
    const others = (at < 12 ? LETTERS_AND_DIGITS : '0123456789').replace(key[at]!, '');
    return key.slice(0, at) + others[pick % others.length] + key.slice(at + 1);
  }
  const changedAt = (key: string, typo: string) => [...key].findIndex((character, i) => character !== typo[i]);

  it("matches the Receita Federal's published example, 12.ABC.345/01DE-35, in the reference above", () => {
    expect(`${cnpjCheckDigit('12ABC34501DE')}${cnpjCheckDigit('12ABC34501DE3')}`).toBe('35');
  });

  it('accepts every alphanumeric CNPJ whose check digits are right, in upper or lower case, as the upper-case key', () => {
    fc.assert(
      fc.property(alphanumericCnpj, fc.boolean(), (key, lower) => {
        expect(validatePaymentKey('BR', lower ? key.toLowerCase() : key)).toEqual({
          ok: true,
          type: 'CNPJ',
          normalized: key,
        });
      }),
    );
  });

  it('refuses every one-character typo when the first check digit is not 0, unless the two values differ by a multiple of 11', () => {
    fc.assert(
      fc.property(alphanumericCnpj, typo, (key, [position, pick]) => {
        fc.pre(key[12] !== '0');
        const mistyped = withOneCharacterChanged(key, position, pick);
        const at = changedAt(key, mistyped);
        fc.pre((value(key[at]!) - value(mistyped[at]!)) % 11 !== 0);
        expect(validatePaymentKey('BR', mistyped)).toMatchObject({
          ok: false,
          reason: 'dict_key: not a valid CNPJ: its check digits do not match',
        });
      }),
    );
  });

  it('cannot see a typo between two characters of the base whose values differ by 11 or 22 (6 and A, A and L), as the formula defines', () => {
    fc.assert(
      fc.property(alphanumericCnpj, fc.nat(11), fc.constantFrom(-22, -11, 11, 22), (key, at, shift) => {
        const twin = CNPJ_VALUES[value(key[at]!) + shift];
        fc.pre(twin !== undefined && LETTERS_AND_DIGITS.includes(twin));
        const mistyped = key.slice(0, at) + twin + key.slice(at + 1);
        fc.pre(/[A-Z]/.test(mistyped.slice(0, 12)));
        expect(validatePaymentKey('BR', mistyped)).toMatchObject({ ok: true, type: 'CNPJ' });
      }),
    );
  });

  it('refuses a formatted alphanumeric CNPJ and says so', () => {
    fc.assert(
      fc.property(formatted(alphanumericCnpj, ['.', '/', '-', ' ']), (key) => {
        expect(validatePaymentKey('BR', key)).toMatchObject({
          ok: false,
          reason: 'dict_key: a CNPJ must be its 14 letters and digits without dots, slashes, dashes or spaces',
        });
      }),
    );
  });
});

it('cannot see a CPF typo that moves a remainder between 0 and 1, as the algorithm defines', () => {
  // Both are valid CPFs: the first digit's weight in the second sum is 11, a multiple of 11.
  expect(validatePaymentKey('BR', '08097875802')).toMatchObject({ ok: true, type: 'CPF' });
  expect(validatePaymentKey('BR', '18097875802')).toMatchObject({ ok: true, type: 'CPF' });
});

describe('CCI check digits', () => {
  it('accepts every 20-digit CCI whose check digits are right', () => {
    fc.assert(
      fc.property(cci, (key) => expect(validatePaymentKey('PE', key)).toMatchObject({ ok: true, type: 'CCI' })),
    );
  });

  it('refuses every single-digit typo, wherever it is', () => {
    fc.assert(
      fc.property(cci, typo, (key, [position, shift]) => {
        expect(validatePaymentKey('PE', withOneDigitChanged(key, position, shift))).toMatchObject({
          ok: false,
          reason: 'dict_key: not a valid CCI: its check digits do not match',
        });
      }),
    );
  });

  it('refuses a CCI written with dashes or spaces and says so', () => {
    fc.assert(
      fc.property(formatted(cci, ['-', ' ']), (key) => {
        expect(validatePaymentKey('PE', key)).toMatchObject({
          ok: false,
          reason: 'dict_key: a CCI must be 20 to 22 digits without dashes or spaces',
        });
      }),
    );
  });
});
