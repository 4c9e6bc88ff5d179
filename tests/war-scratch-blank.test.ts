// combatStep and adjustmentsStep pass over a war that is over (status 2) with no result this turn: its
// per-turn scratch (result, victor, the masks, the commander's faction, the Disaster/Standoff bits and,
// with ror-multiple-commanders, who fought) is then still blank, since it was blanked at an earlier
// combat and a fight writes its result last, never 0. Checked at every Forum attendance and every
// choice of losses (mid-battle), over whole games of the base game and every variation.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { Policy } from '../src/legions/policy.js';
import type { GameState } from '../src/legions/state.js';
import { MAX_DET } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The wars over with no result whose scratch is not blank, and how many such wars were looked at. */
function unblank(g: GameState, wrong: string[], seen: { over: number }): void {
  const w = g.wars;
  for (let i = 0; i < w.status.length; i++) {
    if (w.status[i] !== 2 || w.result[i] !== 0) continue;
    seen.over++;
    const blank = w.victor[i] === -1 && w.foughtMask[i] === 0 && w.lostMask[i] === 0 && w.cmdFaction[i] === -1 &&
      w.ownCmdMask[i] === 0 && w.dsUsed[i] === 0 && w.foughtBy.slice(i * MAX_DET, (i + 1) * MAX_DET).every((c) => c === -1);
    if (!blank) wrong.push(`war ${i} over with result 0 but scratch not blank`);
  }
}

function watched(p: Policy, wrong: string[], seen: { over: number }): Policy {
  return watchPolicy(p, (target) => ({
    attend: (g, me, s) => {
      unblank(g as GameState, wrong, seen);
      return target.attend(g, me, s);
    },
    chooseLosses: (g, me, w, n, d) => {
      unblank(g as GameState, wrong, seen);
      return target.chooseLosses(g, me, w, n, d);
    },
  }));
}

describe('a war over with no result has a blank scratch', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: blank whenever looked at, play unchanged by watching`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
      const wrong: string[] = [];
      const seen = { over: 0 };
      for (let i = 0; i < 30; i++) {
        const plain = playGame(cfg, 'war-scratch', i, lineup.map((n) => makePolicy(n)));
        const watchedGame = playGame(cfg, 'war-scratch', i, lineup.map((n) => watched(makePolicy(n), wrong, seen)));
        expect(JSON.stringify(watchedGame.outcome)).toBe(JSON.stringify(plain.outcome));
      }
      expect(seen.over).toBeGreaterThan(100);
      expect([...new Set(wrong)]).toEqual([]);
    });
  }
});
