// The competent player's choice of faction legions to send with a dispatch (boxLegionsSent) is the
// walk over the factions it replaced: the sender's own legion first, then the others' clockwise from
// it, until the need is met.
import { describe, expect, it } from 'vitest';
import { boxLegionsSent } from '../policies/lib.js';

/** The walk over every faction that boxLegionsSent replaced. */
function walk(players: number, boxMask: number, count: number, need: number, me: number): number {
  let mask = 0;
  const sent = (m: number): number => {
    let k = 0;
    for (let r = m; r !== 0; r &= r - 1) k++;
    return k;
  };
  for (let k = 0; k < players && count + sent(mask) < need; k++) {
    const f = (Math.max(me, 0) + k) % players;
    if (boxMask & (1 << f)) mask |= 1 << f;
  }
  return mask;
}

describe('boxLegionsSent', () => {
  it('equals the walk over the factions for every box, count, need and sender (3 and 5 players)', () => {
    let cases = 0;
    let someSent = 0;
    for (const players of [3, 5]) {
      for (let box = 0; box < 1 << players; box++) {
        for (let count = 0; count <= 7; count++) {
          for (let need = 0; need <= 13; need++) {
            for (let me = -1; me < players; me++) {
              const got = boxLegionsSent(box, count, need, me);
              expect(got).toBe(walk(players, box, count, need, me));
              cases++;
              if (got !== 0) someSent++;
            }
          }
        }
      }
    }
    expect(cases).toBe((8 * 4 + 32 * 6) * 8 * 14);
    expect(someSent).toBeGreaterThan(1000); // (the cases do send legions, not only none)
  });

  it('starts from the sender, not from seat 0: a seat-symmetric choice', () => {
    // Factions 0, 1, 3 and 4 have a legion in the box; one more legion is needed.
    const box = 0b11011;
    expect(boxLegionsSent(box, 0, 1, 3)).toBe(0b01000); // its own
    expect(boxLegionsSent(box, 0, 1, 2)).toBe(0b01000); // none of its own: the next clockwise, 3
    expect(boxLegionsSent(box, 0, 3, 4)).toBe(0b10011); // 4, then 0 and 1 (wrapping)
    // Rotating the seats rotates the answer.
    const rot = (m: number, r: number): number => ((m << r) | (m >>> (5 - r))) & 0b11111;
    for (let r = 0; r < 5; r++) {
      for (let me = 0; me < 5; me++) {
        for (let need = 1; need <= 4; need++) {
          expect(boxLegionsSent(rot(box, r), 0, need, (me + r) % 5)).toBe(rot(boxLegionsSent(box, 0, need, me), r));
        }
      }
    }
  });
});
