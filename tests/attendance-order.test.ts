// Attendance is declared around the table: the faction on the presiding faction's left first, the
// presiding faction last, each its senators in card order, each answer seen by those after it (the
// rules' opening of a meeting; the Forum's attendance the same way). The built-in players always
// attend and are never asked; a player that chooses is asked in this order.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { type GameView, type Policy, presidingFaction } from '../src/legions/policy.js';
import { AT_ROME, type GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig, watchPolicy } from './helpers.js';

describe('attendance', () => {
  it('is asked from the presiding faction’s left, the presiding faction last, and each answer is seen by those after it', () => {
    let passes = 0;
    let asked = 0;
    for (const players of [3, 5]) {
      let key = '';
      let last = -1; // position (faction's distance from the presiding faction's left) * 32 + senator
      const answers = new Map<number, boolean>();
      const watched = (p: Policy): Policy =>
        watchPolicy(p, () => ({
          attend: (v: GameView, me: number, s: number) => {
            const g = v as GameState;
            const n = g.players;
            const chair = presidingFaction(g);
            const k = `${g.turn}:${g.step}`;
            if (k !== key) {
              key = k;
              last = -1;
              answers.clear();
              passes++;
            }
            const pos = ((me - chair - 1 + 2 * n) % n) * 32 + s;
            expect(pos).toBeGreaterThan(last);
            last = pos;
            // Those before have declared (and are seen as declared); those after have not yet.
            for (let t = 0; t < 30; t++) {
              const o = g.senOwner[t]!;
              if (o < 0 || g.senWhere[t] !== AT_ROME || t === s) continue;
              const tpos = ((o - chair - 1 + 2 * n) % n) * 32 + t;
              if (tpos < pos) expect(g.senPresent[t]).toBe(answers.get(t) ? 1 : 0);
              else expect(g.senPresent[t]).toBe(0);
            }
            const yes = (s + g.turn) % 3 !== 0;
            answers.set(s, yes);
            asked++;
            return yes;
          },
        }));
      for (let i = 0; i < 6; i++) playGame(makeConfig(players), 'attendance', i, Array.from({ length: players }, () => watched(makePolicy('competent'))));
    }
    expect(passes).toBeGreaterThan(50);
    expect(asked).toBeGreaterThan(1000);
  });
});
