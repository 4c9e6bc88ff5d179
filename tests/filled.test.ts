// filled(n, v): a fresh array of n copies of v, whether made from a literal (the game's usual lengths)
// or copied from a kept original (any other length): the set-up's blank arrays depend on it.
import { describe, expect, it } from 'vitest';
import { filled } from '../src/legions/state.js';

describe('filled', () => {
  it('gives n copies of v, for every length up to 40 and values the game uses', () => {
    for (let n = 0; n <= 40; n++) {
      for (const v of [0, -1, 1, 7, -2, 0.5, -0]) {
        const a = filled(n, v);
        expect(a.length).toBe(n);
        for (let i = 0; i < n; i++) expect(Object.is(a[i], v)).toBe(true);
      }
    }
  });

  it('gives a new array at each call: writing one leaves the next as it was', () => {
    for (const n of [3, 5, 8, 10, 30, 7]) {
      const a = filled(n, -1);
      a[0] = 99;
      a.push(4);
      const b = filled(n, -1);
      expect(b).not.toBe(a);
      expect(b).toEqual(new Array<number>(n).fill(-1));
    }
  });
});
