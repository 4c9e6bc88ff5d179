// The parametric player's attraction target reads the Forum's census of each faction's senators in Rome
// (forumSenatorsInRome) instead of walking every senator: whenever a target is asked in the Forum, that
// set must be exactly the faction's senators in Rome, and the target the one the walk in order of worth gives;
// outside the Forum the census reads -1 (the player walks).
import { describe, expect, it } from 'vitest';
import { forumSenatorsInRome } from '../src/legions/forum.js';
import { playGame } from '../src/legions/game.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { AT_ROME, influenceOf, statusOf } from '../src/legions/state.js';
import { leader } from '../policies/lib.js';
import { makePolicy } from '../policies/index.js';
import type { ParametricPolicy } from '../policies/parametric.js';
import { BASE_AND_EVERY_VARIATION, watchPolicy } from './helpers.js';

/** The target as the player worked it out before: the leader's senators walked from least worth up. */
function walkedTarget(p: ParametricPolicy, g: GameView, me: number): number {
  if (p.w.aggression < 0.5 || g.treasury[me]! < p.w.attractMinTreasury) return -1;
  const rival = leader(g, me);
  const byWorth = Array.from({ length: 30 }, (_, s) => s)
    .sort((a, b) => influenceOf(a) + statusOf(a) - influenceOf(b) - statusOf(b) || a - b);
  for (const s of byWorth) {
    if (g.senOwner[s] !== rival || g.senWhere[s] !== AT_ROME || g.senMovedTurn[s] === g.turn) continue;
    if (s === g.consul || s === g.censor || s === g.rorCfl) continue;
    return s;
  }
  return -1;
}

/** Each faction's senators in Rome, as a bit set, by a walk over the senators. */
function inRome(g: GameView, f: number): number {
  let m = 0;
  for (let s = 0; s < 30; s++) if (g.senOwner[s] === f && g.senWhere[s] === AT_ROME) m |= 1 << s;
  return m;
}

/** The policy with its targets checked against the walk, and the census against the senators. */
function checked(p: ParametricPolicy, asked: { n: number; outside: number }): Policy {
  return watchPolicy(p, (target) => ({
    attractTarget: (g, me) => {
      expect(g.step).toBe('forum');
      for (let f = 0; f < g.players; f++) expect(forumSenatorsInRome(g, f)).toBe(inRome(g, f));
      const s = target.attractTarget(g, me);
      expect(s).toBe(walkedTarget(target, g, me));
      asked.n++;
      return s;
    },
    vote: (g, me, m) => {
      expect(forumSenatorsInRome(g, me)).toBe(-1); // the Senate: no census, the player walks
      asked.outside++;
      return target.vote(g, me, m);
    },
  }));
}

describe('the parametric attraction targets', () => {
  for (const [label, cfg] of BASE_AND_EVERY_VARIATION) {
    it(`${label}: the Forum's census is each faction's senators in Rome, and each target the walk's`, () => {
      const lineup = ['competent', 'statesman', 'opportunist', 'competent', 'parametric'];
      const asked = { n: 0, outside: 0 };
      for (let i = 0; i < 60; i++) playGame(cfg, 'forum-attraction', i, lineup.map((n) => checked(makePolicy(n) as ParametricPolicy, asked)));
      expect(asked.n).toBeGreaterThan(300);
      expect(asked.outside).toBeGreaterThan(1000);
    });
  }
});
