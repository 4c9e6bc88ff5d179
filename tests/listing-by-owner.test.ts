// The candidates' census from the listing's mask (senate/agenda.ts listingByOwner, roster.ts senatorsByOwner):
// while g.cands is listMask's last listing, its senators by owner come from the roster's sets, not a pass
// over the list. Checked against a pass over the list at every proposal of whole games, and shown to
// stand down (-1) once anything is listed or moves.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { Policy } from '../src/legions/policy.js';
import { listingByOwner, listMask } from '../src/legions/senate/agenda.js';
import { senatorsByOwner } from '../src/legions/senate/roster.js';
import { setupGame } from '../src/legions/setup.js';
import { candsChanged, type GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, makeConfig, watchPolicy } from './helpers.js';

/** The list's senators by owner (out[owner + 2]), read from the list itself. */
function byOwnerOfList(g: GameState): number[] {
  const out = [0, 0, 0, 0, 0, 0, 0];
  for (const s of g.cands) out[g.senOwner[s]! + 2]! |= 1 << s;
  return out;
}

describe('listingByOwner', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the owners' sets of the listing equal the list's at every proposal of whole games`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
      const out = new Int32Array(7);
      const wrong: string[] = [];
      let fromMask = 0;
      let asked = 0;
      const watched = (p: Policy): Policy => watchPolicy(p, (target) => ({
        propose: (g, me, m, cands) => {
          const gs = g as GameState;
          asked++;
          const mask = listingByOwner(gs, out);
          if (mask !== -1) {
            fromMask++;
            const fresh = byOwnerOfList(gs);
            const all = gs.cands.reduce((a, s) => a | (1 << s), 0);
            if (mask !== all || [...out].some((x, i) => x !== fresh[i])) wrong.push(`turn ${gs.turn}: ${[...out].join(',')} for ${fresh.join(',')}`);
          }
          return target.propose(g, me, m, cands);
        },
      }));
      for (let i = 0; i < 20; i++) playGame(cfg, 'listing-by-owner', i, lineup.map((n) => watched(makePolicy(n))));
      expect(asked).toBeGreaterThan(1000);
      expect(fromMask).toBeGreaterThan(300); // the nominations and commands: their lists come from listMask
      expect(wrong).toEqual([]);
    });
  }

  it('answers -1 once the list is made again or a senator moves, and walks every senator outside a meeting', () => {
    const g = setupGame(makeConfig(5), 'listing-by-owner', false);
    const out = new Int32Array(7);
    const mask = (1 << 2) | (1 << 9) | (1 << 17) | (1 << 28);
    listMask(g, mask);
    expect(listingByOwner(g, out)).toBe(mask);
    expect([...out]).toEqual(byOwnerOfList(g));
    candsChanged(g); // a senator moved: the list may no longer be what the mask says
    expect(listingByOwner(g, out)).toBe(-1);
    // Outside a meeting every senator of the mask is read from senOwner.
    senatorsByOwner(g, (1 << 30) - 1, out);
    const all = [0, 0, 0, 0, 0, 0, 0];
    for (let s = 0; s < 30; s++) all[g.senOwner[s]! + 2]! |= 1 << s;
    expect([...out]).toEqual(all);
  });
});
