import { isValidPunycodeLabel } from '../../../src/notifications/punycode-label';

describe('punycode labels', () => {
  it.each([
    ['xn--bcher-kva', 'bücher'],
    ['xn--mnchen-3ya', 'münchen'],
    ['XN--MNCHEN-3YA', 'münchen, in capitals'],
    // RFC 3492, 7.1 (A) Arabic (Egyptian) and (B) Chinese (simplified)
    ['xn--egbpdaj6bu4bxfgehfvwxn', 'Arabic'],
    ['xn--ihqwcrb4cv8a8dqg056pqjye', 'Chinese'],
  ])('takes %s (%s)', (label) => {
    expect(isValidPunycodeLabel(label)).toBe(true);
  });

  it.each([
    ['xn--a', 'U+0080, a control character'],
    ['xn--abc-', 'plain ASCII'],
    ['xn--', 'nothing'],
    ['xn--99999999999', 'beyond Unicode'],
    ['xn--bcher-kv', 'cut short'],
    ['xn--bcher-k_a', 'a character that is no digit'],
  ])('refuses %s (%s)', (label) => {
    expect(isValidPunycodeLabel(label)).toBe(false);
  });
});
