import { validatePaymentKey, type KeyCountry } from '../../../src/rails/countries';
import {
  MAGIC_AMOUNTS,
  MAGIC_KEYS,
  MAGIC_VALUES,
  NOT_FOUND_DIGITS,
  NOT_FOUND_EMAIL,
  REJECTED_DIGITS,
  REJECTED_EMAIL,
  amountBehaviour,
  canonicalAmount,
  isNotFoundKey,
  isRejectedDestinationKey,
  magicValuesMarkdown,
} from '../../../sim/rails/magic-values';

describe('magic values', () => {
  it.each([
    ['1313.13', 'REJECT'],
    ['4242.42', 'FLAKY'],
    ['5050.50', 'FAIL'],
    ['5050.5', 'FAIL'],
    ['06060.600', 'LOST'],
    ['7777.77', 'SLOW'],
    ['100.13', 'NORMAL'],
    ['15.50', 'NORMAL'],
    ['0.42', 'NORMAL'],
    ['99.77', 'NORMAL'],
    ['13131.3', 'NORMAL'],
    ['100', 'NORMAL'],
  ])('amount %s behaves %s', (amount, behaviour) => {
    expect(amountBehaviour(amount)).toBe(behaviour);
  });

  it('reads the value, not the spelling', () => {
    expect(canonicalAmount('0007')).toBe('7');
    expect(canonicalAmount('7.40')).toBe('7.4');
    expect(canonicalAmount('0.50')).toBe('0.5');
    expect(canonicalAmount('10.00')).toBe('10');
  });

  it('fires on almost no ordinary prices: none of the amounts 0.01 to 1000.00', () => {
    let fired = 0;
    for (let cents = 1; cents <= 100_000; cents += 1) {
      const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
      if (amountBehaviour(amount) !== 'NORMAL') fired += 1;
    }
    expect(fired).toBe(0);
  });

  it('gives every amount trigger its own value', () => {
    const values = Object.values(MAGIC_AMOUNTS).map(canonicalAmount);
    expect(new Set(values).size).toBe(values.length);
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
    for (const amount of Object.values(MAGIC_AMOUNTS)) expect(magicValuesMarkdown()).toContain(amount);
  });
});

describe('magic keys', () => {
  it('are keys the service itself accepts, so that every country and key type can be tried', () => {
    for (const keys of [MAGIC_KEYS.notFound, MAGIC_KEYS.closedAccount]) {
      for (const [country, list] of Object.entries(keys)) {
        for (const key of list) expect(validatePaymentKey(country as KeyCountry, key)).toMatchObject({ ok: true });
      }
    }
  });

  it('trigger what they document, and nothing else does', () => {
    for (const key of Object.values(MAGIC_KEYS.notFound).flat())
      expect([isNotFoundKey(key), isRejectedDestinationKey(key)]).toEqual([true, false]);
    for (const key of Object.values(MAGIC_KEYS.closedAccount).flat())
      expect([isNotFoundKey(key), isRejectedDestinationKey(key)]).toEqual([false, true]);
  });
});
