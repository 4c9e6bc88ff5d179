// The parametric player's bids on neutrals read the engine's list of the Forum's face-up neutrals
// (g.forumList) instead of walking every senator: whenever a bid is asked, that list must be exactly
// the senators face up in the Forum, in card order, and the bid the one the walk over the senators gives.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { AT_FORUM } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import type { ParametricPolicy } from '../policies/parametric.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The bid as the player worked it out before: the budget walked over the senators in card order. */
function walkedBid(p: ParametricPolicy, g: GameView, me: number, s: number): number {
  const bids = (p as unknown as { bids: number[] }).bids;
  const budget = Math.floor(g.treasury[me]! * p.w.bidShare);
  let spent = 0;
  for (let x = 0; x <= s; x++) {
    if (g.senWhere[x] !== AT_FORUM) continue;
    spent += bids[x]!;
    if (spent > budget) return 0;
  }
  return g.senWhere[s] === AT_FORUM ? bids[s]! : 0;
}

/** The policy with its bids checked against the walk, and the Forum's list against the senators. */
function checked(p: ParametricPolicy, asked: { n: number }): Policy {
  return watchPolicy(p, (target) => ({
    neutralBid: (g, me, s) => {
      const face: number[] = [];
      for (let x = 0; x < 30; x++) if (g.senWhere[x] === AT_FORUM) face.push(x);
      expect(g.forumList).toEqual(face);
      const bid = target.neutralBid(g, me, s);
      expect(bid).toBe(walkedBid(target, g, me, s));
      asked.n++;
      return bid;
    },
  }));
}

describe('the parametric bids on neutrals', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the Forum's list is its face-up neutrals, and each bid the walk's`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'parametric'];
      const asked = { n: 0 };
      for (let i = 0; i < 60; i++) playGame(cfg, 'forum-bids', i, lineup.map((n) => checked(makePolicy(n) as ParametricPolicy, asked)));
      expect(asked.n).toBeGreaterThan(500);
    });
  }
});
