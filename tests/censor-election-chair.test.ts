// Appoint Consul and Censor: the old Consul runs the meeting until both offices are filled, and only
// then hands it over, so the outgoing Consul's faction chairs the Censor's election (it nominates last,
// orders the nominations, votes last and breaks ties); the new Consul's chairs everything after.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import { APPOINT_GOVERNOR, ELECT_CENSOR, ELECT_CONSUL, type Motion } from '../src/legions/motion.js';
import { type GameView, type Policy, presidingFaction } from '../src/legions/policy.js';
import { AT_ROME, type GameState } from '../src/legions/state.js';
import { makePolicy } from '../policies/index.js';
import { makeConfig, watchPolicy } from './helpers.js';

describe('the chair of the elections', () => {
  it('is the sitting Consul’s faction for the Consul, the outgoing Consul’s for the Censor, the new one’s after', () => {
    const seen = { consul: 0, censor: 0, governor: 0 };
    const watched = (p: Policy): Policy =>
      watchPolicy(p, (target) => ({
        vote: (v: GameView, me: number, m: Motion) => {
          const g = v as GameState;
          const chair = presidingFaction(g);
          if (m.kind === ELECT_CONSUL) {
            expect(chair).toBe(g.senOwner[g.consul]); // not elected yet: the sitting Consul
            seen.consul++;
          } else if (m.kind === ELECT_CENSOR) {
            const old = g.previousConsul;
            if (old >= 0 && g.senOwner[old]! >= 0 && g.senWhere[old] === AT_ROME) {
              expect(chair).toBe(g.senOwner[old]);
              if (g.senOwner[old] !== g.senOwner[g.consul]) seen.censor++; // the two readings differ here
            }
          } else if (m.kind === APPOINT_GOVERNOR) {
            expect(chair).toBe(g.senOwner[g.consul]);
            seen.governor++;
          }
          return target.vote(v, me, m);
        },
      }));
    for (let i = 0; i < 60; i++) playGame(makeConfig(5), 'censor-chair', i, ['competent', 'statesman', 'opportunist', 'competent', 'random'].map((n) => watched(makePolicy(n))));
    expect(seen.consul).toBeGreaterThan(100);
    expect(seen.censor).toBeGreaterThan(100);
    expect(seen.governor).toBeGreaterThan(100);
  });
});
