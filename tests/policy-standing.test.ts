// standingAtLeast (policies/lib.ts) answers standingDiff(g, a, b) >= margin without always reading the
// senators or the wars' census: Prestige alone, bounded by what the offices and posts can add, often
// decides. Over whole games, at every vote, its answer is checked against the difference itself for
// every pair of factions (and each faction alone) and margins wide enough that each shortcut decides.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { GameView } from '../src/legions/policy.js';
import { makePolicy } from '../policies/index.js';
import { standingAtLeast, standingDiff } from '../policies/lib.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** Every disagreement of standingAtLeast with standingDiff in this state. */
function disagreements(g: GameView, wrong: string[]): void {
  for (let a = 0; a < g.players; a++) {
    for (let b = -1; b < g.players; b++) {
      if (b === a) continue;
      const diff = standingDiff(g, a, b);
      for (let margin = -50; margin <= 50; margin++) {
        if (standingAtLeast(g, a, b, margin) !== diff >= margin) wrong.push(`turn ${g.turn}: ${a} vs ${b}, margin ${margin}, difference ${diff}`);
      }
    }
  }
}

describe('standingAtLeast', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the same answer as the difference of standing, every pair and margin`, () => {
      const wrong: string[] = [];
      for (let i = 0; i < 6; i++) {
        const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'].map((n) => {
          const p = makePolicy(n);
          return watchPolicy(p, (target) => ({
            vote: (g, me, m) => {
              disagreements(g, wrong);
              return target.vote(g, me, m);
            },
          }));
        });
        playGame(cfg, 'policy-standing', i, lineup);
      }
      expect(wrong.slice(0, 5)).toEqual([]);
    });
  }
});
