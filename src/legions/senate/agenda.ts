// The Senate's Order of Business: motions made by any faction, tabled by the chair in the order he
// chooses, or at once by their sponsor's real tribune; nominations for the mandatory offices.
import * as commonModule from '../common.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as rosterModule from './roster.js';
import * as detachmentsModule from '../ror/detachments.js';
import * as repopulationModule from '../ror/repopulation.js';
import * as describeModule from './describe.js';
import * as votingModule from './voting.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, legalInt, log, policyError, presidingFaction } = commonModule;
const { DEVELOP, DISPATCH, draftMotion, MOTION_NAMES, motionKey, newMotion, RECALL, REPLACE_COMMANDER, resetMotion, STAGE_RAISE, stageOf, TRANSFER } = motionModule;
const { candsChanged, factionName, lowestSenator, SENATORS, shorten } = stateModule;
const { forumSenators, presentSenators, senatorsByOwner } = rosterModule;
const { newDetachment } = detachmentsModule;
const { repopulate } = repopulationModule;
const { before, logEffects } = describeModule;
const { alreadyFailed, describeMotion, findCoSponsor, presentFactionMask, putToVote, recordFailure } = votingModule;

/** How one kind of motion is checked, prepared (consents) and carried out. */
export interface MotionRules {
  /** Whether any legal motion of this kind can exist now (skips asking when none can). */
  applicable?(g: GameState): boolean;
  /** Lists the candidates offered to the proposer into g.cands; g.motion.target is already set. */
  candidates?(g: GameState): void;
  /** Returns null when legal, else what is wrong. */
  check(g: GameState, m: Motion): string | null;
  /**
   * Appointments: the candidates listed leave out whoever was rejected for the office this meeting,
   * and a defeated nomination rejects its candidate, so a nomination that passes `check` cannot
   * have been defeated before (alreadyFailed need not be asked).
   */
  listsOutFailures?: boolean;
  /**
   * Republic of Rome modules: for a motion `check` allows, null when the module's order of business
   * allows it too, else why the chair rules it out (it lapses and counts as failed; no policy error).
   */
  rorOrder?(g: GameState, m: Motion): string | null;
  /**
   * Republic of Rome modules: for a motion in order, null, or why the chair defers it (it lapses
   * unvoted but does not count as failed: it may be moved again later in the meeting).
   */
  rorDefer?(g: GameState, m: Motion): string | null;
  /** Steps before the vote (consents); false = the motion lapses without a vote. */
  prepare?(g: GameState, policies: readonly Policy[], m: Motion): boolean;
  /** Whether a vote is needed at all (e.g. a development attempt without aid). */
  needsVote?(g: GameState, m: Motion): boolean;
  execute(g: GameState, policies: readonly Policy[], m: Motion, passed: boolean): void;
}

/**
 * Puts candidate s at place k of a list being made (g.cands), in place: emptying the array first and
 * pushing would make V8 allocate a new backing store at every listing. endList then sets its length.
 */
export function listAt(cands: number[], k: number, s: number): void {
  if (k < cands.length) cands[k] = s;
  else cands.push(s);
}

/** Ends the list of candidates made with listAt (in g.cands) at k entries: a new listing for the players' census. */
export function endList(g: GameState, k: number): void {
  shorten(g.cands, k);
  candsChanged(g);
}

/**
 * The last listing made by listMask, as a mask of its senators, and which game's listing it was:
 * while g.candsListing is unchanged, inCands reads one bit instead of the list.
 */
let maskedGame: GameState | null = null;
let maskedListing = -1;
let maskedCands = 0;

/** Lists the senators of `mask` (bit s = senator s) into g.cands, in card order. */
export function listMask(g: GameState, mask: number): void {
  // g.cands still holds this very listing (nothing listed or moved since): it stands, and so does the players' census of it.
  if (g === maskedGame && g.candsListing === maskedListing && mask === maskedCands) return;
  let k = 0;
  let rest = mask;
  const cands = g.cands; // (held: V8 reloads a field read in a loop at every turn)
  // listAt's two cases in a loop each (some 790 senators listed a game): the places the list has are
  // overwritten, then the rest pushed, so the array stays packed, never holey.
  for (const n = cands.length; rest !== 0 && k < n; rest &= rest - 1) cands[k++] = lowestSenator(rest);
  for (; rest !== 0; rest &= rest - 1, k++) cands.push(lowestSenator(rest));
  endList(g, k);
  maskedGame = g;
  maskedListing = g.candsListing;
  maskedCands = mask;
}

/**
 * The senators of g.cands by owner (roster's senatorsByOwner places) when g.cands is still listMask's
 * last listing: from the mask it was listed from, without reading the list. Returns that mask (the listing
 * is in card order), or -1 with `out` untouched.
 */
export function listingByOwner(g: GameState, out: Int32Array): number {
  if (g !== maskedGame || g.candsListing !== maskedListing) return -1;
  senatorsByOwner(g, maskedCands, out);
  return maskedCands;
}

/** Bit s set for each senator s of the four given (-1: nobody). */
export function senatorBits(a: number, b: number, c: number, d: number): number {
  return (a >= 0 ? 1 << a : 0) | (b >= 0 ? 1 << b : 0) | (c >= 0 ? 1 << c : 0) | (d >= 0 ? 1 << d : 0);
}

/**
 * Present faction senators in Rome (with includeNeutrals, and the Forum's neutrals) holding no
 * office, as a mask: eligible for an appointment (Eligibility).
 */
export function freeSenators(g: GameState, includeNeutrals: boolean): number {
  const attending = includeNeutrals ? presentSenators(g) | forumSenators(g) : presentSenators(g);
  return attending & ~senatorBits(g.consul, g.censor, g.rorDictator, g.rorMasterOfHorse);
}

/** Index in the agenda of a pending motion identical to `m`, or -1. */
export function pendingIndex(g: GameState, m: Motion): number {
  if (g.agendaCount === 0) return -1; // the usual case: no key to compute
  return agendaIndex(g, motionKey(m));
}

/** Index in the agenda of the pending motion whose motionKey is `key`, or -1. */
export function agendaIndex(g: GameState, key: number): number {
  const keys = g.agendaKeys; // (the keys and count held: V8 reloads a field read in a loop at every turn)
  for (let i = 0, n = g.agendaCount; i < n; i++) if (keys[i] === key) return i;
  return -1;
}

/** Whether the meeting has moved past the military stage of this kind (Military Appointments order). */
export function outOfStage(g: GameState, kind: number): boolean {
  const s = stageOf(kind);
  return s >= 0 && s < g.militaryStage;
}

/**
 * Asks faction f for a motion of `kind`; true when it made a legal one (now in g.motion). With
 * `listed` the candidates in g.cands are already listed; `inBill` drafts a part of a bill.
 */
export function askProposal(g: GameState, policies: readonly Policy[], f: number, kind: number, target: number, rules: MotionRules, listed = false, inBill = false): boolean {
  const m = g.motion;
  draftMotion(m, kind, f, target, inBill);
  // A rule's optional step is a function or undefined (motionRules), `listed` a boolean: one compare each, not V8's full truthiness test.
  if (rules.candidates !== undefined && listed === false) rules.candidates(g);
  if (!proposed(g, policies, m, f, kind, target, inBill)) return false;
  if (!usesDetachments(kind)) {
    m.det = 0;
    m.det2 = 0;
  }
  const bad = rules.check(g, m) ?? (outOfStage(g, kind) ? 'the meeting has moved past this stage of the military business' : null);
  if (bad !== null) {
    policyError(g, f, `illegal motion ${describeMotion(g, m)}: ${bad}`);
    return false;
  }
  if (rules.listsOutFailures !== true && alreadyFailed(g, m)) {
    policyError(g, f, `motion already defeated this turn: ${describeMotion(g, m)}`);
    return false;
  }
  if (ruledOut(g, rules)) return false;
  if (kind === DISPATCH && m.senator >= 0 && newDetachment(g, m.target, m.det)) g.stats.rorDetachmentMotions++;
  return true;
}

/**
 * Faction f's policy asked for the motion being drafted in m (reset, its candidates listed):
 * true when it made one, with the fields the engine owns then set whatever the policy wrote.
 */
function proposed(g: GameState, policies: readonly Policy[], m: Motion, f: number, kind: number, target: number, inBill: boolean): boolean {
  const v = policies[f]!.propose(g, f, m, g.cands);
  if (v !== true) {
    if (v !== false) policyError(g, f, `propose ${MOTION_NAMES[kind]}: expected true/false`);
    return false;
  }
  m.kind = kind;
  m.sponsor = f;
  m.tabledBy = -1;
  m.viaTribune = false;
  m.closed = false;
  m.coSponsor = -1;
  m.inBill = inBill;
  if (target >= 0) m.target = target;
  return true;
}

/**
 * askProposal for a nomination to an office whose rules `plainOffice` allows (candidates listed in
 * g.cands, not in a bill): no military stage, no detachments, no module's order of business, and
 * the defeated left off the list, so what remains is the policy's answer and the office's `check`.
 * Its own function, not a branch of askProposal: the nominations' checks then do not share
 * askProposal's call sites with every other kind (measured 1-3.5 % of a game). The nomination is
 * drafted in `m`, the agenda's next free entry (freeEntry), not in g.motion.
 */
function askNomination(g: GameState, policies: readonly Policy[], m: Motion, f: number, kind: number, target: number, rules: MotionRules): boolean {
  draftMotion(m, kind, f, target, false);
  if (!proposed(g, policies, m, f, kind, target, false)) return false;
  m.det = 0;
  m.det2 = 0;
  const bad = rules.check(g, m);
  if (bad == null) return true;
  policyError(g, f, `illegal motion ${describeMotion(g, m)}: ${bad}`);
  return false;
}

/** Whether askNomination asks for a motion of `kind` under `rules` as askProposal would. */
function plainOffice(kind: number, rules: MotionRules): boolean {
  // The last answer stands for the same office's rules (the game's rules objects are fixed; a turn fills one office after another).
  if (rules === plainRules && kind === plainKind) return plainAnswer;
  plainRules = rules;
  plainKind = kind;
  plainAnswer = stageOf(kind) < 0 && !usesDetachments(kind) && rules.listsOutFailures === true && rules.rorOrder === undefined && rules.rorDefer === undefined;
  return plainAnswer;
}

/** plainOffice's last answer and the office it was for. */
let plainRules: MotionRules | null = null;
let plainKind = -1;
let plainAnswer = false;

/** Kinds whose motions name detachments (ror-multiple-commanders). */
const usesDetachments = (kind: number): boolean => kind === DISPATCH || kind === RECALL || kind === TRANSFER || kind === REPLACE_COMMANDER;

/**
 * A motion of g.motion that a Republic of Rome module's order of business forbids (rules.rorOrder):
 * the chair rules it out; it lapses, is recorded as failed (not made again this turn) and counted.
 */
function ruledOut(g: GameState, rules: MotionRules): boolean {
  const why = rules.rorOrder !== undefined ? rules.rorOrder(g, g.motion) : null;
  if (why === null) {
    const later = rules.rorDefer !== undefined ? rules.rorDefer(g, g.motion) : null;
    if (later === null) return false;
    g.stats.rorDispatchesDeferred++;
    g.stats.rorReinforcementsBound++;
    lapse(g, `deferred: ${later}`);
    return true;
  }
  g.stats.rorReinforceBlocked++;
  g.stats.rorReinforcementsBound++;
  lapse(g, `out of order: ${why}`);
  recordFailure(g, g.motion);
  return true;
}

/** A motion identical to one already on the agenda is not made twice (the policy should check `onAgenda`). */
export function policyDuplicate(g: GameState, f: number): void {
  policyError(g, f, `motion already on the agenda: ${describeMotion(g, g.motion)}`);
}

/**
 * Adds g.motion to the agenda (the Secretary's list of motions made), growing the pool if needed. A
 * motion is made, not voted: its per-faction tally stays zero on the agenda. The motion itself joins
 * the agenda and the free entry becomes g.motion (swapMotion), no field copied; g.motion then holds
 * an earlier motion's terms until the next is drafted or tabled, which sets them.
 */
export function addToAgenda(g: GameState, key = motionKey(g.motion)): void {
  const free = freeEntry(g);
  g.agenda[g.agendaCount] = swapMotion(g, free);
  countInAgenda(g, key);
}

/**
 * Makes `m` (a pooled agenda entry) g.motion and returns the motion it replaces, the two objects
 * trading their per-faction tallies: the agenda's entries keep the zero tally of a motion not voted,
 * and g.motion keeps its own, as a copy of the terms would have left them.
 */
function swapMotion(g: GameState, m: Motion): Motion {
  const old = g.motion;
  const { stance, power, bought } = m; // (zero: an agenda entry's)
  m.stance = old.stance;
  m.power = old.power;
  m.bought = old.bought;
  old.stance = stance;
  old.power = power;
  old.bought = bought;
  g.motion = m;
  return old;
}

/**
 * The agenda's next free entry (the pool grown if needed): its per-faction tally is zero, as on any
 * agenda entry. A nomination is drafted in it directly, so that counting it in puts it on the agenda.
 */
function freeEntry(g: GameState): Motion {
  if (g.agendaCount === g.agenda.length) g.agenda.push(newMotion(g.players));
  return g.agenda[g.agendaCount]!;
}

/** The free entry, filled, joins the agenda under `key`. */
function countInAgenda(g: GameState, key: number): void {
  g.agendaKeys[g.agendaCount] = key;
  g.agendaCount++;
}

/** Makes agenda entry i g.motion (swapMotion: no field copied) and closes the gap (keeping the order in which motions were made). */
export function takeFromAgenda(g: GameState, i: number): void {
  const a = g.agenda;
  const keys = g.agendaKeys;
  const taken = a[i]!;
  const last = g.agendaCount - 1;
  for (let k = i; k < last; k++) {
    a[k] = a[k + 1]!;
    keys[k] = keys[k + 1]!;
  }
  a[last] = swapMotion(g, taken); // (the motion it replaces, its tally now zero, is the pool's free entry)
  g.agendaCount = last;
}

/**
 * Whether agenda entry i may be tabled now: development requests go in province order (Develop
 * Provinces). Any other motion may be tabled, even one that puts earlier military stages behind.
 */
export function tableable(g: GameState, i: number): boolean {
  const m = g.agenda[i]!;
  if (m.kind !== DEVELOP) return true;
  for (let k = 0, a = g.agenda, n = g.agendaCount; k < n; k++) {
    const o = a[k]!;
    if (o.kind === DEVELOP && o.target < m.target) return false;
  }
  return true;
}

/**
 * The natural order: the earliest motion made that leaves no other pending motion out of order (an
 * earlier military stage or a lower province first). Used when the chair does not choose.
 */
export function naturalNext(g: GameState): number {
  let best = -1;
  let bestStage = 99;
  for (let i = 0, n = g.agendaCount; i < n; i++) {
    if (!tableable(g, i)) continue;
    const s = stageOf(g.agenda[i]!.kind);
    const rank = s < 0 ? 99 : s;
    if (best < 0 || rank < bestStage) {
      best = i;
      bestStage = rank;
      if (s < 0) break; // a motion of no stage is never held back by others
    }
  }
  return best < 0 ? 0 : best;
}

/** The chair (presiding faction) picks the next agenda entry to table; an illegal pick falls back to the natural order. */
export function chairChooses(g: GameState, policies: readonly Policy[], chair: number): number {
  if (g.agendaCount === 1) return 0; // (what naturalNext answers for one motion, whatever it is: no pass over the agenda)
  if (!g.params.consulOrdersMotions) return naturalNext(g);
  const i = policies[chair]!.tableNext(g, chair, g.agenda, g.agendaCount);
  if (legalInt(i, 0, g.agendaCount - 1) && tableable(g, i)) return i;
  policyError(g, chair, `table ${String(i)}: not a motion that may be tabled now (0..${g.agendaCount - 1}, development in province order)`);
  return naturalNext(g);
}

/** Tempo: takes one optional motion's time; false when the meeting's time is used up. */
export function takeMotionSlot(g: GameState): boolean {
  if (g.motionBudget < 0) return true;
  if (g.motionBudget === 0) return false;
  g.motionBudget--;
  return true;
}

/** A motion withdrawn unvoted (out of order by now, no co-sponsor, a refusal, no time left). */
export function lapse(g: GameState, why: string): void {
  g.stats.motionsLapsed++;
  if (g.trace !== null) log(g, `Withdrawn (${why}): ${describeMotion(g, g.motion)}`);
}

/**
 * Military Appointments happen in stages; tabling a motion of a later stage closes the earlier ones.
 * When raising opens, factions first raise their own legions (no vote) through `ownRaise`.
 */
export function advanceStage(g: GameState, stage: number, ownRaise: () => void): void {
  if (stage < 0 || stage <= g.militaryStage) return;
  if (g.militaryStage < STAGE_RAISE && stage >= STAGE_RAISE) {
    g.militaryStage = STAGE_RAISE;
    ownRaise();
  }
  g.militaryStage = stage;
}

/**
 * Whether the tabled motion (in g.motion) is still in order: the game may have moved since it was
 * made (another motion passed, a stage closed). If not it lapses, unvoted and taking no time. With
 * `listed` the candidates of its kind in g.cands are already current.
 */
export function stillInOrder(g: GameState, rules: MotionRules, listed = false): boolean {
  const m = g.motion;
  if (rules.candidates !== undefined && listed === false) rules.candidates(g);
  const bad = rules.check(g, m) ?? (outOfStage(g, m.kind) ? 'the meeting has moved past its stage' : alreadyFailed(g, m) ? 'an identical motion was defeated' : null);
  if (bad === null) return !ruledOut(g, rules);
  lapse(g, bad);
  return false;
}

/**
 * A tabled motion (in g.motion, found still in order) through to its end: seconded if it must be,
 * consents, the vote, the effect. Returns passed.
 */
export function resolve(g: GameState, policies: readonly Policy[], rules: MotionRules, ownRaise: () => void): boolean {
  const m = g.motion;
  if (!findCoSponsor(g, policies, m)) {
    // Failed for lack of support (Failure of motion): it may not return unchanged this turn.
    g.stats.motionsLapsed++;
    recordFailure(g, m);
    return false;
  }
  // The rules' steps answer true or false: one compare against false, not V8's full truthiness test of an unknown value.
  if (rules.prepare !== undefined && rules.prepare(g, policies, m) === false) {
    lapse(g, 'refused');
    return false;
  }
  advanceStage(g, stageOf(m.kind), ownRaise);
  const b = g.trace !== null ? before(g) : null;
  const passed = rules.needsVote !== undefined && rules.needsVote(g, m) === false ? true : putToVote(g, policies, m);
  rules.execute(g, policies, m, passed);
  if (b !== null) logEffects(g, b, log); // (an object or null: one compare)
  if (passed) repopulate(g, policies); // ror-repopulation: a commander sent away may leave Rome short
  return passed;
}

/**
 * A mandatory appointment (Consul, Censor, a Governor): every faction with a senator present may
 * nominate one candidate, clockwise from the chair's left, the chair last; a second nomination of the same candidate
 * seconds the first. The chair tables the nominations in the order he chooses; the first passed is
 * appointed, each one defeated (or vetoed, or refusing) is out for this office this turn. When
 * nobody nominates, the chair must (docs/rules.md F-3). When one candidate is left he is appointed
 * without a vote (Automatic Appointment). Returns the appointed senator or -1 when none is left.
 */
export function appoint(g: GameState, policies: readonly Policy[], kind: number, target: number, rules: MotionRules): number {
  // g.motion is read afresh throughout: taking a motion from the agenda or adding one makes another object g.motion.
  const n = g.players;
  const cands = g.cands; // (listed afresh in place: the same array throughout)
  const plain = plainOffice(kind, rules) === true; // (a boolean from a call not inlined: tested below with one compare, not V8's full truthiness test)
  for (;;) {
    const chair = presidingFaction(g);
    g.motion.target = target;
    if (rules.candidates !== undefined) rules.candidates(g);
    if (cands.length === 0) return -1;
    if (cands.length === 1 && (rules.prepare === undefined || consentOnly(g, policies, kind, target, cands[0]!, rules))) {
      if (g.trace !== null) log(g, `Automatic appointment for ${MOTION_NAMES[kind]}`);
      return cands[0]!;
    }
    if (cands.length === 1) continue; // the last candidate refused and is out
    g.agendaCount = 0;
    const present = presentFactionMask(g); // nobody comes or goes while the nominations are made
    for (let i = 1, f = chair; i <= n; i++) {
      f = f === n - 1 ? 0 : f + 1; // (chair + i) % n, without a division per faction
      if ((present & (1 << f)) === 0) continue;
      // A plain nomination is drafted in the agenda's free entry (on the agenda without a copy), others in g.motion.
      const drafted = plain ? freeEntry(g) : g.motion;
      if (!(plain ? askNomination(g, policies, drafted, f, kind, target, rules) : askProposal(g, policies, f, kind, target, rules, true))) continue;
      const key = motionKey(drafted); // (one key for the search and the agenda)
      const dup = agendaIndex(g, key);
      if (dup >= 0) {
        const a = g.agenda[dup]!;
        if (a.coSponsor < 0) a.coSponsor = f;
      } else if (plain) countInAgenda(g, key);
      else addToAgenda(g, key);
    }
    if (g.agendaCount === 0) {
      // Nobody nominated: the office must be filled, so the senior candidate stands in the chair's name.
      const m = g.motion;
      resetMotion(m, kind, chair);
      m.target = target;
      m.senator = senior(cands);
      policyError(g, chair, `nobody nominated for ${MOTION_NAMES[kind]}; the senior candidate stands`);
      addToAgenda(g);
    }
    while (g.agendaCount > 0) {
      takeFromAgenda(g, chairChooses(g, policies, chair));
      const m = g.motion;
      m.tabledBy = chair;
      const s = m.senator;
      if (g.trace !== null) log(g, `${factionName(chair)} tables: ${describeMotion(g, m)}`);
      const b = g.trace !== null ? before(g) : null;
      const passed = (rules.prepare === undefined || rules.prepare(g, policies, m) === true) && putToVote(g, policies, m); // (prepare answers a boolean)
      if (b !== null) logEffects(g, b, log);
      if (passed) {
        g.agendaCount = 0;
        return s;
      }
      rejectCandidate(g, kind, target, s);
      m.target = target;
      if (rules.candidates !== undefined) rules.candidates(g);
      if (cands.length <= 1) break; // the automatic appointment (or none) is decided above
    }
    g.agendaCount = 0;
  }
}

function consentOnly(g: GameState, policies: readonly Policy[], kind: number, target: number, s: number, rules: MotionRules): boolean {
  resetMotion(g.motion, kind, presidingFaction(g));
  g.motion.target = target;
  g.motion.senator = s;
  if (rules.prepare!(g, policies, g.motion) === true) return true; // (a boolean: one compare)
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

/** The senators (bit s) rejected for one office this turn: one pass over the rejections serves a whole listing. */
export function rejectedMask(g: GameState, kind: number, target: number): number {
  const r = g.rejected;
  if (r.length === 0) return 0;
  const office = (kind * 64 + target + 1) * 32;
  let mask = 0;
  for (let i = 0; i < r.length; i++) {
    const s = r[i]! - office;
    if (s >= 0 && s < 32) mask |= 1 << s;
  }
  return mask;
}

const senior = (c: readonly number[]): number => {
  let b = c[0]!;
  for (const s of c) if (s > b) b = s;
  return b;
};

export function inCands(g: GameState, s: number): boolean {
  if (!legalInt(s, 0, SENATORS - 1)) return false;
  if (g === maskedGame && g.candsListing === maskedListing) return (maskedCands & (1 << s)) !== 0;
  // A loop, not includes: a list of a few senators is read faster than a call into V8's builtin.
  const c = g.cands;
  for (let k = 0; k < c.length; k++) if (c[k] === s) return true;
  return false;
}

/** A faction holding a real tribune may table its own motion at once, out of the chair's order. */
export function wantsTribune(g: GameState, policies: readonly Policy[], f: number): boolean {
  if (g.tribunesReal[f] === 0 || f === presidingFaction(g)) return false;
  return askBool(g, f, policies[f]!.useTribune(g, f, g.motion), 'useTribune');
}
