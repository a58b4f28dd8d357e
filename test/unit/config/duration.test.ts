import { parseDuration } from '../../../src/config/duration';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['5m', 300_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
    [' 90s ', 90_000],
  ])('reads %s as %i ms', (text, ms) => expect(parseDuration(text)).toBe(ms));

  it.each(['', '30', '5 m', '1.5h', '-5m', '5min', 'm', '10w', '1234567890s'])('refuses %p', (text) => {
    expect(parseDuration(text)).toBeNull();
  });
});
