import { createRng, hashString } from './prng';

describe('seeded randomness', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = Array.from({ length: 5 }, createRng(1, 2, 3).next);
    const b = Array.from({ length: 5 }, createRng(1, 2, 3).next);
    const c = Array.from({ length: 5 }, createRng(1, 2, 4).next);
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(hashString('hello')).toBe(hashString('hello'));
  });

  it('shuffles into a permutation', () => {
    const items = [1, 2, 3, 4, 5, 6];
    expect(createRng(7).shuffle(items).sort()).toEqual(items);
  });
});
