// The Senate's small costs of the eighteenth round, each against what it replaced: the developable
// provinces as one mask (business.ts developableMask against developable), a listing
// of candidates overwriting the list in place and pushing the rest (agenda.ts listMask), and the vote's
// stances and purchases zeroed by a run of stores (voting.ts putToVote).
import { describe, expect, it } from 'vitest';
import { RAISE } from '../src/legions/motion.js';
import { listMask } from '../src/legions/senate/agenda.js';
import { developable, developableMask } from '../src/legions/senate/business.js';
import { putToVote } from '../src/legions/senate/voting.js';
import { setupGame } from '../src/legions/setup.js';
import { AT_ROME, type GameState, SENATORS } from '../src/legions/state.js';
import { BASE_AND_EVERY_VARIATION, makeConfig, masksAgreeInGames, stubPolicies } from './helpers.js';

/** developable, province by province, as a mask: what developableMask must answer. */
function developableByProvince(g: GameState): number {
  let mask = 0;
  for (let p = 0; p < g.provGovernor.length; p++) if (developable(g, p)) mask |= 1 << p;
  return mask;
}

describe('developableMask', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the same provinces as developable at every proposal and vote of whole games`, () => {
      const r = masksAgreeInGames(cfg, 'developable-mask', developableMask, developableByProvince);
      expect(r.asked).toBeGreaterThan(1000);
      expect(r.some).toBeGreaterThan(10);
      expect(r.wrong).toEqual([]);
    });
  }
});

describe('listMask', () => {
  it('lists the senators of each mask in card order, whatever the list held before, longer or shorter', () => {
    const g = setupGame(makeConfig(5), 'list-mask', false);
    let seed = 12345;
    const next = (): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed;
    };
    for (let i = 0; i < 2000; i++) {
      // Masks of every size, from none to all thirty senators, in a random order.
      const bits = next() % (SENATORS + 1);
      let mask = 0;
      for (let k = 0; k < bits; k++) mask |= 1 << (next() % SENATORS);
      const listing = g.candsListing;
      listMask(g, mask);
      const expected: number[] = [];
      for (let s = 0; s < SENATORS; s++) if (mask & (1 << s)) expected.push(s);
      expect(g.cands).toEqual(expected);
      if (i > 0 && g.cands.length > 0) expect(g.candsListing).not.toBe(listing);
    }
  });
});

describe("putToVote's stances and purchases", () => {
  for (const players of [3, 5]) {
    it(`${players} players: zero for every faction not yet voted, whatever an earlier vote left`, () => {
      const g = setupGame(makeConfig(players), `clear-votes-${players}`, false);
      for (let s = 0; s < SENATORS; s++) if (g.senWhere[s] === AT_ROME) g.senPresent[s] = 1;
      const voted: number[] = [];
      const wrong: string[] = [];
      const pols = stubPolicies(players, (f) => ({
        vote: (_g, _me, m) => {
          for (let x = 0; x < players; x++) {
            if (voted.includes(x) || x === f) continue;
            if (m.stance[x] !== 0 || m.bought[x] !== 0) wrong.push(`faction ${f} sees faction ${x}: stance ${m.stance[x]}, bought ${m.bought[x]}`);
          }
          voted.push(f);
          return f % 2 === 0 ? 1 : -1;
        },
      }));
      const m = g.motion;
      m.kind = RAISE;
      m.sponsor = g.senOwner[g.consul]!;
      m.count = 1;
      for (let x = 0; x < players; x++) {
        m.stance[x] = 7; // an earlier vote's, or anything
        m.bought[x] = 7;
      }
      putToVote(g, pols, m);
      expect(voted.length).toBeGreaterThan(1);
      expect(wrong).toEqual([]);
      for (let x = 0; x < players; x++) {
        expect(m.bought[x]).toBe(0);
        expect(m.stance[x]).toBe(voted.includes(x) ? (x % 2 === 0 ? 1 : -1) : 0);
      }
    });
  }
});
