// Rules pinned after review: a returning card forgets its past, a veto cancels the whole vote,
// faction upkeep comes after all faction income, the engine owns a motion's procedural flags.
import { describe, expect, it } from 'vitest';
import { senatorToDeckBottom } from '../src/legions/common.js';
import { incomeStep } from '../src/legions/income.js';
import { CENSURE, RAISE } from '../src/legions/motion.js';
import { askProposal, type MotionRules } from '../src/legions/senate/agenda.js';
import { putToVote } from '../src/legions/senate/voting.js';
import { setupGame } from '../src/legions/setup.js';
import { AT_GOVERNOR, AT_ROME, FL_BOX, SENATORS } from '../src/legions/state.js';
import { makeConfig, stubPolicies, takeFromDeck } from './helpers.js';

describe('review fixes', () => {
  it('a senator put back in the deck (death, execution) loses his record: no Censor eligibility, no past income or spoils', () => {
    const g = setupGame(makeConfig(5), 'forget', false);
    const s = g.consul;
    g.senSpoilsTurn[s] = 3;
    g.senConcessionTurn[s] = 3;
    g.senGovClaimReturn[s] = 3;
    g.senOfficeTurn[s] = 3;
    expect(g.senCensorEligible[s]).toBe(1);
    senatorToDeckBottom(g, s);
    for (const a of [g.senCensorEligible, g.senSpoilsTurn, g.senConcessionTurn, g.senGovClaimReturn, g.senOfficeTurn, g.senGovReturnTurn]) expect(a[s]).toBe(0);
  });

  it('a veto cancels the entire vote (Vetoes): bought votes are refunded and no stance is left', () => {
    const g = setupGame(makeConfig(3), 'veto', false);
    for (let s = 0; s < SENATORS; s++) if (g.senWhere[s] === AT_ROME) g.senPresent[s] = 1;
    const c = g.senOwner[g.consul]!;
    const voter = (c + 1) % 3; // votes first, buying 3 votes
    const vetoer = (c + 2) % 3;
    g.tribunesReal[vetoer] = 1;
    const pols = stubPolicies(3, (f) => ({
      vote: () => 1,
      buyVotes: () => (f === voter ? 3 : 0),
      veto: () => f === vetoer,
    }));
    const before = g.treasury[voter]!;
    const m = g.motion;
    m.kind = RAISE;
    m.sponsor = c;
    m.count = 1;
    expect(putToVote(g, pols, m)).toBe(false);
    expect(g.treasury[voter]).toBe(before);
    expect(m.stance[voter]).toBe(0);
    expect(m.stance[vetoer]).toBe(0);
    expect(m.vetoedBy).toBe(vetoer);
    expect(g.tribunesReal[vetoer]).toBe(0);
  });

  it('faction legion upkeep is paid after a governor\'s claimed income arrives (Sequence of Play)', () => {
    const g = setupGame(makeConfig(3, (p) => {
      p.factionBaseIncome = 0;
      p.senatorIncome = 0;
    }), 'upkeep', false);
    g.turn = 3;
    const f = 0;
    g.treasury[f] = 0;
    g.factionLegion[f] = FL_BOX;
    const gov = 4; // green-5, taken from the deck into faction 0 as governor of developed Sicily (income 10)
    takeFromDeck(g, gov);
    g.senOwner[gov] = f;
    g.senWhere[gov] = AT_GOVERNOR;
    g.senPost[gov] = 0;
    g.provConquered[0] = 1;
    g.provDeveloped[0] = 1;
    g.provGovernor[0] = gov;
    g.provGovTurn[0] = 2;
    incomeStep(g, stubPolicies(3, () => ({ claimIncome: () => true })));
    expect(g.factionLegion[f]).toBe(FL_BOX); // kept: the claim paid the 4 Talents
    expect(g.treasury[f]).toBe(5 - 4); // claims Status 5 of 10, then pays 4 upkeep
  });

  it('the engine owns a motion\'s procedural flags, whatever a policy writes', () => {
    const g = setupGame(makeConfig(3), 'flags', false);
    const rules: MotionRules = { check: () => null, execute: () => {} };
    const pols = stubPolicies(3, () => ({
      propose: (_g, _me, m) => {
        m.closed = true;
        m.viaTribune = true;
        m.coSponsor = 2;
        m.target = 1;
        return true;
      },
    }));
    expect(askProposal(g, pols, 0, CENSURE, -1, rules)).toBe(true);
    expect(g.motion.closed).toBe(false);
    expect(g.motion.viaTribune).toBe(false);
    expect(g.motion.coSponsor).toBe(-1);
    expect(g.motion.target).toBe(1);
  });
});
