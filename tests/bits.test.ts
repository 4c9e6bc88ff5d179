// Bit sets (src/core/bits.ts) and the Influence of a set of senators (state.ts): exact against a count
// bit by bit and against influenceOf summed, for edge values and many random sets.
import { describe, expect, it } from 'vitest';
import { popcount } from '../src/core/bits.js';
import { influenceOf, influenceOfSet } from '../src/legions/state.js';

const byLoop = (x: number): number => {
  let n = 0;
  for (let i = 0; i < 32; i++) if ((x >>> i) & 1) n++;
  return n;
};

/** 10,000 32-bit sets from a fixed linear congruential sequence (no Math.random: the same every run). */
const sets: number[] = [0, 1, -1, 0x7fffffff, 0x80000000 | 0, 0x3fffffff, 0x55555555, 0xaaaaaaaa | 0];
for (let i = 0, x = 12345; i < 10000; i++) sets.push((x = (Math.imul(x, 1103515245) + 12345) | 0));

describe('bit sets', () => {
  it('popcount counts the members of every 32-bit set', () => {
    for (const x of sets) expect(popcount(x), String(x)).toBe(byLoop(x));
  });

  it("influenceOfSet is influenceOf summed over a set's senators", () => {
    for (const x of sets) {
      const mask = x & 0x3fffffff; // the 30 senator cards
      let sum = 0;
      for (let s = 0; s < 30; s++) if (mask & (1 << s)) sum += influenceOf(s);
      expect(influenceOfSet(mask), String(mask)).toBe(sum);
    }
  });
});
