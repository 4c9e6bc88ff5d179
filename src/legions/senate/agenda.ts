// The Senate's fixed agenda: who may propose, validation of proposals, and mandatory nominations.
import { legalInt, log, policyError, presidingFaction } from '../common.js';
import { MOTION_NAMES, type Motion, resetMotion } from '../motion.js';
import type { Policy } from '../policy.js';
import { AT_FORUM, AT_ROME, type GameState, SENATORS } from '../state.js';
import { alreadyFailed, describeMotion, findCoSponsor, hasSenatorPresent, putToVote } from './voting.js';

/** How one kind of motion is checked, prepared (consents) and carried out. */
export interface MotionRules {
  /** Whether any legal motion of this kind can exist now (skips asking when none can). */
  applicable?(g: GameState): boolean;
  /** Lists the candidates offered to the proposer into g.cands; g.motion.target is already set. */
  candidates?(g: GameState): void;
  /** Returns null when legal, else what is wrong. */
  check(g: GameState, m: Motion): string | null;
  /** Steps before the vote (consents); false = the motion lapses without a vote. */
  prepare?(g: GameState, policies: readonly Policy[], m: Motion): boolean;
  /** Whether a vote is needed at all (e.g. a development attempt without aid). */
  needsVote?(g: GameState, m: Motion): boolean;
  execute(g: GameState, policies: readonly Policy[], m: Motion, passed: boolean): void;
}

/** Present faction senators in Rome holding no office: eligible for an appointment (Eligibility). */
export function listFreeSenators(g: GameState, includeNeutrals: boolean): void {
  g.cands.length = 0;
  for (let s = 0; s < SENATORS; s++) {
    if (s === g.consul || s === g.censor) continue;
    if (g.senWhere[s] === AT_ROME && g.senPresent[s] && g.senOwner[s]! >= 0) g.cands.push(s);
    else if (includeNeutrals && g.senWhere[s] === AT_FORUM) g.cands.push(s);
  }
}

/** Asks faction f for a motion of `kind`; true when it proposed a legal one (now in g.motion). */
export function askProposal(g: GameState, policies: readonly Policy[], f: number, kind: number, target: number, rules: MotionRules, listed = false, inBill = false): boolean {
  const m = g.motion;
  resetMotion(m, kind, f);
  m.target = target;
  m.inBill = inBill;
  if (rules.candidates && !listed) rules.candidates(g);
  const v = policies[f]!.propose(g, f, m, g.cands);
  if (v !== true) {
    if (v !== false) policyError(g, f, `propose ${MOTION_NAMES[kind]}: expected true/false`);
    return false;
  }
  // The engine owns these fields, whatever the policy wrote.
  m.kind = kind;
  m.sponsor = f;
  m.viaTribune = false;
  m.closed = false;
  m.coSponsor = -1;
  m.inBill = inBill;
  const bad = rules.check(g, m);
  if (bad !== null) {
    policyError(g, f, `illegal motion ${describeMotion(g, m)}: ${bad}`);
    return false;
  }
  if (alreadyFailed(g, m)) {
    policyError(g, f, `motion already defeated this turn: ${describeMotion(g, m)}`);
    return false;
  }
  return true;
}

/** Tempo: takes one optional motion's time; false when the meeting's time is used up. */
export function takeMotionSlot(g: GameState): boolean {
  if (g.motionBudget < 0) return true;
  if (g.motionBudget === 0) {
    if (g.trace) log(g, 'No time left for this motion (Tempo)');
    return false;
  }
  g.motionBudget--;
  return true;
}

/** Co-sponsor, consents, vote, effect: one proposed motion through to its end. Returns passed. */
export function carry(g: GameState, policies: readonly Policy[], rules: MotionRules): boolean {
  const m = g.motion;
  if (!findCoSponsor(g, policies, m)) return false;
  if (rules.prepare && !rules.prepare(g, policies, m)) return false;
  const passed = rules.needsVote && !rules.needsVote(g, m) ? true : putToVote(g, policies, m);
  rules.execute(g, policies, m, passed);
  return passed;
}

/**
 * An optional agenda item: the presiding faction may make up to maxMotionsPerItem motions; then each
 * other faction holding a real tribune may force one motion to the vote, spending the tribune.
 */
export function optionalItem(g: GameState, policies: readonly Policy[], kind: number, rules: MotionRules): void {
  if (rules.applicable && !rules.applicable(g)) return;
  const c = presidingFaction(g);
  if (hasSenatorPresent(g, c)) {
    for (let k = 0; k < g.params.maxMotionsPerItem; k++) {
      if (k > 0 && rules.applicable && !rules.applicable(g)) return;
      if (g.motionBudget === 0 || !askProposal(g, policies, c, kind, -1, rules) || !takeMotionSlot(g)) break;
      carry(g, policies, rules);
    }
  }
  for (let i = 1; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (g.tribunesReal[f] === 0 || !hasSenatorPresent(g, f)) continue;
    if (rules.applicable && !rules.applicable(g)) return;
    if (g.motionBudget === 0 || !askProposal(g, policies, f, kind, -1, rules) || !takeMotionSlot(g)) continue;
    g.tribunesReal[f]--;
    g.motion.viaTribune = true;
    if (g.trace) log(g, `Faction ${f} forces a motion to the vote with a tribune`);
    carry(g, policies, rules);
  }
}

/**
 * A mandatory appointment from g.cands: proposers take turns from the presiding faction; a rejected
 * candidate is out; the last one left is appointed automatically (Automatic Appointment).
 * A proposer who fails to name a candidate commits a policy error and the Secretary names the
 * senior one (highest card). Returns the appointed senator or -1 when no candidate remains.
 */
export function appoint(g: GameState, policies: readonly Policy[], kind: number, target: number, rules: MotionRules): number {
  const m = g.motion;
  let proposer = presidingFaction(g);
  for (;;) {
    m.target = target;
    if (rules.candidates) rules.candidates(g);
    if (g.cands.length === 0) return -1;
    if (g.cands.length === 1 && (!rules.prepare || consentOnly(g, policies, kind, target, g.cands[0]!, rules))) {
      if (g.trace) log(g, `Automatic appointment for ${MOTION_NAMES[kind]}`);
      return g.cands[0]!;
    }
    for (let i = 0; i < g.players && !hasSenatorPresent(g, proposer); i++) proposer = (proposer + 1) % g.players;
    let chosen = -1;
    if (askProposal(g, policies, proposer, kind, target, rules, true)) chosen = m.senator;
    else {
      chosen = senior(g.cands);
      resetMotion(m, kind, proposer);
      m.target = target;
      m.senator = chosen;
      if (g.cands.length > 0) policyError(g, proposer, `no candidate named for ${MOTION_NAMES[kind]}; the senior one stands`);
    }
    const passed = (!rules.prepare || rules.prepare(g, policies, m)) && putToVote(g, policies, m);
    if (passed) return chosen;
    rejectCandidate(g, kind, target, chosen);
    proposer = (proposer + 1) % g.players;
  }
}

function consentOnly(g: GameState, policies: readonly Policy[], kind: number, target: number, s: number, rules: MotionRules): boolean {
  resetMotion(g.motion, kind, presidingFaction(g));
  g.motion.target = target;
  g.motion.senator = s;
  if (rules.prepare!(g, policies, g.motion)) return true;
  rejectCandidate(g, kind, target, s);
  return false;
}

/** Candidates rejected for one office (kind and target) this turn may not stand again (Failure of motion). */
export function rejectCandidate(g: GameState, kind: number, target: number, s: number): void {
  g.rejected.push((kind * 64 + target + 1) * 32 + s);
}

export function isRejected(g: GameState, kind: number, target: number, s: number): boolean {
  return g.rejected.length > 0 && g.rejected.includes((kind * 64 + target + 1) * 32 + s);
}

const senior = (c: readonly number[]): number => {
  let b = c[0]!;
  for (const s of c) if (s > b) b = s;
  return b;
};

export function inCands(g: GameState, s: number): boolean {
  return legalInt(s, 0, SENATORS - 1) && g.cands.includes(s);
}
