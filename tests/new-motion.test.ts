// A blank motion's tally arrays: one zero per faction, separate arrays for each motion and field
// (the 3- and 5-player sizes are written as literals; any other size is built element by element).
import { describe, expect, it } from 'vitest';
import { newMotion } from '../src/legions/motion.js';

describe('newMotion', () => {
  it.each([3, 5, 4, 1])('gives %i players a zero per faction in stance, power and bought', (n) => {
    const m = newMotion(n);
    for (const a of [m.stance, m.power, m.bought]) expect(a).toEqual(Array<number>(n).fill(0));
    // Each field its own array, and a new one per motion: writing one tally must not touch another.
    m.stance[0] = 1;
    expect(m.power[0]).toBe(0);
    expect(m.bought[0]).toBe(0);
    expect(newMotion(n).stance[0]).toBe(0);
  });
});
