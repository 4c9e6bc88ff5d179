// Failure of motion: an accused senator may not be prosecuted again in the same turn, whether he was
// convicted, acquitted or the charge vetoed. (Only acquittals used to bar a second charge, so the
// competent player charged a convicted senator twice and his faction lost 10 Prestige in one turn.)
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { type Motion, PROSECUTE } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

describe('prosecutions', () => {
  it('never charge a senator twice in a turn: competent games of the base game and every variation', () => {
    let charges = 0;
    for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
      const accused = new Set<string>();
      const watched = (p: Policy): Policy =>
        watchPolicy(p, (target) => ({
          propose: (g: GameView, me: number, m: Motion, candidates: readonly number[]) => {
            const made = target.propose(g, me, m, candidates);
            if (m.kind !== PROSECUTE) return made;
            for (const s of candidates) expect(accused.has(`${g.turn}:${s}`), `${label}: senator ${s} open to a second charge in turn ${g.turn}`).toBe(false);
            if (made) {
              accused.add(`${g.turn}:${m.senator}`);
              charges++;
            }
            return made;
          },
        }));
      for (let i = 0; i < 300; i++) {
        accused.clear();
        playGame(cfg, 'accused-once', i, Array.from({ length: 5 }, () => watched(makePolicy('competent'))));
      }
    }
    expect(charges).toBeGreaterThan(50);
  });
});
