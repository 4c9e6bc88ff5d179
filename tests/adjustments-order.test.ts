// Adjustments take the rules' sub-steps in order, each for every war before the next (War, then Spoils of
// War and Provinces, then Prestige Level): a commander claims spoils knowing every unopposed war's +4,
// and a faction legion's -2 comes after the victories' Prestige, so the floor at 0 is met last. Taking
// each war through every step before the next war gave both built cases below other answers.
import { describe, expect, it } from 'vitest';
import { adjustmentsStep } from '../src/legions/adjustments.js';
import type { GameView } from '../src/legions/policy.js';
import { setupGame } from '../src/legions/setup.js';
import type { GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig, watchPolicy } from './helpers.js';

/** A five-player game in its first turn, no war begun, and two senators of faction 1. */
function start(): { g: GameState; a: number; b: number } {
  const g = setupGame(makeConfig(5), 'adjustments-order', false);
  const own = [...g.senOwner.keys()].filter((s) => g.senOwner[s] === 1);
  expect(own.length).toBeGreaterThanOrEqual(2);
  expect(g.wars.status.every((s) => s === 0)).toBe(true);
  return { g, a: own[0]!, b: own[1]! };
}

/** War i won this turn by senator c: over, its spoils and Prestige to adjust. */
function won(g: GameState, i: number, c: number, armies: number): void {
  const w = g.wars;
  w.status[i] = 2;
  w.result[i] = 1;
  w.victor[i] = c;
  w.originalArmies[i] = armies;
  w.spoils[i] = 10;
}

describe('adjustments in the rules’ order of sub-steps', () => {
  it('a commander claims his spoils after a later war’s unopposed +4 is on the index', () => {
    const { g, a } = start();
    won(g, 0, a, 4);
    g.wars.status[1] = 1; // active, no legions, no commander: unopposed
    const ri = g.ri;
    let seen = -1;
    const p = makePolicy('competent');
    const watched = watchPolicy(p, (target) => ({
      claimSpoils: (v: GameView, me: number, war: number) => {
        seen = v.ri;
        return target.claimSpoils(v, me, war);
      },
    }));
    adjustmentsStep(g, Array.from({ length: 5 }, () => watched));
    expect(seen).toBe(ri + g.params.unopposedWarRI);
    expect(g.ri).toBe(ri + g.params.unopposedWarRI);
  });

  it('a legion’s loss comes after a victory’s Prestige: 0 + 3 - 4 ends at 0, not 3', () => {
    const { g, a, b } = start();
    const w = g.wars;
    // War 0: fought this turn under faction 1's commander a, who keeps 2 State legions there; its legion fell.
    w.status[0] = 1;
    w.result[0] = 3;
    w.commander[0] = a;
    w.stateLegions[0] = 2;
    w.foughtMask[0] = 1 << 1;
    w.lostMask[0] = 1 << 1;
    w.cmdFaction[0] = 1;
    // War 1: won by faction 1's b: ceil(6 / 2) = 3 Prestige.
    won(g, 1, b, 6);
    g.prestige[1] = 0;
    adjustmentsStep(g, Array.from({ length: 5 }, () => makePolicy('competent')));
    expect(g.params.legionEliminatedPrestige * 2).toBe(4);
    expect(g.prestige[1]).toBe(0);
  });
});
