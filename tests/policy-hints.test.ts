// Policy.alwaysAttends and Policy.neverTransfers: the engine does not ask a policy the question whose
// answer it declares fixed for the whole game (the Forum's and the Senate's attendance, the exchange of monies). Each
// declaration must be true (asked anyway, the policy answers as declared), skipping the question must
// leave play unchanged, and a seat that declares nothing is still asked beside seats that declare.
import { describe, expect, it } from 'vitest';
import { playGame } from '../src/legions/game.js';
import type { GameView, Policy } from '../src/legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { makePolicy, POLICY_NAMES } from '../policies/index.js';
import { makeConfig, stubPolicies, watchPolicy } from './helpers.js';

interface Wrong { list: string[]; attends: number; transfers: number }

/** The same policy asked every question (watchPolicy drops a hint for a method it answers): it records any answer its hints contradict. */
function askedAnyway(p: Policy, wrong: Wrong): Policy {
  const attends = p.alwaysAttends === true;
  const gives = p.neverTransfers !== true;
  return watchPolicy(p, (target) => ({
    attend: (g: GameView, me: number, s: number): boolean => {
      const yes = target.attend(g, me, s);
      if (attends) wrong.attends++;
      if (attends && yes !== true) wrong.list.push(`${target.name} stays away with ${s}`);
      return yes;
    },
    transfer: (g: GameView, me: number, to: number): number => {
      const a = target.transfer(g, me, to);
      if (!gives) wrong.transfers++;
      if (!gives && a !== 0) wrong.list.push(`${target.name} gives ${a}`);
      return a;
    },
  }));
}

describe('Policy hints', () => {
  it('the parametric policies declare that they always attend and never transfer', () => {
    for (const name of ['competent', 'statesman', 'opportunist', 'parametric']) {
      const p = makePolicy(name);
      expect(p.alwaysAttends).toBe(true);
      expect(p.neverTransfers).toBe(true);
    }
    // The random player's answers vary: it declares neither.
    expect(makePolicy('random').alwaysAttends).toBeUndefined();
    expect(makePolicy('random').neverTransfers).toBeUndefined();
    expect(POLICY_NAMES).toContain('competent');
  });

  for (const [label, variants] of [['base game', []], ['every variation', VARIANT_NAMES]] as const) {
    it(`${label}: asking anyway gets the declared answers and plays the same games`, () => {
      const cfg = { ...makeConfig(5), variants: parseVariants([...variants]) };
      const lineup = ['competent', 'statesman', 'opportunist', 'random', 'parametric'];
      const wrong: Wrong = { list: [], attends: 0, transfers: 0 };
      for (let i = 0; i < 40; i++) {
        const skipped = playGame(cfg, 'policy-hints', i, lineup.map((n) => makePolicy(n)));
        const asked = playGame(cfg, 'policy-hints', i, lineup.map((n) => askedAnyway(makePolicy(n), wrong)));
        expect(JSON.stringify(asked.outcome)).toBe(JSON.stringify(skipped.outcome));
        expect(asked.state.treasury).toEqual(skipped.state.treasury);
        expect(asked.state.senPresent).toEqual(skipped.state.senPresent);
        expect(asked.state.senOwner).toEqual(skipped.state.senOwner);
      }
      expect(wrong.list).toEqual([]);
      expect(wrong.attends).toBeGreaterThan(1000);
      expect(wrong.transfers).toBeGreaterThan(1000);
    });
  }

  it('a seat that declares is not asked; one that declares nothing is asked beside it', () => {
    const cfg = makeConfig(5);
    // Seats 0 and 2 declare both hints; seats 1, 3 and 4 do not, and seat 1 stays away with odd cards.
    const asked = [0, 0, 0, 0, 0];
    const forumAsked = [0, 0, 0, 0, 0];
    const transfers = [0, 0, 0, 0, 0];
    const hinted = (f: number): boolean => f === 0 || f === 2;
    const policies = stubPolicies(5, (f) => ({
      ...(hinted(f) ? { alwaysAttends: true, neverTransfers: true } : {}),
      attend: (g: GameView, me: number, s: number) => {
        asked[me]++;
        if (g.step === 'forum') forumAsked[me]++;
        return me !== 1 || s % 2 === 0;
      },
      transfer: (_g: GameView, me: number) => (transfers[me]++, 0),
    }));
    for (let i = 0; i < 10; i++) playGame(cfg, 'policy-hints', i, policies);
    // Neither the Forum's attendance nor the Senate's (senate/roster.ts) asks seats 0 and 2.
    expect(asked[0]).toBe(0);
    expect(asked[2]).toBe(0);
    expect(transfers[0]).toBe(0);
    expect(transfers[2]).toBe(0);
    for (const f of [1, 3, 4]) {
      expect(forumAsked[f]).toBeGreaterThan(0);
      expect(asked[f]).toBeGreaterThan(forumAsked[f]!); // the Senate's attendance asks them too
      expect(transfers[f]).toBeGreaterThan(0);
    }
  });
});
