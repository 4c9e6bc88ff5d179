// appoint drafts each nomination in the agenda's next free entry (nominationSlot) instead of in
// g.motion (the offices of a module's order of business still draft in g.motion): the policy asked
// is never handed an entry already on the agenda, and every entry the chair sees has the zero tally
// of a motion not yet voted.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { APPOINT_GOVERNOR, ELECT_CENSOR, ELECT_CONSUL, type Motion } from '../src/legions/motion.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig } from './helpers.js';

const NOMINATIONS = (1 << ELECT_CONSUL) | (1 << ELECT_CENSOR) | (1 << APPOINT_GOVERNOR);

/** The policy, watched: what it is handed to nominate in, and the tallies of the agenda the chair sees. */
function watched(p: Policy, wrong: string[]): Policy {
  return new Proxy(p, {
    get(target, key) {
      if (key === 'propose') {
        return (g: GameView, me: number, m: Motion, c: readonly number[]): boolean => {
          if (NOMINATIONS & (1 << m.kind)) {
            for (let i = 0; i < g.agendaCount; i++) if (g.agenda[i] === m) wrong.push(`nomination drafted in agenda entry ${i}`);
          }
          return target.propose(g, me, m, c);
        };
      }
      if (key === 'tableNext') {
        return (g: GameView, me: number, a: readonly Motion[], count: number): number => {
          for (let i = 0; i < count; i++) {
            const e = a[i]!;
            if (e.stance.some((x) => x !== 0) || e.power.some((x) => x !== 0) || e.bought.some((x) => x !== 0)) wrong.push(`agenda entry ${i} has a tally`);
          }
          return target.tableNext(g, me, a, count);
        };
      }
      const v = Reflect.get(target, key) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  }) as Policy;
}

describe('nominations drafted in the agenda', () => {
  for (const [label, variants] of [['base game', []], ['every variation', VARIANT_NAMES]] as const) {
    it(`${label}: a free entry, and the chair sees only zero tallies; play unchanged by watching`, () => {
      const cfg = { ...makeConfig(5), variants: parseVariants([...variants]) };
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
      const wrong: string[] = [];
      for (let i = 0; i < 30; i++) {
        const plain = playGame(cfg, 'nomination-slot', i, lineup.map((n) => makePolicy(n)));
        const seen = playGame(cfg, 'nomination-slot', i, lineup.map((n) => watched(makePolicy(n), wrong)));
        expect(JSON.stringify(seen.outcome)).toBe(JSON.stringify(plain.outcome));
      }
      expect(wrong).toEqual([]);
    });
  }
});
