// The open business asks for development requests only of the factions governing a province open to
// development (business.ts governingFactions, taken with developableMask in open-business.ts
// motionRound): checked against a faction-by-faction reading of developable at every proposal and vote.
import { describe, expect, it } from 'vitest';
import { developable, developableMask, governingFactions } from '../src/legions/senate/business.js';
import type { GameState } from '../src/legions/state.js';
import { BASE_AND_EVERY_VARIATION, masksAgreeInGames } from './helpers.js';

/** Bit f for each faction whose governor's province is developable, province by province. */
function governingByProvince(g: GameState): number {
  let factions = 0;
  for (let p = 0; p < g.provGovernor.length; p++) if (developable(g, p)) factions |= 1 << g.senOwner[g.provGovernor[p]!]!;
  return factions;
}

describe('governingFactions', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the factions with a development request to make, at every proposal and vote of whole games`, () => {
      const kept = (g: GameState): number => {
        const devs = developableMask(g);
        return devs !== 0 ? governingFactions(g, devs) : 0;
      };
      const r = masksAgreeInGames(cfg, 'governing-factions', kept, governingByProvince);
      expect(r.some).toBeGreaterThan(10);
      expect(r.wrong).toEqual([]);
    });
  }
});
