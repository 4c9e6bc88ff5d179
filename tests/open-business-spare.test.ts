// The open business reuses its per-meeting Business (ownRaise closure, asked list; senate/open-business.ts),
// and the prosecutions their rules (senate/prosecutions.ts): a meeting takes the spare one and gives it back.
// A game played inside a meeting (as a rollout would) makes another one, and the meeting around it goes on
// with its own game, policies, accuser and acquittals, play unchanged.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { PROSECUTE } from '../src/legions/motion.js';
import type { Policy } from '../src/legions/policy.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];

describe('the spare Business of the open business', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: a game played inside a meeting leaves the meeting's play unchanged`, () => {
      let nested = 0;
      // Asked while the chair tables the agenda: every eighth time, a whole other game is played first.
      const nesting = (p: Policy): Policy => watchPolicy(p, (target) => ({
        tableNext: (g, me, a, count) => {
          if (++nested % 8 === 0) playGame(cfg, 'pool-inner', nested, lineup.map((n) => makePolicy(n)));
          return target.tableNext(g, me, a, count);
        },
      }));
      for (let i = 0; i < 4; i++) {
        const plain = playGame(cfg, 'pool', i, lineup.map((n) => makePolicy(n)));
        const withInner = playGame(cfg, 'pool', i, lineup.map((n) => nesting(makePolicy(n))));
        expect(JSON.stringify(withInner.outcome)).toBe(JSON.stringify(plain.outcome));
      }
      expect(nested).toBeGreaterThan(8);
    });
  }
});

describe('the spare rules of the prosecutions', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: a game played while a prosecution is proposed or voted leaves the meeting's play unchanged`, () => {
      let nested = 0;
      const inner = (): void => {
        nested++;
        playGame(cfg, 'prosecutions-inner', nested, lineup.map((n) => makePolicy(n)));
      };
      const nesting = (p: Policy): Policy => watchPolicy(p, (target) => ({
        propose: (g, me, m, cands) => {
          if (m.kind === PROSECUTE) inner();
          return target.propose(g, me, m, cands);
        },
        vote: (g, me, m) => {
          if (m.kind === PROSECUTE) inner();
          return target.vote(g, me, m);
        },
      }));
      let prosecuted = 0;
      for (let i = 0; i < 80; i++) {
        const plain = playGame(cfg, 'prosecutions-spare', i, lineup.map((n) => makePolicy(n)));
        const withInner = playGame(cfg, 'prosecutions-spare', i, lineup.map((n) => nesting(makePolicy(n))));
        prosecuted += plain.state.stats.prosecutions;
        expect(JSON.stringify(withInner.outcome)).toBe(JSON.stringify(plain.outcome));
      }
      expect(nested).toBeGreaterThan(20);
      // Prosecutions voted after a nested game (the base game's field has them): their verdicts read the rules' own accuser and accused.
      if (label === 'base game') expect(prosecuted).toBeGreaterThan(3);
    });
  }
});
