import { BoundedMap } from '../../../src/infra/bounded-map';

describe('BoundedMap', () => {
  it('forgets the oldest entry set when one more is set past its limit', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);

    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([undefined, 2, 3, 2]);
  });

  it('counts an entry set again as the newest, and keeps one value per key', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.set('a', 10);
    map.set('c', 3);

    expect([map.get('a'), map.get('b'), map.get('c'), map.size]).toEqual([10, undefined, 3, 2]);
  });

  it('refuses a limit that holds nothing', () => {
    expect(() => new BoundedMap(0)).toThrow(RangeError);
  });
});
