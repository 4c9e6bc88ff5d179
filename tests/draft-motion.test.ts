// draftMotion (askProposal, askNomination) leaves some of the reused motion's fields as an earlier motion
// left them: the procedural flags the engine sets once the policy has answered, and the tally's totals
// that putToVote sets when the vote opens. That is sound only while no policy reads them in `propose`
// before writing them: every built-in policy is watched here, over whole games, for such a read.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { MOTION_NAMES, type Motion } from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The fields draftMotion does not reset. */
const LEFT = new Set<PropertyKey>(['coSponsor', 'tabledBy', 'viaTribune', 'closed', 'votesFor', 'votesAgainst', 'objected', 'penalized', 'vetoedBy']);

/** `p`, handed in `propose` a view of the motion that records a read of a field in LEFT the policy has not written first. */
function watched(p: Policy, name: string, reads: string[], asks: { n: number }): Policy {
  return watchPolicy(p, (target) => ({
    propose: (g, me, m, c) => {
      asks.n++;
      const written = new Set<PropertyKey>();
      const view = new Proxy(m, {
        get(t, key) {
          if (LEFT.has(key) && !written.has(key)) reads.push(`${name} reads ${String(key)} proposing ${MOTION_NAMES[t.kind]}`);
          return Reflect.get(t, key) as unknown;
        },
        set(t, key, v) {
          written.add(key);
          return Reflect.set(t, key, v);
        },
      }) as Motion;
      return target.propose(g, me, view, c);
    },
  }));
}

describe('draftMotion', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: no built-in policy reads, in propose, a field draftMotion leaves from an earlier motion`, () => {
      // (The rollout policy proposes through its parametric postures: the parametric policies stand for it.)
      const names = ['competent', 'random', 'statesman', 'opportunist', 'parametric'];
      const reads: string[] = [];
      const asks = { n: 0 };
      for (let i = 0; i < 12; i++) {
        // Each seat a different policy, rotated from game to game.
        const seats = names.map((_, f) => names[(f + i) % names.length]!);
        playGame(cfg, 'draft-motion', i, seats.map((name) => watched(makePolicy(name), name, reads, asks)));
      }
      expect(asks.n).toBeGreaterThan(1000);
      expect([...new Set(reads)]).toEqual([]);
    });
  }
});
