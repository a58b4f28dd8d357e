import fc from 'fast-check';
import { validatePaymentKey } from '../../../src/keys';

// Reference check digits written differently from src/keys, so a shared mistake is unlikely.

/** CPF digit as "sum of digit × position, mod 11, mod 10", equivalent to the usual 11 − remainder. */
function cpfCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length === 9 ? i + 1 : i);
  return (sum % 11) % 10;
}

/** CNPJ digit: weights 2 to 9 cycling from the rightmost digit, remainders 0 and 1 giving 0. */
function cnpjCheckDigit(digits: string): number {
  let sum = 0;
  for (let k = 0; k < digits.length; k++) sum += Number(digits[digits.length - 1 - k]) * (2 + (k % 8));
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
const cci = fc.tuple(digits(6), digits(12)).map(([bankAndBranch, account]) => `${bankAndBranch}${account}${cciCheckDigit(bankAndBranch)}${cciCheckDigit(account)}`);

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

it('cannot see a CPF typo that moves a remainder between 0 and 1, as the algorithm defines', () => {
  // Both are valid CPFs: the first digit's weight in the second sum is 11, a multiple of 11.
  expect(validatePaymentKey('BR', '08097875802')).toMatchObject({ ok: true, type: 'CPF' });
  expect(validatePaymentKey('BR', '18097875802')).toMatchObject({ ok: true, type: 'CPF' });
});

describe('CCI check digits', () => {
  it('accepts every 20-digit CCI whose check digits are right', () => {
    fc.assert(fc.property(cci, (key) => expect(validatePaymentKey('PE', key)).toMatchObject({ ok: true, type: 'CCI' })));
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
