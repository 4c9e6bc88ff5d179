// ror-senate-errata: six Senate rules of the Republic of Rome errata, each behind its own 0/1 switch
// (docs/rules.md, "Republic of Rome modules"). No random draws: nothing here touches a stream.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { ParamKey } from '../params.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, askBool, log } = commonModule;
const { ELECT_CENSOR, resetMotion } = motionModule;
const { AT_ROME, factionName, SENATORS, senatorName, statusOf } = stateModule;

/** Whether the module is on and its sub-rule `key` switched on. */
export function errata(g: GameState, key: ParamKey): boolean {
  return g.variants['ror-senate-errata'] && g.params[key] === 1;
}

/** Counts one change the module made to the game (the trigger) and the sub-rule's own counter. */
function changed(g: GameState, counter: 'rorStepDowns' | 'rorCensorPenalties' | 'rorCensorBarred' | 'rorCensorContinued' |
  'rorGovernorsCompelled' | 'rorRewardsChanged' | 'rorLandBillsExtra'): void {
  g.stats[counter]++;
  g.stats.rorErrataChanges++;
}

// ---- step down (errata 9.34) ----

/** Precedence for the chair: the Consul, the Censor, then every other senator by seniority (highest card first). */
function chairRank(g: GameState, s: number): number {
  return s === g.consul ? 0 : s === g.censor ? 1 : 2 + (SENATORS - 1 - s);
}

/** The senator in the chair: the one who took it over, else the Consul, else the Censor (-1: none; seat 0 presides). */
export function chairSenator(g: GameState): number {
  if (g.actingChair >= 0 && g.senWhere[g.actingChair] === AT_ROME && g.senOwner[g.actingChair]! >= 0) return g.actingChair;
  if (g.consul >= 0 && g.senOwner[g.consul]! >= 0) return g.consul;
  if (g.censor >= 0 && g.senOwner[g.censor]! >= 0) return g.censor;
  return -1;
}

/**
 * The senator who would take the chair if it were handed on now: the first after the sitting chair
 * in precedence who is a faction senator present in Rome (-1 when nobody is left). Errata 9.34 names
 * "the next HRAO"; LEGIONS' offices give the Consul, then the Censor, then seniority (F-3's senior).
 */
export function nextChair(g: GameState): number {
  const c = chairSenator(g);
  const r0 = c >= 0 ? chairRank(g, c) : -1;
  let best = -1;
  let bestRank = Infinity;
  for (let s = 0; s < SENATORS; s++) {
    if (s === c || g.senOwner[s]! < 0 || g.senWhere[s] !== AT_ROME || !g.senPresent[s]) continue;
    const r = chairRank(g, s);
    if (r > r0 && r < bestRank) {
      best = s;
      bestRank = r;
    }
  }
  return best;
}

/**
 * The chair's faction saw its motion defeated by every other faction: with the sub-rule, it may hand
 * the chair on for the rest of the meeting instead of losing Prestige. Returns true when it did.
 */
export function offerStepDown(g: GameState, policies: readonly Policy[], m: Motion, chairF: number): boolean {
  if (!errata(g, 'rorStepDown')) return false;
  const next = nextChair(g);
  if (next < 0 || !askBool(g, chairF, policies[chairF]!.stepDown(g, chairF, m), 'stepDown')) return false;
  g.actingChair = next;
  changed(g, 'rorStepDowns');
  if (g.trace !== null) log(g, `${factionName(chairF)} steps down: ${senatorName(next)} of ${factionName(g.senOwner[next]!)} takes the chair for the rest of the meeting`);
  return true;
}

// ---- the Censor pays (errata 9.34) ----

/**
 * A prosecution that every faction but the Censor's voted down costs the Censor's faction
 * rorCensorDefeatPrestige; the Consul's faction pays nothing for it (the Censor presides over
 * prosecutions). Returns whether the vote was such a defeat.
 */
export function censorDefeat(g: GameState, m: Motion, consulF: number): boolean {
  const cf = m.sponsor;
  for (let f = 0; f < g.players; f++) if (f !== cf && m.stance[f] !== -1) return false;
  const lose = g.params.rorCensorDefeatPrestige;
  const before = g.prestige[cf]!;
  addPrestige(g, cf, -lose);
  // The base game takes consulDefeatPrestige from the Consul's faction, and only when it is the Censor's.
  if (before > 0 && lose > 0 && (cf !== consulF || lose !== g.params.consulDefeatPrestige)) changed(g, 'rorCensorPenalties');
  if (g.trace !== null) log(g, `${factionName(cf)} loses ${lose} Prestige: its Censor's prosecution was defeated by every other faction`);
  return true;
}

// ---- Censor succession (Office Eligibility 6) ----

/**
 * The sitting Censor may not stand: counted as a change when his faction, offered the candidates
 * with him among them (`withHim`, in g.cands), would have nominated him (asked, not played).
 */
export function sittingCensorBarred(g: GameState, policies: readonly Policy[], s: number): void {
  const f = g.senOwner[s]!;
  if (f < 0 || !g.cands.includes(s)) return;
  const m = g.motion;
  resetMotion(m, ELECT_CENSOR, f);
  if (policies[f]!.propose(g, f, m, g.cands) === true && m.senator === s) changed(g, 'rorCensorBarred');
}

/** With no Censor appointed, the sitting one continues without a vote if he is still a faction senator in Rome. */
export function censorContinues(g: GameState, s: number): boolean {
  if (s < 0 || s === g.consul || g.senOwner[s]! < 0 || g.senWhere[s] !== AT_ROME) return false;
  changed(g, 'rorCensorContinued');
  if (g.trace !== null) log(g, `No Censor appointed: ${senatorName(s)} continues as Censor without a vote`);
  return true;
}

// ---- no refusal (errata 9.621) ----

/** A returning governor who refused but is the only candidate serves anyway. Returns true when compelled. */
export function governorCompelled(g: GameState, s: number): boolean {
  if (!errata(g, 'rorNoRefusal') || g.cands.length !== 1 || g.cands[0] !== s) return false;
  changed(g, 'rorGovernorsCompelled');
  if (g.trace !== null) log(g, `${senatorName(s)} may not refuse: he is the only candidate`);
  return true;
}

// ---- the prosecutor's reward (errata 9.41) ----

/** Prestige for the Censor's faction on a conviction: for a Major one, half the executed senator's Status. */
export function convictionReward(g: GameState, accused: number, major: boolean): number {
  const base = g.params.prosecutionCensorPrestige;
  if (!major || !errata(g, 'rorReward')) return base;
  const d = g.params.rorRewardDivisor;
  const v = g.params.rorRewardRoundUp ? Math.ceil(statusOf(accused) / d) : Math.floor(statusOf(accused) / d);
  if (v !== base) changed(g, 'rorRewardsChanged');
  return v;
}

// ---- land bills (Senate overview 9-10, with land-acts) ----

/** Whether a Land Act of `type` may still be moved this turn (base: no act has passed yet this turn). */
export function landActTypeOpen(g: GameState, type: number): boolean {
  if (!errata(g, 'rorLandBills')) return g.landActPassedTurn !== g.turn;
  return (type === 1 ? g.rorLandType1Turn : g.rorLandType2Turn) !== g.turn;
}

/** A Land Act motion of `type` was voted or vetoed: its type is used for this turn; a second act passing is counted. */
export function landActVoted(g: GameState, type: number, passed: boolean): void {
  if (!errata(g, 'rorLandBills')) return;
  if (type === 1) g.rorLandType1Turn = g.turn;
  else g.rorLandType2Turn = g.turn;
  if (passed && g.landActPassedTurn === g.turn) changed(g, 'rorLandBillsExtra');
}
