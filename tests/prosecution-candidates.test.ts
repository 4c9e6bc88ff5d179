// The Censor's candidates for prosecution (openToProsecution) are found from the turn's offences first and
// only then checked for faction, place and the Censor's own faction: at every proposal asked in the Senate,
// for every faction as Censor, they must be exactly the senators a walk over all thirty finds with minorEligible.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { Policy } from '../src/legions/policy.js';
import { minorEligible, openToProsecution } from '../src/legions/senate/prosecutions.js';
import { AT_ROME, type GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The candidates as they were listed before: every senator walked, in card order. */
function walked(g: GameState, cf: number): number {
  let open = 0;
  for (let s = 0; s < 30; s++) {
    const f = g.senOwner[s]!;
    if (f < 0 || f === cf || g.senWhere[s] !== AT_ROME) continue;
    if (minorEligible(g, s)) open |= 1 << s;
  }
  return open;
}

/** The policy with the candidates checked at each of its proposals. */
function checked(p: Policy, seen: { asks: number; open: number }): Policy {
  return watchPolicy(p, (target) => ({
    propose: (g, me, m, c) => {
      for (let cf = 0; cf < g.players; cf++) {
        const open = openToProsecution(g as GameState, cf);
        expect(open).toBe(walked(g as GameState, cf));
        if (open !== 0) seen.open++;
      }
      seen.asks++;
      return target.propose(g, me, m, c);
    },
  }));
}

describe('the prosecution candidates', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the offences-first listing is the walk over the senators`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'random', 'parametric'];
      const seen = { asks: 0, open: 0 };
      for (let i = 0; i < 40; i++) playGame(cfg, 'prosecution-candidates', i, lineup.map((n) => checked(makePolicy(n), seen)));
      expect(seen.asks).toBeGreaterThan(1000);
      expect(seen.open).toBeGreaterThan(500);
    });
  }
});
