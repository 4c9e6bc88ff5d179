// Built-in players never make an illegal decision: the engine counts each one as a policy error and
// ignores it, which silently changes how that player plays (a tuned real-valued knight spend did so).
import { describe, expect, it } from 'vitest';
import { makePolicy } from '../policies/index.js';
import { ParametricPolicy } from '../policies/parametric.js';
import { loadWeights, competentWeightsPath } from '../policies/weights.js';
import { playGame } from '../src/legions/game.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makeConfig } from './helpers.js';

const ALL = VARIANT_NAMES.join(',');

function errorsOver(players: 3 | 5, names: string[], games: number, variants: string): { total: number; log: string[] } {
  const cfg = { ...makeConfig(players), variants: parseVariants(variants) };
  let total = 0;
  const log: string[] = [];
  for (let i = 0; i < games; i++) {
    const policies = Array.from({ length: players }, (_, s) => makePolicy(names[(s + i) % names.length]!));
    const r = playGame(cfg, 'policy-errors', i, policies);
    total += r.outcome.policyErrors;
    log.push(...r.state.policyErrorLog.slice(0, 3));
  }
  return { total, log: log.slice(0, 5) };
}

describe('built-in policies make no policy errors', () => {
  for (const players of [3, 5] as const) {
    for (const variants of ['', ALL]) {
      it(`${players} players, ${variants ? 'all variations' : 'basic game'}`, () => {
        const r = errorsOver(players, ['competent', 'statesman', 'opportunist', 'parametric', 'random'], 40, variants);
        expect(r.log).toEqual([]);
        expect(r.total).toBe(0);
      });
    }
  }

  it('a real-valued knight spend is rounded to whole Talents', () => {
    const w = { ...loadWeights(competentWeightsPath()), knightSpend: 1.6, knightReserve: 0 };
    const p = new ParametricPolicy('t', w);
    const view = { treasury: [10, 10, 10], knights: [0, 0, 0] } as never;
    expect(p.knightSpend(view, 0)).toBe(2);
    expect(p.knightSpend({ treasury: [1, 0, 0], knights: [0, 0, 0] } as never, 0)).toBe(-1); // reserve + spend not met
  });
});
