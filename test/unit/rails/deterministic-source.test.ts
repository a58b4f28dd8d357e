import { DeterministicSource } from '../../../sim/rails/deterministic-source';

const draw = (source: DeterministicSource) => [source.digits(40), source.uuidV4(), source.fraction(), source.hex(9)];

describe('DeterministicSource', () => {
  it('repeats the same stream for the same seed and parts', () => {
    expect(draw(DeterministicSource.of('s', 'a', 'b'))).toEqual(draw(DeterministicSource.of('s', 'a', 'b')));
  });

  it('differs with the seed and with how parts are split', () => {
    const reference = draw(DeterministicSource.of('s', 'a', 'b'));
    expect(draw(DeterministicSource.of('t', 'a', 'b'))).not.toEqual(reference);
    expect(draw(DeterministicSource.of('s', 'ab'))).not.toEqual(reference);
  });

  it('makes RFC 4122 version-4 UUIDs', () => {
    const source = DeterministicSource.of('uuid');
    for (let i = 0; i < 50; i += 1) {
      expect(source.uuidV4()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('keeps ints in range and fractions in [0, 1)', () => {
    const source = DeterministicSource.of('range');
    for (let i = 0; i < 200; i += 1) {
      const n = source.int(7);
      expect(n).toBeGreaterThanOrEqual(0);
      expect(n).toBeLessThan(7);
      const f = source.fraction();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });
});
