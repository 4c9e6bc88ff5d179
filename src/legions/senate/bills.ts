// Variation "Bills": two or more motions voted as one, introduced by the Consul or with a tribune.
import { askBool, log, presidingFaction } from '../common.js';
import { BILL, CONCESSION, DISBAND, DISPATCH, type Motion, RAISE, RECALL, REPLACE_COMMANDER, resetMotion, TRANSFER } from '../motion.js';
import type { Policy } from '../policy.js';
import { cloneState, type GameState } from '../state.js';
import { askProposal, type MotionRules, takeMotionSlot } from './agenda.js';
import { concessionRules } from './business.js';
import { militaryRules } from './military.js';
import { hasSenatorPresent, putToVote } from './voting.js';

/** What may go into a bill, in agenda order (never Land Acts, elections, prosecutions or governors). */
function billItems(): [number, MotionRules][] {
  return [
    [DISBAND, militaryRules.disband], [RAISE, militaryRules.raise], [DISPATCH, militaryRules.dispatch],
    [REPLACE_COMMANDER, militaryRules.replace], [TRANSFER, militaryRules.transfer], [RECALL, militaryRules.recall],
    [CONCESSION, concessionRules],
  ];
}

/**
 * Puts back the state from before a defeated bill, keeping what the vote itself did: Talents spent on
 * votes, tribunes played, Prestige, fines paid to the State (`fines`), failures and policy errors.
 */
function undoBill(g: GameState, before: GameState, fines: number): void {
  const keep = {
    rng: g.rng, trace: g.trace, treasury: g.treasury, prestige: g.prestige, tribunesReal: g.tribunesReal,
    tribunesDummy: g.tribunesDummy, stateTreasury: before.stateTreasury + fines, failedMotions: g.failedMotions,
    failedTurn: g.failedTurn, policyErrorLog: g.policyErrorLog, motionBudget: g.motionBudget, motion: g.motion,
  };
  const errors = g.stats.policyErrors;
  Object.assign(g, before, keep);
  g.stats.policyErrors = errors;
}

/** Drafts a bill by applying each proposed part at once; a bill of fewer than two parts is withdrawn. */
function introduceBill(g: GameState, policies: readonly Policy[], f: number, viaTribune: boolean): void {
  const before = cloneState(g);
  const parts: Motion[] = [];
  for (const [kind, rules] of billItems()) {
    if (rules.applicable && !rules.applicable(g)) continue;
    if (!askProposal(g, policies, f, kind, -1, rules, false, true)) continue;
    const m = g.motion;
    if (rules.prepare && !rules.prepare(g, policies, m)) continue;
    parts.push({ ...m, stance: m.stance.slice(), power: m.power.slice() });
    rules.execute(g, policies, m, true); // tentatively: undone if the bill fails
  }
  if (parts.length < 2 || !takeMotionSlot(g)) {
    if (g.trace && parts.length) log(g, 'Bill withdrawn: a bill needs two motions');
    undoBill(g, before, 0);
    return;
  }
  g.bill = parts;
  const m = g.motion;
  resetMotion(m, BILL, f);
  m.viaTribune = viaTribune;
  m.count = parts.length;
  if (g.trace) log(g, `Bill of ${parts.length} motions introduced by faction ${f}${viaTribune ? ' with a tribune' : ''}`);
  const drafted = g.stateTreasury;
  const passed = putToVote(g, policies, m); // the Consul cannot veto his own bill: sponsors never veto
  if (!passed) undoBill(g, before, g.stateTreasury - drafted);
  g.bill = [];
}

/** Bills: the presiding faction, then each tribune holder, may introduce one bill before the other business. */
export function billsBusiness(g: GameState, policies: readonly Policy[]): void {
  const c = presidingFaction(g);
  if (hasSenatorPresent(g, c) && askBool(g, c, policies[c]!.proposeBill(g, c), 'proposeBill')) introduceBill(g, policies, c, false);
  for (let i = 1; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (g.tribunesReal[f] === 0 || !hasSenatorPresent(g, f) || g.motionBudget === 0) continue;
    if (!askBool(g, f, policies[f]!.proposeBill(g, f), 'proposeBill')) continue;
    g.tribunesReal[f]--;
    introduceBill(g, policies, f, true);
  }
}
