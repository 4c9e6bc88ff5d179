// Variation "Bills": two or more motions voted as one, introduced by the Consul or with a tribune.
import { askBool, log, presidingFaction } from '../common.js';
import { BILL, CONCESSION, DISBAND, DISPATCH, type Motion, RAISE, RECALL, REPLACE_COMMANDER, resetMotion, TRANSFER } from '../motion.js';
import type { Policy } from '../policy.js';
import { cloneState, type GameState } from '../state.js';
import { askProposal, type MotionRules, takeMotionSlot } from './agenda.js';
import { concessionRules } from './business.js';
import { militaryRules } from './military.js';
import { hasSenatorPresent, policyBillError, putToVote } from './voting.js';

/** What may go into a bill, in agenda order (never Land Acts, elections, prosecutions or governors). */
const BILL_ITEMS: readonly (readonly [number, MotionRules])[] = [
  [DISBAND, militaryRules.disband], [RAISE, militaryRules.raise], [DISPATCH, militaryRules.dispatch],
  [REPLACE_COMMANDER, militaryRules.replace], [TRANSFER, militaryRules.transfer], [RECALL, militaryRules.recall],
  [CONCESSION, concessionRules],
];

const copyMotion = (m: Motion): Motion => ({ ...m, stance: m.stance.slice(), power: m.power.slice(), bought: m.bought.slice() });

/**
 * Drafts a bill on a copy of the game, where each part is applied as it is proposed (so a later part
 * may build on an earlier one: raise, then send); the Senate then votes on the real game, and only a
 * passed bill's parts are carried out, in order. Fewer than two parts: the bill is withdrawn.
 */
function introduceBill(g: GameState, policies: readonly Policy[], f: number, viaTribune: boolean): void {
  const draft = cloneState(g);
  draft.trace = null;
  const parts: Motion[] = [];
  for (const [kind, rules] of BILL_ITEMS) {
    if (rules.applicable && !rules.applicable(draft)) continue;
    if (!askProposal(draft, policies, f, kind, -1, rules, false, true)) continue;
    const m = draft.motion;
    if (rules.prepare && !rules.prepare(draft, policies, m)) continue;
    parts.push(copyMotion(m));
    rules.execute(draft, policies, m, true);
  }
  g.stats.policyErrors = draft.stats.policyErrors;
  g.policyErrorLog = draft.policyErrorLog;
  if (parts.length < 2 || !takeMotionSlot(g)) {
    if (g.trace && parts.length) log(g, 'Bill withdrawn: a bill needs two motions');
    return;
  }
  g.bill = parts;
  const m = g.motion;
  resetMotion(m, BILL, f);
  m.viaTribune = viaTribune;
  m.count = parts.length;
  if (g.trace) log(g, `Bill of ${parts.length} motions introduced by faction ${f}${viaTribune ? ' with a tribune' : ''}`);
  const passed = putToVote(g, policies, m); // the Consul cannot veto his own bill: sponsors never veto
  g.bill = [];
  if (!passed) return;
  for (const part of parts) carryOut(g, policies, part);
}

/** Carries out one part of a passed bill on the real game (checked again, as the draft was). */
function carryOut(g: GameState, policies: readonly Policy[], part: Motion): void {
  const rules = BILL_ITEMS.find(([k]) => k === part.kind)![1];
  const m = g.motion;
  Object.assign(m, part, { stance: m.stance, power: m.power, bought: m.bought });
  if (rules.candidates) rules.candidates(g);
  const bad = rules.check(g, m);
  if (bad !== null) return policyBillError(g, m, bad);
  rules.execute(g, policies, m, true);
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
