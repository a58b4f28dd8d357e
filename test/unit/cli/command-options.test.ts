import { durationOption, integerOption, UsageError } from '../../../src/cli/command';
import { formatAge } from '../../../src/cli/orders-stuck.command';

describe('CLI options', () => {
  it.each([
    ['30s', 30_000],
    ['5m', 300_000],
    ['2h', 7_200_000],
  ])('reads --older-than %s as %d ms', (text, ms) => {
    expect(durationOption('older-than', text, '5m')).toBe(ms);
  });

  it('defaults a missing duration', () => {
    expect(durationOption('older-than', undefined, '5m')).toBe(300_000);
  });

  it.each(['5', '0s', '5 minutes', '-5m', ''])('refuses --older-than %j, naming the option', (text) => {
    expect(() => durationOption('older-than', text, '5m')).toThrow(
      new UsageError('--older-than must be a duration such as 30s, 5m or 2h'),
    );
  });

  it('reads a whole number within its bounds, and refuses anything else', () => {
    expect(integerOption('limit', undefined, 100, 1, 1000)).toBe(100);
    expect(integerOption('limit', '25', 100, 1, 1000)).toBe(25);
    for (const text of ['0', '1001', '2.5', 'ten', '-3']) {
      expect(() => integerOption('limit', text, 100, 1, 1000)).toThrow('--limit must be a whole number from 1 to 1000');
    }
  });

  it('prints an age the way an operator reads it', () => {
    expect(formatAge(42_900)).toBe('42s');
    expect(formatAge(5 * 60_000 + 3_000)).toBe('5m 3s');
    expect(formatAge(2 * 3_600_000 + 5 * 60_000 + 59_000)).toBe('2h 5m');
  });
});
