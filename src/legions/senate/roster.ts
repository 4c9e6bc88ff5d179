// Who is at the Senate Meeting: the faction senators present in Rome and the neutrals face up in the
// Forum, as bitmasks over the senators (bit s = senator s). While a meeting runs they are kept current
// by every move of a senator (senatorMoved), so the many questions "who is present" (motions, votes,
// nominations, candidates) need no pass over all thirty senators. One meeting is kept at a time: the
// game whose meeting is open; any other game (a bill's draft, a rollout's copy) is read afresh.
import * as commonModule from '../common.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askAttendance, askedToAttend } = commonModule; // (common imports this module: function declarations only, initialised before either runs)
const { AT_FORUM, AT_ROME, candsChanged, influenceOf, influenceOfSet, lowestSenator, SENATORS } = stateModule;

/** The game whose meeting is open, or null. */
let meetingOf: GameState | null = null;
let presentMask = 0;
let forumMask = 0;
/**
 * The votes each faction commands (countPower) and the factions present, taken as the meeting opens and
 * then moved with each senator who moves (knights change only in the Forum, so nothing else during a
 * meeting changes them): a move changes one or two factions' counts, not a pass over the Senate.
 * The three per-faction arrays are typed arrays of five seats: V8 folds a module's constant typed array's
 * length and data into the code (an access is a bound check and a load), where it checks a plain array's
 * map, store and length again at every access in a loop (all values fit 32 bits: masks of 30 senators).
 */
const powerKept = new Int32Array(5);
let factionsPresent = 0;
/** Per faction, the Influence of its senators present (its votes before knights). */
const influenceKept = new Int32Array(5);
/** Per faction, the senators present whose votes it counts (bit s): a moving senator's old faction is read here. */
const countedMask = new Int32Array(5);

/**
 * Tests (tests/setup.ts turns it on for every test): every read of what the roster keeps is checked
 * against a fresh scan, so a senator moved during a meeting without senatorMoved throws.
 */
const verifyRoster = { on: false }; // (a field never written outside tests: V8 folds it to a constant, no test per read)
export function setVerifyRoster(on: boolean): void {
  verifyRoster.on = on;
}

function stale(what: string): never {
  throw new Error(`the Senate roster's ${what} is stale: a senator moved during the meeting without senatorMoved`);
}

/** Faction senators in Rome attending (bit s), read afresh. */
function scanPresent(g: GameState): number {
  let mask = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senOwner[s]! >= 0 && g.senWhere[s] === AT_ROME && g.senPresent[s]) mask |= 1 << s;
  return mask;
}

/** Neutrals face up in the Forum (bit s), read afresh. */
function scanForum(g: GameState): number {
  let mask = 0;
  for (let s = 0; s < SENATORS; s++) if (g.senWhere[s] === AT_FORUM) mask |= 1 << s;
  return mask;
}

/**
 * The Senate Meeting opens with its attendance: each faction's senators in Rome asked whether they
 * attend, from the presiding faction's left, the presiding faction last (askAttendance; all attend
 * unasked for a policy declaring alwaysAttends). The roster is made from the answers in the same pass: who is present (by
 * faction), the Forum's neutrals, then each faction's votes from its set (every meeting's elections
 * ask for them). It is kept only after the pass, so a policy asked about attendance reads afresh.
 */
export function takeAttendance(g: GameState, policies: readonly Policy[]): void {
  const n = g.players;
  for (let f = 0; f < n; f++) countedMask[f] = 0;
  const owner = g.senOwner;
  const where = g.senWhere;
  const attends = g.senPresent;
  let forum = 0;
  let pending = 0; // senators whose faction's policy is asked: asked after the pass, in the order of play
  const asked = askedToAttend(policies, n); // (bit f: faction f's senators are asked about, not declared to attend)
  for (let s = 0; s < SENATORS; s++) {
    const w = where[s];
    const f = owner[s]!;
    if (w === AT_ROME && f >= 0) {
      const declared = (asked & (1 << f)) === 0; // it attends unasked
      attends[s] = declared ? 1 : 0;
      if (declared) countedMask[f] |= 1 << s;
      else pending |= 1 << s;
    } else {
      attends[s] = 0;
      if (w === AT_FORUM) forum |= 1 << s;
    }
  }
  for (let rest = pending === 0 ? 0 : askAttendance(g, policies, pending); rest !== 0; rest &= rest - 1) {
    const s = lowestSenator(rest);
    countedMask[owner[s]!] |= 1 << s;
  }
  meetingOf = g;
  // Each faction's Influence present and its votes: knights vote only with their faction's senators present.
  const knights = g.knights;
  let present = 0;
  let factions = 0;
  for (let f = 0; f < n; f++) {
    const mask = countedMask[f]!;
    present |= mask;
    const v = influenceOfSet(mask);
    influenceKept[f] = v;
    powerKept[f] = v > 0 ? v + knights[f]! : 0;
    if (v > 0) factions |= 1 << f;
  }
  presentMask = present;
  forumMask = forum;
  factionsPresent = factions;
}

/** The meeting closes (or the game ends in it): the roster is no longer kept. */
export function closeRoster(g: GameState): void {
  if (meetingOf === g) meetingOf = null;
}

/** Senator s moved, joined, left or changed his attendance: his bits are read again. */
export function senatorMoved(g: GameState, s: number): void {
  candsChanged(g); // (a listed candidate may have changed hands: the players' census of the candidates is taken afresh)
  if (meetingOf !== g) return;
  const bit = 1 << s;
  const where = g.senWhere[s];
  if (g.senOwner[s]! >= 0 && where === AT_ROME && g.senPresent[s]) presentMask |= bit;
  else presentMask &= ~bit;
  if (where === AT_FORUM) forumMask |= bit;
  else forumMask &= ~bit;
  const now = (presentMask & bit) !== 0 ? g.senOwner[s]! : -1;
  let was = -1;
  for (let f = 0; f < g.players; f++) {
    if ((countedMask[f]! & bit) !== 0) {
      was = f; // (a senator counts for one faction at most)
      break;
    }
  }
  if (now === was) return;
  if (was >= 0) {
    countedMask[was] &= ~bit;
    addInfluence(g, was, -influenceOf(s));
  }
  if (now >= 0) {
    countedMask[now] |= bit;
    addInfluence(g, now, influenceOf(s));
  }
}

/** Faction f's present Influence changes by d: its votes (knights count only with a senator present) and presence follow. */
function addInfluence(g: GameState, f: number, d: number): void {
  const v = influenceKept[f]! + d;
  influenceKept[f] = v;
  powerKept[f] = v > 0 ? v + g.knights[f]! : 0;
  if (v > 0) factionsPresent |= 1 << f;
  else factionsPresent &= ~(1 << f);
}

/** Faction senators present in Rome (bit s). */
export function presentSenators(g: GameState): number {
  if (meetingOf !== g) return scanPresent(g);
  if (verifyRoster.on && presentMask !== scanPresent(g)) stale('list of senators present');
  return presentMask;
}

/** Neutral senators face up in the Forum (bit s). */
export function forumSenators(g: GameState): number {
  if (meetingOf !== g) return scanForum(g);
  if (verifyRoster.on && forumMask !== scanForum(g)) stale("list of the Forum's neutrals");
  return forumMask;
}

/** Votes every faction commands before buying any: present senators by colour, plus knights (Voting Procedures). */
function scanPower(g: GameState, power: number[]): number {
  for (let f = 0; f < power.length; f++) power[f] = 0; // a loop: Array.prototype.fill is slow on tiny arrays
  let factions = 0;
  for (let rest = presentSenators(g); rest !== 0; rest &= rest - 1) {
    const s = lowestSenator(rest);
    const f = g.senOwner[s]!;
    power[f] += influenceOf(s);
    factions |= 1 << f;
  }
  // Knights vote only with their faction's senators present.
  for (let f = 0; f < power.length; f++) if (power[f]! > 0) power[f] += g.knights[f]!;
  return factions;
}

/** Checking only: the kept power and factions present against a fresh count. */
function checkPower(g: GameState): void {
  const fresh: number[] = [];
  for (let f = 0; f < g.players; f++) fresh.push(0);
  if (scanPower(g, fresh) !== factionsPresent) stale('set of factions present');
  for (let f = 0; f < g.players; f++) if (fresh[f] !== powerKept[f]) stale('count of votes');
  for (let f = 0; f < g.players; f++) fresh[f] = 0;
  for (let rest = scanPresent(g); rest !== 0; rest &= rest - 1) fresh[g.senOwner[lowestSenator(rest)]!] |= rest & -rest;
  for (let f = 0; f < g.players; f++) if (fresh[f] !== countedMask[f]) stale("sets of each faction's senators present");
}

/** Writes into `power` (one entry per faction) the votes each commands now. */
export function countPower(g: GameState, power: number[]): void {
  if (meetingOf !== g) {
    scanPower(g, power);
    return;
  }
  if (verifyRoster.on) checkPower(g);
  for (let f = 0; f < power.length; f++) power[f] = powerKept[f]!;
}

/** Bit f set when faction f has a senator present. */
export function presentFactionMask(g: GameState): number {
  if (meetingOf !== g) {
    let mask = 0;
    for (let rest = scanPresent(g); rest !== 0; rest &= rest - 1) mask |= 1 << g.senOwner[lowestSenator(rest)]!;
    return mask;
  }
  if (verifyRoster.on) checkPower(g);
  return factionsPresent;
}

/**
 * The senators of `mask` by owner, into out[owner + 2] (out[1]: neutrals', out[2 + f]: faction f's; the
 * other places cleared). While the meeting is kept its sets answer for the senators present and the Forum's
 * neutrals, so only the rest (seldom any: a candidate away from the Senate) is walked.
 */
export function senatorsByOwner(g: GameState, mask: number, out: Int32Array): void {
  for (let i = 0; i < out.length; i++) out[i] = 0;
  let rest = mask;
  if (meetingOf === g) {
    if (verifyRoster.on) checkByOwner(g);
    for (let f = 0; f < g.players; f++) out[f + 2] = mask & countedMask[f]!;
    out[1] = mask & forumMask; // (a neutral face up in the Forum is nobody's)
    rest &= ~(presentMask | forumMask);
  }
  const owner = g.senOwner;
  for (; rest !== 0; rest &= rest - 1) out[owner[lowestSenator(rest)]! + 2] |= rest & -rest;
}

/** Checking only: the sets senatorsByOwner reads against a fresh scan. */
function checkByOwner(g: GameState): void {
  checkPower(g);
  if (presentMask !== scanPresent(g)) stale('list of senators present');
  if (forumMask !== scanForum(g)) stale("list of the Forum's neutrals");
}
