import fc from 'fast-check';
import { emvText } from '../../../src/emv/text';

describe('emvText', () => {
  it.each([
    ['São Paulo', 15, 'Sao Paulo'],
    ['Panadería  Ñandú', 25, 'Panaderia Nandu'],
    ['Kiosco Palermo Soho Buenos Aires', 15, 'Kiosco Palermo'],
    ['  Café\u00a0Central  ', 25, 'Cafe Central'],
    ['北京', 15, ''],
  ])('%p (max %i) becomes %p', (value, max, expected) => {
    expect(emvText(value, max)).toBe(expected);
  });

  it('always answers printable ASCII within the length, without edge spaces', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 99 }), (value, max) => {
        const text = emvText(value, max);
        expect(text.length).toBeLessThanOrEqual(max);
        expect(text).toMatch(/^([\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?)?$/);
      }),
    );
  });
});
