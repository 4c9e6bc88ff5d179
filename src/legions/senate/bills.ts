// Variation "Bills": two or more motions voted as one, introduced by the Consul or with a tribune.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import * as garrisonsModule from '../ror/garrisons.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import type { MotionRules } from './agenda.js';
import * as agendaModule from './agenda.js';
import * as businessModule from './business.js';
import * as repopulationModule from '../ror/repopulation.js';
import * as describeModule from './describe.js';
import * as militaryModule from './military.js';
import * as votingModule from './voting.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, log, presidingFaction } = commonModule;
const { BILL, cloneMotion, CONCESSION, DISBAND, DISPATCH, GARRISON, RAISE, RECALL, RECALL_GARRISON, REPLACE_COMMANDER, resetMotion, stageOf, TRANSFER } = motionModule;
const { garrisonRules, isGarrisonKind, recallGarrisonRules } = garrisonsModule;
const { cloneState, factionName } = stateModule;
const { advanceStage, askProposal, outOfStage, rejectCandidate, takeMotionSlot } = agendaModule;
const { concessionRules } = businessModule;
const { repopulate } = repopulationModule;
const { before, logEffects } = describeModule;
const { militaryRules } = militaryModule;
const { hasSenatorPresent, policyBillError, putToVote, recordFailure } = votingModule;

/**
 * What may go into a bill, in the order of business (never Land Acts, elections, prosecutions or
 * governors); with ror-garrisons also garrisons and their recall (their rules are applicable only then).
 */
const BILL_ITEMS: readonly (readonly [number, MotionRules])[] = [
  [DISBAND, militaryRules.disband], [RAISE, militaryRules.raise], [DISPATCH, militaryRules.dispatch],
  [REPLACE_COMMANDER, militaryRules.replace], [TRANSFER, militaryRules.transfer], [GARRISON, garrisonRules],
  [RECALL, militaryRules.recall], [RECALL_GARRISON, recallGarrisonRules], [CONCESSION, concessionRules],
];

/**
 * Drafts a bill on a copy of the game, where each part is applied as it is proposed (so a later part
 * may build on an earlier one: raise, then send); the parts follow the order of the military business
 * (disband before raise before dispatch before recall). The Senate then votes on the real game; a
 * passed bill's parts are carried out in order; a rejected or vetoed bill rejects every part (none may
 * return this turn unchanged, and its candidates are out). Fewer than two parts: withdrawn.
 */
function introduceBill(g: GameState, policies: readonly Policy[], f: number, viaTribune: boolean, ownRaise: () => void): void {
  const draft = cloneState(g);
  draft.trace = null;
  const parts: Motion[] = [];
  for (const [kind, rules] of BILL_ITEMS) {
    if (outOfStage(draft, kind) || (rules.applicable && !rules.applicable(draft))) continue;
    if (!askProposal(draft, policies, f, kind, -1, rules, false, true)) continue;
    const m = draft.motion;
    if (rules.prepare && !rules.prepare(draft, policies, m)) continue;
    parts.push(cloneMotion(m));
    rules.execute(draft, policies, m, true);
    if (stageOf(kind) > draft.militaryStage) draft.militaryStage = stageOf(kind);
  }
  g.stats.policyErrors = draft.stats.policyErrors;
  g.policyErrorLog = draft.policyErrorLog;
  // ror-reinforcements: parts the chair ruled out while drafting are counted on the real game too.
  g.stats.rorReinforceBlocked = draft.stats.rorReinforceBlocked;
  g.stats.rorReinforcementsBound = draft.stats.rorReinforcementsBound;
  g.stats.rorRecallsVoided = draft.stats.rorRecallsVoided;
  g.stats.rorDispatchesDeferred = draft.stats.rorDispatchesDeferred;
  g.stats.rorDetachmentMotions = draft.stats.rorDetachmentMotions;
  if (parts.length < 2 || !takeMotionSlot(g)) {
    if (g.trace !== null && parts.length) log(g, `Bill of ${factionName(f)} withdrawn: ${parts.length < 2 ? 'a bill needs two motions' : 'no time left'}`);
    return;
  }
  g.bill = parts;
  for (const part of parts) if (isGarrisonKind(part.kind)) g.stats.rorGarrisonMotions++; // ror-garrisons' trigger
  const m = g.motion;
  resetMotion(m, BILL, f);
  m.viaTribune = viaTribune;
  m.tabledBy = viaTribune ? f : presidingFaction(g);
  m.count = parts.length;
  if (g.trace !== null) log(g, `${factionName(f)} introduces a bill of ${parts.length} motions${viaTribune ? ' with a tribune' : ''}`);
  // Tabling the bill deals with its stages of the military business.
  let stage = -1;
  for (const part of parts) stage = Math.max(stage, stageOf(part.kind));
  advanceStage(g, stage, ownRaise);
  g.stats.billsIntroduced++;
  const b = g.trace !== null ? before(g) : null;
  const passed = putToVote(g, policies, m);
  g.bill = [];
  if (passed) {
    g.stats.billsPassed++;
    for (const part of parts) carryOut(g, policies, part);
    repopulate(g, policies); // ror-repopulation (no-op without it)
  } else for (const part of parts) rejectPart(g, part);
  if (b) logEffects(g, b, log);
}

/** A rejected bill rejects each of its motions: recorded as failed, its candidates out for commands. */
function rejectPart(g: GameState, part: Motion): void {
  recordFailure(g, part);
  if (part.senator >= 0 && (part.kind === DISPATCH || part.kind === REPLACE_COMMANDER)) rejectCandidate(g, part.kind, -1, part.senator);
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

/** Bills: the presiding faction, then each tribune holder, may introduce one bill as the open business begins. */
export function billsBusiness(g: GameState, policies: readonly Policy[], ownRaise: () => void): void {
  const c = presidingFaction(g);
  if (hasSenatorPresent(g, c) && askBool(g, c, policies[c]!.proposeBill(g, c), 'proposeBill')) introduceBill(g, policies, c, false, ownRaise);
  for (let i = 1; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (g.tribunesReal[f] === 0 || !hasSenatorPresent(g, f) || g.motionBudget === 0) continue;
    if (!askBool(g, f, policies[f]!.proposeBill(g, f), 'proposeBill')) continue;
    g.tribunesReal[f]--;
    g.stats.tabledByTribune++;
    introduceBill(g, policies, f, true, ownRaise);
  }
}
