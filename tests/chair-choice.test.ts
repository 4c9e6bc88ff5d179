// The parametric chair weighs others' motions earliest military stage first and stops once no stage
// left can beat its best (asking fewer votes): at every choice its answer must be the one every pending
// motion weighed in agenda order gives (ours 30, else 10 per step of our vote, less the stage; never one
// that would close an earlier stage we do not oppose; the earliest among equals).
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { type Motion, stageOf } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { naturalNext, tableable } from '../src/legions/senate/agenda.js';
import type { GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import type { ParametricPolicy } from '../policies/parametric.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The choice with every pending motion weighed, in agenda order, no vote skipped. */
function weighedInOrder(p: ParametricPolicy, g: GameView, me: number, agenda: readonly Motion[], count: number): number {
  const favoured = (k: number): boolean => agenda[k]!.sponsor === me || p.vote(g, me, agenda[k]!) >= 0;
  const closesUnopposed = (i: number): boolean => {
    const st = stageOf(agenda[i]!.kind);
    if (st <= 0) return false;
    for (let k = 0; k < count; k++) {
      const os = stageOf(agenda[k]!.kind);
      if (k !== i && os >= 0 && os < st && favoured(k)) return true;
    }
    return false;
  };
  let best = -1;
  let bestKey = -Infinity;
  for (let i = 0; i < count; i++) {
    const m = agenda[i]!;
    if (!tableable(g as GameState, i) || closesUnopposed(i)) continue;
    const stage = Math.max(0, stageOf(m.kind));
    const key = m.sponsor === me ? 30 - stage : (p.vote(g, me, m) + 1) * 10 - stage;
    if (key > bestKey) {
      bestKey = key;
      best = i;
    }
  }
  return best >= 0 ? best : naturalNext(g as GameState);
}

/** Whether others' motions pending are not in stage order by index (the stage-first search then reads them in another order). */
function outOfStageOrder(me: number, agenda: readonly Motion[], count: number): boolean {
  let highest = -1;
  for (let i = 0; i < count; i++) {
    if (agenda[i]!.sponsor === me) continue;
    const s = Math.max(0, stageOf(agenda[i]!.kind));
    if (s < highest) return true;
    highest = Math.max(highest, s);
  }
  return false;
}

function checked(p: ParametricPolicy, asked: { n: number; reordered: number }): Policy {
  return watchPolicy(p, (target) => ({
    tableNext: (g, me, agenda, count) => {
      const i = target.tableNext(g, me, agenda, count);
      expect(i).toBe(weighedInOrder(target, g, me, agenda, count));
      asked.n++;
      if (outOfStageOrder(me, agenda, count)) asked.reordered++;
      return i;
    },
  }));
}

describe('the parametric chair', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: each choice is the one every motion weighed in agenda order gives`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'parametric'];
      const asked = { n: 0, reordered: 0 };
      for (let i = 0; i < 60; i++) playGame(cfg, 'chair-choice', i, lineup.map((n) => checked(makePolicy(n) as ParametricPolicy, asked)));
      expect(asked.n).toBeGreaterThan(500);
      expect(asked.reordered).toBeGreaterThan(20);
    });
  }
});
