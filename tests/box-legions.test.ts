// The competent player's choice of faction legions to send with a dispatch (boxLegionsSent) is the
// walk over the factions it replaced: the lowest factions' legions in the box first, until the need is met.
import { describe, expect, it } from 'vitest';
import { boxLegionsSent } from '../policies/lib.js';

/** The walk over every faction that boxLegionsSent replaced. */
function walk(players: number, boxMask: number, count: number, need: number): number {
  let mask = 0;
  const sent = (m: number): number => {
    let k = 0;
    for (let r = m; r !== 0; r &= r - 1) k++;
    return k;
  };
  for (let f = 0; f < players && count + sent(mask) < need; f++) if (boxMask & (1 << f)) mask |= 1 << f;
  return mask;
}

describe('boxLegionsSent', () => {
  it('equals the walk over the factions for every box, count and need (3 and 5 players)', () => {
    let cases = 0;
    let someSent = 0;
    for (const players of [3, 5]) {
      for (let box = 0; box < 1 << players; box++) {
        for (let count = 0; count <= 7; count++) {
          for (let need = 0; need <= 13; need++) {
            const got = boxLegionsSent(box, count, need);
            expect(got).toBe(walk(players, box, count, need));
            cases++;
            if (got !== 0) someSent++;
          }
        }
      }
    }
    expect(cases).toBe((8 + 32) * 8 * 14);
    expect(someSent).toBeGreaterThan(1000); // (the cases do send legions, not only none)
  });
});
