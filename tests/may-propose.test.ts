// Policy.mayPropose: the Senate's open business does not ask a policy about kinds it says it may not
// make in the game as it stands. The answer must be true (asked anyway, the parametric policies make no
// such motion) and skipping the questions must leave play unchanged (the same games with them asked).
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { CENSURE, DEVELOP, DISBAND, MOTION_NAMES, type Motion } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';
import type { ParametricPolicy } from '../policies/parametric.js';
import { makeConfig, watchPolicy } from './helpers.js';

/** The same policy without mayPropose: asked about every kind, it records any it makes that mayPropose ruled out when asked. */
function askedAboutEverything(p: ParametricPolicy, made: string[]): Policy {
  return watchPolicy(p, (target) => ({
    mayPropose: undefined,
    propose: (g: GameView, me: number, m: Motion, c: readonly number[]): boolean => {
      const may = target.mayPropose(g); // (the state as the question finds it: what the Senate would have been told)
      const kind = m.kind;
      const yes = target.propose(g, me, m, c);
      if (yes && (may & (1 << kind)) === 0) made.push(MOTION_NAMES[kind]!);
      return yes;
    },
  }));
}

describe('Policy.mayPropose', () => {
  for (const [label, variants] of [['base game', []], ['every variation', VARIANT_NAMES]] as const) {
    it(`${label}: asking anyway gets no such motion and plays the same games`, () => {
      const cfg = { ...makeConfig(5), variants: parseVariants([...variants]) };
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'statesman'];
      const made: string[] = [];
      let ruledOut = 0;
      for (let i = 0; i < 40; i++) {
        const counted = lineup.map((n) => {
          const p = makePolicy(n) as ParametricPolicy;
          return watchPolicy(p, (target) => ({
            mayPropose: (g: GameView) => {
              const may = target.mayPropose(g);
              if ((may & (1 << CENSURE)) === 0) ruledOut++;
              return may;
            },
          }));
        });
        const skipped = playGame(cfg, 'may-propose', i, counted);
        const asked = playGame(cfg, 'may-propose', i, lineup.map((n) => askedAboutEverything(makePolicy(n) as ParametricPolicy, made)));
        expect(JSON.stringify(asked.outcome)).toBe(JSON.stringify(skipped.outcome));
      }
      expect(ruledOut).toBeGreaterThan(100); // the hint came into play
      expect(made).toEqual([]);
    });
  }

  it('a policy that may propose nothing is asked about no open motion; without the hint it is asked', () => {
    const cfg = makeConfig(5);
    const asks = (hint: boolean): number => {
      let n = 0;
      const seats = ['competent', 'competent', 'competent', 'competent', 'competent'].map((name, f) => {
        const p = makePolicy(name) as ParametricPolicy;
        return watchPolicy(p, (target) => ({
          mayPropose: hint && f === 0 ? () => 0 : (g: GameView) => target.mayPropose(g),
          propose: (g: GameView, me: number, m: Motion, c: readonly number[]) => {
            // (development requests and the appointments' nominations are not the open business's kinds: not ruled by the hint)
            if (f === 0 && m.kind >= DISBAND && m.kind <= CENSURE && m.kind !== DEVELOP) n++;
            return target.propose(g, me, m, c);
          },
        }));
      });
      for (let i = 0; i < 5; i++) playGame(cfg, 'may-propose-none', i, seats);
      return n;
    };
    expect(asks(true)).toBe(0);
    expect(asks(false)).toBeGreaterThan(20);
  });
});
