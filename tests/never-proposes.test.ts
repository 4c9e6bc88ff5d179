// Policy.neverProposes: the Senate does not ask a policy about the kinds it declares it never makes.
// The declaration must be true (asked anyway, the parametric policy refuses them) and skipping the
// question must leave play unchanged (the same games with the question asked).
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { MOTION_NAMES, type Motion } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';
import { ParametricPolicy } from '../policies/parametric.js';
import { makeConfig, watchPolicy } from './helpers.js';

/** The same policy without its declaration: asked about every kind, it records any it makes of the declared ones. */
function askedAboutEverything(p: ParametricPolicy, made: string[]): Policy {
  const never = p.neverProposes;
  return watchPolicy(p, (target) => ({
    neverProposes: undefined,
    propose: (g: GameView, me: number, m: Motion, c: readonly number[]): boolean => {
      const kind = m.kind;
      const yes = target.propose(g, me, m, c);
      if (yes && never & (1 << kind)) made.push(MOTION_NAMES[kind]!);
      return yes;
    },
  }));
}

describe('Policy.neverProposes', () => {
  it('the parametric policies declare the kinds their draft never makes', () => {
    const p = makePolicy('competent') as ParametricPolicy;
    expect(p.neverProposes).toBeGreaterThan(0);
  });

  for (const [label, variants] of [['base game', []], ['every variation', VARIANT_NAMES]] as const) {
    it(`${label}: asking anyway gets no such motion and plays the same games`, () => {
      const cfg = { ...makeConfig(5), variants: parseVariants([...variants]) };
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'statesman'];
      const made: string[] = [];
      for (let i = 0; i < 40; i++) {
        const skipped = playGame(cfg, 'never-proposes', i, lineup.map((n) => makePolicy(n)));
        const asked = playGame(cfg, 'never-proposes', i, lineup.map((n) => askedAboutEverything(makePolicy(n) as ParametricPolicy, made)));
        expect(JSON.stringify(asked.outcome)).toBe(JSON.stringify(skipped.outcome));
      }
      expect(made).toEqual([]);
    });
  }
});
