// appoint drafts each nomination in the agenda's next free entry (freeEntry) instead of in
// g.motion (the offices of a module's order of business still draft in g.motion): the policy asked
// is never handed an entry already on the agenda, and every entry the chair sees has the zero tally
// of a motion not yet voted.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { APPOINT_GOVERNOR, ELECT_CENSOR, ELECT_CONSUL } from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

const NOMINATIONS = (1 << ELECT_CONSUL) | (1 << ELECT_CENSOR) | (1 << APPOINT_GOVERNOR);

/** The policy, watched: what it is handed to nominate in, and the tallies of the agenda the chair sees. */
function watched(p: Policy, wrong: string[]): Policy {
  return watchPolicy(p, (target) => ({
    propose: (g, me, m, c) => {
      if (NOMINATIONS & (1 << m.kind)) {
        for (let i = 0; i < g.agendaCount; i++) if (g.agenda[i] === m) wrong.push(`nomination drafted in agenda entry ${i}`);
      }
      return target.propose(g, me, m, c);
    },
    tableNext: (g, me, a, count) => {
      for (let i = 0; i < count; i++) {
        const e = a[i]!;
        if (e.stance.some((x) => x !== 0) || e.power.some((x) => x !== 0) || e.bought.some((x) => x !== 0)) wrong.push(`agenda entry ${i} has a tally`);
      }
      return target.tableNext(g, me, a, count);
    },
  }));
}

describe('nominations drafted in the agenda', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: a free entry, and the chair sees only zero tallies; play unchanged by watching`, () => {
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
