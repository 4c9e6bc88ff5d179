// The built-in players choose among factions without favouring a seat number: their ties go clockwise
// from the deciding faction, so the seats of the base game (alike by the rules: the Temporary
// Consul is dealt at random) win alike in the default field. When leader gave ties to the lowest
// seat and legions were sent and lost from seat 0 up, seat 0 won 8.0 % of five-player competent games
// and seat 2 10.5 %; with three players 11.8 % against 14.4 %.
import { describe, expect, it } from 'vitest';
import { playGame, playOutcome } from '../src/legions/game.js';
import { setupGame } from '../src/legions/setup.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { defaultLosses, detFactionMask, detStateLegions } from '../src/legions/policy.js';
import { leader } from '../policies/lib.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, makeConfig, watchPolicy } from './helpers.js';

/** A view holding only what leader reads. */
function view(prestige: number[]): GameView {
  return { players: prestige.length, prestige } as unknown as GameView;
}

describe('leader', () => {
  it('gives a Prestige tie to the first faction clockwise from the asker', () => {
    expect(leader(view([5, 5, 5, 5, 5]), 0)).toBe(1);
    expect(leader(view([5, 5, 5, 5, 5]), 3)).toBe(4);
    expect(leader(view([5, 5, 5, 5, 5]), 4)).toBe(0);
    expect(leader(view([7, 2, 7, 2, 7]), 2)).toBe(4);
    expect(leader(view([7, 2, 9, 2, 7]), 2)).toBe(4); // (the asker's own Prestige does not count)
    expect(leader(view([1, 8, 3]), 1)).toBe(2);
    expect(leader(view([1, 8, 3]), -1)).toBe(1);
  });

  it('rotates with the seats: every Prestige of 0-2 for five factions, every asker and rotation', () => {
    let ties = 0;
    for (let code = 0; code < 3 ** 5; code++) {
      const p = Array.from({ length: 5 }, (_, f) => Math.floor(code / 3 ** f) % 3);
      for (let me = 0; me < 5; me++) {
        const b = leader(view(p), me);
        const others = p.filter((_, f) => f !== me);
        expect(p[b]).toBe(Math.max(...others));
        if (others.filter((v) => v === p[b]).length > 1) ties++;
        for (let r = 1; r < 5; r++) {
          const rotated = p.map((_, f) => p[(f - r + 5) % 5]!);
          expect(leader(view(rotated), (me + r) % 5)).toBe((b + r) % 5);
        }
      }
    }
    expect(ties).toBeGreaterThan(500); // (the cases do hold ties, where the order decides)
  });
});

describe('the competent player’s losses', () => {
  it('lose State legions first, then the others’ clockwise from its own faction, its own last', () => {
    let asked = 0;
    const p = makePolicy('competent') as Policy;
    const checked = watchPolicy(p, (target) => ({
      chooseLosses: (g: GameView, me: number, war: number, n: number, det?: number) => {
        const got = target.chooseLosses(g, me, war, n, det);
        const here = detFactionMask(g, war, det ?? 0);
        let need = n - detStateLegions(g, war, det ?? 0);
        let want = 0;
        for (let k = 1; k <= g.players; k++) {
          const f = (me + k) % g.players;
          if (need > 0 && here & (1 << f)) {
            want |= 1 << f;
            need--;
          }
        }
        expect(got).toBe(want);
        asked++;
        return got;
      },
    }));
    for (const [, cfg] of BASE_AND_EVERY_VARIATION) {
      for (let i = 0; i < 40; i++) playGame(cfg, 'losses', i, Array.from({ length: 5 }, () => checked));
    }
    expect(asked).toBeGreaterThan(50);
  });

  it('tell the orders apart where they differ: four factions’ legions at a war, two lost', () => {
    const g = setupGame(makeConfig(5), 'losses-built', false);
    const p = makePolicy('competent');
    const w = 0;
    g.wars.stateLegions[w] = 0;
    for (const f of [0, 1, 3, 4]) {
      g.factionLegion[f] = w;
      g.factionLegionDet[f] = 0;
    }
    expect(detFactionMask(g, w, 0)).toBe(0b11011);
    expect(p.chooseLosses(g, 3, w, 2)).toBe(0b10001); // 4, then 0: not 0 and 1
    expect(p.chooseLosses(g, 1, w, 2)).toBe(0b11000); // 3 and 4 (2 has none)
    expect(p.chooseLosses(g, 0, w, 4)).toBe(0b11011); // the three others, then its own
  });
});

describe('the engine’s losses for a faction that does not choose (a neutral commander, a refused choice)', () => {
  it('go clockwise from the first faction named, for every first faction, legions present and losses', () => {
    for (const players of [3, 5]) {
      for (let first = 0; first <= players; first++) {
        for (let here = 0; here < 1 << players; here++) {
          for (let stateHere = 0; stateHere <= 2; stateHere++) {
            for (let n = 1; n <= stateHere + players; n++) {
              let need = n - stateHere;
              let want = 0;
              for (let k = 0; k < players; k++) {
                const f = (first + k) % players;
                if (need > 0 && here & (1 << f)) {
                  want |= 1 << f;
                  need--;
                }
              }
              expect(defaultLosses(here, n, stateHere, first, players)).toBe(want);
            }
          }
        }
      }
    }
  });

  it('no longer take seat 0’s legion first: four factions’ legions, no State legion, one lost', () => {
    expect(defaultLosses(0b11011, 1, 0, 3, 5)).toBe(0b01000); // the presiding faction (3) first
    expect(defaultLosses(0b11011, 2, 0, 4, 5)).toBe(0b10001); // a chooser at 3 refused: 4, then 0
    expect(defaultLosses(0b11011, 1, 1, 0, 5)).toBe(0); // the State legion first
  });
});

describe('seats in the default field', () => {
  // Chi-square critical values at p = 0.001 for 2 and 4 degrees of freedom (3 and 5 seats).
  const CRITICAL: Record<number, number> = { 3: 13.82, 5: 18.47 };
  for (const players of [5, 3]) {
    it(`win alike: 8,000 competent ${players}-player games pass a chi-square test of equal seat wins at p = 0.001`, () => {
      const cfg = makeConfig(players);
      const policies = Array.from({ length: players }, () => makePolicy('competent'));
      const wins = new Array<number>(players).fill(0);
      for (let i = 0; i < 8000; i++) {
        const w = playOutcome(cfg, 'seats', i, policies).winners;
        for (let f = 0; f < players; f++) if (w & (1 << f)) wins[f]!++;
      }
      const total = wins.reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThan(3000); // (the Republic survives in about half the games)
      const chi2 = wins.reduce((a, w) => a + (w - total / players) ** 2 / (total / players), 0);
      expect(chi2, `seat wins ${wins.join(', ')}`).toBeLessThan(CRITICAL[players]!);
    });
  }
});
