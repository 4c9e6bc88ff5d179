// ror-dictator: a Dictator and his Master of Horse (RoR errata: Senate Phase Overview 2, Office
// Eligibility 4-5, 9.24, 9.72, 9.91, 9.92, 10.11, 10.12, General Recall rules; docs/rules.md).
// The Master of Horse's death check draws from the module's own stream (GameState.rng.dictator).
import * as rngModule from '../../core/rng.js';
import * as commonModule from '../common.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import * as detachmentsModule from './detachments.js';
import type { MotionRules } from '../senate/agenda.js';
import * as agendaModule from '../senate/agenda.js';
import * as describeModule from '../senate/describe.js';
import * as rosterModule from '../senate/roster.js';
import * as prosecutionsModule from '../senate/prosecutions.js';
import * as votingModule from '../senate/voting.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { addPrestige, log, masterOfHorseReturns, policyError, presidingFaction, senatorToDeckBottom } = commonModule;
const { ELECT_DICTATOR, motionRules, NAME_MASTER_OF_HORSE } = motionModule;
const { detCommander, maxDetachments } = detachmentsModule;
const { askProposal, endList, inCands, isRejected, listAt, rejectCandidate } = agendaModule;
const { before, logEffects } = describeModule;
const { senatorMoved } = rosterModule;
const { vacateOffices } = prosecutionsModule;
const { hasSenatorPresent, putToVote } = votingModule;
const { AT_MASTER_OF_HORSE, AT_ROME, factionName, militaryRatingOf, SENATORS, senatorName, statusOf } = stateModule;

/** A Dictator may be chosen when enough wars are active, or one is large enough (rescaled: rorDictatorWars, rorDictatorArmies). */
export function dictatorWarranted(g: GameState): boolean {
  let active = 0;
  for (let w = 0; w < g.wars.status.length; w++) {
    if (g.wars.status[w] !== 1) continue;
    active++;
    if (g.wars.armies[w]! >= g.params.rorDictatorArmies) return true;
  }
  return active >= g.params.rorDictatorWars;
}

/**
 * Whether the Dictator in office commands at war w (detachment d; any of its detachments when d is
 * omitted, under ror-multiple-commanders): his forces cannot be recalled, replaced or reinforced.
 */
export function dictatorCommands(g: GameState, w: number, d = -1): boolean {
  if (g.rorDictator < 0) return false;
  if (d >= 0) return detCommander(g, w, d) === g.rorDictator;
  for (let e = 0; e < maxDetachments(g); e++) if (detCommander(g, w, e) === g.rorDictator) return true;
  return false;
}

/**
 * Military Rating a commander brings: his own, and for the Dictator his Master of Horse's too (errata
 * 10.11). At war `w` the Master of Horse must be there with him; w = -1 asks for a dispatch not yet made.
 * The battle caps the sum at the legions, as it caps any rating.
 */
export function commandRating(g: GameState, s: number, w: number): number {
  const mr = militaryRatingOf(s);
  const h = g.rorMasterOfHorse;
  if (s !== g.rorDictator || h < 0) return mr;
  if (w >= 0 && !(g.senWhere[h] === AT_MASTER_OF_HORSE && g.senPost[h] === w)) return mr;
  return mr + militaryRatingOf(h);
}

/**
 * Combat: the rating commander c adds at war w with `legions` (the one change ror-dictator makes to
 * a battle). Counts the battles in which the Master of Horse raised the attack.
 */
export function battleRating(g: GameState, w: number, c: number, legions: number): number {
  const mr = militaryRatingOf(c);
  if (c !== g.rorDictator) return mr;
  const r = commandRating(g, c, w);
  if (Math.min(r, legions) > Math.min(mr, legions)) g.stats.rorDictatorBattles++;
  return r;
}

/**
 * Combat: the Master of Horse at war w faces the commander's death check (half or more of the legions
 * lost, a number above his Status), drawn from the module's own stream.
 */
export function masterOfHorseFate(g: GameState, w: number, legions: number, lost: number): void {
  const h = g.rorMasterOfHorse;
  if (h < 0 || g.senWhere[h] !== AT_MASTER_OF_HORSE || g.senPost[h] !== w || !(2 * lost >= legions && lost > 0)) return;
  const r = uniformInt(g.rng.dictator, 10) + 1;
  if (r <= statusOf(h)) {
    if (g.trace !== null) log(g, `Master of Horse ${senatorName(h)} survives (draw ${r})`);
    return;
  }
  if (g.trace !== null) log(g, `Master of Horse ${senatorName(h)} is killed (draw ${r} > Status ${statusOf(h)})`);
  g.stats.senatorsKilled++;
  vacateOffices(g, h);
  senatorToDeckBottom(g, h);
}

/** Dispatch: the Master of Horse goes with the Dictator to his war. */
export function dictatorTakesCommand(g: GameState, s: number, w: number): void {
  const h = g.rorMasterOfHorse;
  if (s !== g.rorDictator || h < 0 || g.senWhere[h] !== AT_ROME) return;
  g.senWhere[h] = AT_MASTER_OF_HORSE;
  g.senPost[h] = w;
  g.senPresent[h] = 0;
  senatorMoved(g, h);
}

/** Dictator candidates: present faction senators in Rome, not the Consul, not rejected this turn (the Censor may stand). */
const dictatorRules: MotionRules = motionRules({
  candidates(g) {
    let k = 0;
    for (let s = 0; s < SENATORS; s++) {
      if (s === g.consul || g.senOwner[s]! < 0 || g.senWhere[s] !== AT_ROME || !g.senPresent[s]) continue;
      if (!isRejected(g, ELECT_DICTATOR, -1, s)) listAt(g.cands, k++, s);
    }
    endList(g, k);
  },
  check: (g, m) => (inCands(g, m.senator) ? null : 'not an eligible candidate for Dictator'),
  execute() {},
});

/** Master of Horse candidates: present faction senators in Rome other than the Consul and the Dictator. */
const masterRules: MotionRules = motionRules({
  candidates(g) {
    let k = 0;
    for (let s = 0; s < SENATORS; s++) {
      if (s === g.consul || s === g.rorDictator || g.senOwner[s]! < 0 || g.senWhere[s] !== AT_ROME || !g.senPresent[s]) continue;
      listAt(g.cands, k++, s);
    }
    endList(g, k);
  },
  check: (g, m) => (inCands(g, m.senator) ? null : 'not an eligible Master of Horse'),
  execute() {},
});

/**
 * Item 1a, right after the Consul election: when wars warrant it, the chair may nominate a Dictator
 * (only the presiding magistrate may); each nomination is voted and may be vetoed, and the chair may
 * try again until one passes or he stops (errata 9.91). With rorDictatorAppointed the Consul's
 * faction appoints without a vote. One Dictator a turn.
 */
export function dictatorItem(g: GameState, policies: readonly Policy[]): void {
  if (g.rorDictatorTurn === g.turn || g.rorDictator >= 0 || !dictatorWarranted(g)) return;
  const appointed = g.params.rorDictatorAppointed === 1;
  if (appointed && (g.consul < 0 || g.senOwner[g.consul]! < 0)) return;
  // The presiding magistrate nominates; an appointment is the Consul's (RoR: both Consuls').
  const chair = appointed ? g.senOwner[g.consul]! : presidingFaction(g);
  if (!hasSenatorPresent(g, chair)) return;
  for (;;) {
    dictatorRules.candidates!(g);
    if (g.cands.length === 0) return;
    if (!askProposal(g, policies, chair, ELECT_DICTATOR, -1, dictatorRules, true)) return;
    const m = g.motion;
    m.tabledBy = chair;
    const s = m.senator;
    let passed = appointed;
    if (!appointed) {
      g.stats.rorDictatorVotes++;
      const b = g.trace !== null ? before(g) : null;
      passed = putToVote(g, policies, m);
      if (b) logEffects(g, b, log);
    }
    if (passed) {
      installDictator(g, policies, s);
      return;
    }
    rejectCandidate(g, ELECT_DICTATOR, -1, s);
  }
}

function installDictator(g: GameState, policies: readonly Policy[], s: number): void {
  const f = g.senOwner[s]!;
  g.rorDictator = s;
  g.rorDictatorTurn = g.turn;
  g.senOfficeTurn[s] = g.turn;
  if (g.censor === s) g.censor = -1; // one office at a time: he leaves the censorship
  addPrestige(g, f, g.params.rorDictatorPrestige);
  g.stats.rorDictators++;
  if (g.trace !== null) log(g, `${senatorName(s)} of ${factionName(f)} is Dictator`);
  nameMasterOfHorse(g, policies, f);
}

/** The Dictator's faction names his Master of Horse, who cannot refuse (9.24, 9.91); it must name one. */
function nameMasterOfHorse(g: GameState, policies: readonly Policy[], f: number): void {
  masterRules.candidates!(g);
  if (g.cands.length === 0) return;
  const errors = g.stats.policyErrors;
  let h: number;
  if (askProposal(g, policies, f, NAME_MASTER_OF_HORSE, -1, masterRules, true)) h = g.motion.senator;
  else {
    h = g.cands[0]!;
    for (const s of g.cands) if (s > h) h = s;
    if (g.stats.policyErrors === errors) policyError(g, f, 'the Dictator must name a Master of Horse: the senior candidate serves');
  }
  g.rorMasterOfHorse = h;
  g.senOfficeTurn[h] = g.turn;
  if (g.censor === h) g.censor = -1;
  addPrestige(g, g.senOwner[h]!, g.params.rorMasterOfHorsePrestige);
  if (g.trace !== null) log(g, `${senatorName(h)} of ${factionName(g.senOwner[h]!)} is Master of Horse`);
}

/**
 * The offices end at the next Consul election (errata 9.92): a Dictator at war stays as an ordinary
 * commander, his Master of Horse comes home. Both count as last turn's office holders for prosecutions.
 */
export function endDictatorship(g: GameState): void {
  g.rorExDictator = g.rorDictator;
  g.rorExMasterOfHorse = g.rorMasterOfHorse;
  if (g.rorDictator < 0 && g.rorMasterOfHorse < 0) return;
  masterOfHorseReturns(g);
  if (g.trace !== null) log(g, 'The dictatorship ends with the Consul election');
  g.rorDictator = -1;
  g.rorMasterOfHorse = -1;
}
