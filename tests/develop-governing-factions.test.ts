// The open business asks for development requests only of the factions governing a province open to
// development (business.ts governingFactions, taken with developableMask in open-business.ts
// motionRound): checked against a faction-by-faction reading of developable at every proposal and vote.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { Policy } from '../src/legions/policy.js';
import { developable, developableMask, governingFactions } from '../src/legions/senate/business.js';
import type { GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { atProposalsAndVotes, BASE_AND_EVERY_VARIATION } from './helpers.js';

/** Bit f for each faction whose governor's province is developable, province by province. */
function governingByProvince(g: GameState): number {
  let factions = 0;
  for (let p = 0; p < g.provGovernor.length; p++) if (developable(g, p)) factions |= 1 << g.senOwner[g.provGovernor[p]!]!;
  return factions;
}

describe('governingFactions', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the factions with a development request to make, at every proposal and vote of whole games`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
      const wrong: string[] = [];
      let some = 0;
      const compare = (g: GameState): void => {
        const devs = developableMask(g);
        const kept = devs !== 0 ? governingFactions(g, devs) : 0;
        const fresh = governingByProvince(g);
        if (kept !== 0) some++;
        if (kept !== fresh) wrong.push(`turn ${g.turn}: ${kept.toString(2)} for ${fresh.toString(2)}`);
      };
      const watched = (p: Policy): Policy => atProposalsAndVotes(p, compare);
      for (let i = 0; i < 20; i++) playGame(cfg, 'governing-factions', i, lineup.map((n) => watched(makePolicy(n))));
      expect(some).toBeGreaterThan(10);
      expect(wrong).toEqual([]);
    });
  }
});
