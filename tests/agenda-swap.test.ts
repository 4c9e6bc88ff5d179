// A motion joins and leaves the agenda by trading places with g.motion (swapMotion in senate/agenda.ts),
// the two objects trading their per-faction tallies too: g.motion and every entry of the agenda's pool
// stay distinct objects with arrays of their own, and the motion voted on has left the agenda.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { Policy } from '../src/legions/policy.js';
import type { GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** What is wrong with the pool and g.motion as the chair sees them (objects or arrays shared). */
function sharing(g: GameState): string[] {
  const wrong: string[] = [];
  const motions = [g.motion, ...g.agenda];
  if (new Set(motions).size !== motions.length) wrong.push('a motion object twice among g.motion and the pool');
  const arrays = motions.flatMap((m) => [m.stance, m.power, m.bought]);
  if (new Set(arrays).size !== arrays.length) wrong.push('a tally array shared by two motions');
  return wrong;
}

/** The policy, watched: the pool as the chair sees it, and the motion voted on (taken off the agenda, not still on it). */
function watched(p: Policy, wrong: string[], seen: { choices: number; votes: number }): Policy {
  return watchPolicy(p, (target) => ({
    tableNext: (g, me, a, count) => {
      wrong.push(...sharing(g as GameState));
      seen.choices++;
      return target.tableNext(g, me, a, count);
    },
    vote: (g, me, m) => {
      wrong.push(...sharing(g as GameState));
      if (g.agenda.slice(0, g.agendaCount).includes(m)) wrong.push('a motion voted on while still on the agenda');
      seen.votes++;
      return target.vote(g, me, m);
    },
  }));
}

describe('the agenda trades motions with g.motion', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: no object or tally array shared, the motion voted on off the agenda, play unchanged by watching`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'random'];
      const wrong: string[] = [];
      const seen = { choices: 0, votes: 0 };
      for (let i = 0; i < 20; i++) {
        const plain = playGame(cfg, 'agenda-swap', i, lineup.map((n) => makePolicy(n)));
        const watchedGame = playGame(cfg, 'agenda-swap', i, lineup.map((n) => watched(makePolicy(n), wrong, seen)));
        expect(JSON.stringify(watchedGame.outcome)).toBe(JSON.stringify(plain.outcome));
      }
      expect(seen.choices).toBeGreaterThan(20);
      expect(seen.votes).toBeGreaterThan(1000);
      expect([...new Set(wrong)]).toEqual([]);
    });
  }
});
