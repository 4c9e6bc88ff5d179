// The open business asks each seat only about the kinds its policy may propose (kindsAsked keeps its
// last answer for the same Policy.neverProposes): seats declaring different kinds, side by side in one
// meeting, must each be asked by their own declaration, never by a neighbour's kept answer.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { CENSURE, CONCESSION, DISPATCH, MOTION_NAMES, RAISE, type Motion } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig } from './helpers.js';

/** The competent policy declaring `never` instead of its own; records any ask about a declared kind. */
function declaring(never: number, wrong: string[]): Policy {
  const p = makePolicy('competent');
  return new Proxy(p, {
    get(target, key) {
      if (key === 'neverProposes') return never;
      if (key === 'propose') {
        return (g: GameView, me: number, m: Motion, c: readonly number[]): boolean => {
          // (A bill's parts are asked whatever the declaration: only the open business reads it.)
          if (never & (1 << m.kind) && !m.inBill) wrong.push(`seat ${me}: ${MOTION_NAMES[m.kind]}`);
          return target.propose(g, me, m, c);
        };
      }
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as Policy;
}

describe('kindsAsked', () => {
  for (const [label, variants] of [['base game', []], ['every variation', VARIANT_NAMES]] as const) {
    it(`${label}: each seat is asked by its own declaration, whatever its neighbours declare`, () => {
      const cfg = { ...makeConfig(5), variants: parseVariants([...variants]) };
      // Each seat declares a kind the others are asked about, so a neighbour's answer would ask it a declared kind.
      const declarations = [1 << CENSURE, 1 << CONCESSION, 0, 1 << DISPATCH, 1 << RAISE];
      const wrong: string[] = [];
      for (let i = 0; i < 30; i++) playGame(cfg, 'kinds-asked', i, declarations.map((never) => declaring(never, wrong)));
      expect(wrong).toEqual([]);
    });
  }
});
