import {
  AMOUNT_CENTS,
  MAGIC_VALUES,
  NOT_FOUND_DIGITS,
  NOT_FOUND_EMAIL,
  REJECTED_DIGITS,
  REJECTED_EMAIL,
  amountBehaviour,
  centsOf,
  isNotFoundKey,
  isRejectedDestinationKey,
  magicValuesMarkdown,
} from '../../../src/rails/simulator/magic-values';

describe('magic values', () => {
  it.each([
    ['100.13', 'REJECT'],
    ['0.42', 'FLAKY'],
    ['2500.50', 'FAIL'],
    ['10.5', 'FAIL'],
    ['99.77', 'SLOW'],
    ['100', 'NORMAL'],
    ['100.00', 'NORMAL'],
    ['13', 'NORMAL'],
    ['1.31', 'NORMAL'],
  ])('amount %s behaves %s', (amount, behaviour) => {
    expect(amountBehaviour(amount)).toBe(behaviour);
  });

  it('reads cents from the value, not the spelling', () => {
    expect(centsOf('7')).toBe('00');
    expect(centsOf('7.4')).toBe('40');
    expect(centsOf('7.42')).toBe('42');
  });

  it('gives every amount trigger its own cents', () => {
    const cents = Object.values(AMOUNT_CENTS);
    expect(new Set(cents).size).toBe(cents.length);
  });

  it('recognises not-found keys, case-insensitively for the e-mail', () => {
    expect(isNotFoundKey(NOT_FOUND_EMAIL.toUpperCase())).toBe(true);
    expect(isNotFoundKey(`+51${NOT_FOUND_DIGITS}`)).toBe(true);
    expect(isNotFoundKey('52998224725')).toBe(false);
  });

  it('keeps the not-found and rejected triggers apart', () => {
    for (const key of [REJECTED_EMAIL, `+55${REJECTED_DIGITS}11`]) {
      expect(isRejectedDestinationKey(key)).toBe(true);
      expect(isNotFoundKey(key)).toBe(false);
    }
    expect(isRejectedDestinationKey(NOT_FOUND_EMAIL)).toBe(false);
  });

  it('renders a markdown row for every documented value', () => {
    const lines = magicValuesMarkdown().split('\n');
    expect(lines).toHaveLength(MAGIC_VALUES.length + 2);
    for (const cents of Object.values(AMOUNT_CENTS)) expect(magicValuesMarkdown()).toContain(`.${cents}`);
  });
});
