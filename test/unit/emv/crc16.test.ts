import { crc16 } from '../../../src/emv';

describe('crc16 (CRC-16/CCITT-FALSE)', () => {
  it('gives the catalogued check value for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });

  it('gives FFFF, the initial value, for no data', () => {
    expect(crc16('')).toBe('FFFF');
  });

  // Expected values computed independently (Python, over str.encode('utf-8')).
  it.each([
    ['é', '7ACB'],
    ['最佳', 'FB48'],
  ])('hashes the UTF-8 bytes of %s', (text, expected) => {
    expect(crc16(text)).toBe(expected);
  });
});
