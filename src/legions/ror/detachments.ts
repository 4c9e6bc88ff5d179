// ror-multiple-commanders (RoR 1.09.645; errata 10.7, 10.9, 10.11): a war may be fought by several
// commanders, each with his own legions (a detachment). Detachment 0 is the war's ordinary fields
// (commander, stateLegions, lossTurn); detachments 1..rorMaxCommanders-1 live in the wars' det*
// arrays. wars.stateLegions always holds the war's total of State legions, so everything that counts
// legions (upkeep, the 7-legion limit, legionsAt, the loss conditions) is unchanged; a faction legion
// at a war belongs to detachment factionLegionDet. Without the module every war has detachment 0 only
// and these helpers reduce to the base game's fields.
import * as commonModule from '../common.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as rosterModule from '../senate/roster.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { log, popcount, returnSenator } = commonModule;
const { AT_COMMANDER, FL_BOX, MAX_DET, senatorName, warsChanged } = stateModule;
const { senatorMoved } = rosterModule;

export const ROR_COMMANDERS = 'ror-multiple-commanders';

/** Index of detachment d of war w in the det* arrays. */
export const slot = (w: number, d: number): number => w * MAX_DET + d;

export function detCommander(g: GameState, w: number, d: number): number {
  return d === 0 ? g.wars.commander[w]! : g.wars.detCommander[w * MAX_DET + d]!;
}

export function setDetCommander(g: GameState, w: number, d: number, s: number): void {
  if (d === 0) {
    g.wars.commander[w] = s;
    warsChanged(g);
  } else g.wars.detCommander[w * MAX_DET + d] = s;
}

export function detLossTurn(g: GameState, w: number, d: number): number {
  return d === 0 ? g.wars.lossTurn[w]! : g.wars.detLossTurn[w * MAX_DET + d]!;
}

export function setDetLossTurn(g: GameState, w: number, d: number, t: number): void {
  if (d === 0) g.wars.lossTurn[w] = t;
  else g.wars.detLossTurn[w * MAX_DET + d] = t;
}

/** State legions of the detachments 1.. of war w. */
function extraState(g: GameState, w: number): number {
  let n = 0;
  for (let d = 1; d < MAX_DET; d++) n += g.wars.detState[w * MAX_DET + d]!;
  return n;
}

/** State legions of detachment d (detachment 0 has what the others do not). */
export function detStateLegions(g: GameState, w: number, d: number): number {
  return d === 0 ? g.wars.stateLegions[w]! - extraState(g, w) : g.wars.detState[w * MAX_DET + d]!;
}

/** Adds (or removes, n < 0) State legions to detachment d, keeping the war's total. */
export function addDetStateLegions(g: GameState, w: number, d: number, n: number): void {
  g.wars.stateLegions[w] = (g.wars.stateLegions[w]! + n) | 0; // (| 0: a removal of none is -0, kept an integer for V8)
  warsChanged(g);
  if (d > 0) g.wars.detState[w * MAX_DET + d] = (g.wars.detState[w * MAX_DET + d]! + n) | 0;
}

/** Faction legions (bitmask) of detachment d of war w. */
export function detFactionMask(g: GameState, w: number, d: number): number {
  let m = 0;
  for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === w && g.factionLegionDet[f] === d) m |= 1 << f;
  return m;
}

export function detLegions(g: GameState, w: number, d: number): number {
  return detStateLegions(g, w, d) + popcount(detFactionMask(g, w, d));
}

/** A detachment is occupied while it has a commander or legions. */
export function detOccupied(g: GameState, w: number, d: number): boolean {
  return detCommander(g, w, d) >= 0 || detLegions(g, w, d) > 0;
}

/** Whether war w is split: some detachment beyond the first is occupied (never without the module). */
export function isSplit(g: GameState, w: number): boolean {
  for (let d = 1; d < MAX_DET; d++) {
    const k = w * MAX_DET + d;
    if (g.wars.detCommander[k]! >= 0 || g.wars.detState[k]! > 0) return true;
  }
  for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === w && g.factionLegionDet[f]! > 0) return true;
  return false;
}

/** Detachments a war may have: rorMaxCommanders with the module, else 1. */
export function maxDetachments(g: GameState): number {
  return g.variants[ROR_COMMANDERS] ? g.params.rorMaxCommanders : 1;
}

/** The lowest free detachment of war w (no commander, no legions), or -1 when all allowed ones are taken. */
export function freeDetachment(g: GameState, w: number): number {
  const k = maxDetachments(g);
  for (let d = 0; d < k; d++) if (!detOccupied(g, w, d)) return d;
  return -1;
}

/**
 * Whether detachment d of war w would be a new commander's at a war that already has another
 * (occupied) detachment: what only the module allows. False without the module.
 */
export function newDetachment(g: GameState, w: number, d: number): boolean {
  if (!g.variants[ROR_COMMANDERS] || detOccupied(g, w, d)) return false;
  for (let e = 0; e < MAX_DET; e++) if (e !== d && detOccupied(g, w, e)) return true;
  return false;
}

/** Detachment commanded by senator s (at war senPost[s]), or -1. */
export function detachmentOf(g: GameState, s: number): number {
  const w = g.senPost[s]!;
  if (w < 0) return -1;
  for (let d = 0; d < MAX_DET; d++) if (detCommander(g, w, d) === s) return d;
  return -1;
}

/** Commanders at war w. */
export function commandersAt(g: GameState, w: number): number {
  let n = 0;
  for (let d = 0; d < MAX_DET; d++) if (detCommander(g, w, d) >= 0) n++;
  return n;
}

/** Senator s takes command of detachment d of war w. */
export function takeDetCommand(g: GameState, s: number, w: number, d: number): void {
  g.senWhere[s] = AT_COMMANDER;
  g.senPost[s] = w;
  g.senPresent[s] = 0;
  senatorMoved(g, s);
  g.senOfficeTurn[s] = g.turn;
  setDetCommander(g, w, d, s);
}

/** The commander of detachment d goes home (he may be prosecuted next turn for this command). */
export function releaseDetCommander(g: GameState, w: number, d: number): void {
  const c = detCommander(g, w, d);
  if (c < 0) return;
  setDetCommander(g, w, d, -1);
  g.senOfficeTurn[c] = g.turn;
  returnSenator(g, c);
}

/** A detachment left with no legions sends its commander home (Recall Legions/Commanders, per detachment). */
export function releaseEmptyDet(g: GameState, w: number, d: number): void {
  if (detLegions(g, w, d) === 0) releaseDetCommander(g, w, d);
  if (g.variants[ROR_COMMANDERS]) compactDetachments(g, w);
}

/** A faction legion leaves its war (to the box, or destroyed): its detachment index is reset. */
export function factionLegionLeaves(g: GameState, f: number, where: number): void {
  g.factionLegion[f] = where;
  warsChanged(g);
  g.factionLegionDet[f] = 0;
}

/**
 * Keeps detachment 0 occupied whenever any detachment of the war is: an empty detachment 0 takes the
 * lowest occupied one (its commander, legions, loss turn and fresh legions move with it), so a war's
 * commander field names a commander whenever one is there.
 */
export function compactDetachments(g: GameState, w: number): void {
  if (detOccupied(g, w, 0)) return;
  for (let d = 1; d < MAX_DET; d++) {
    if (!detOccupied(g, w, d)) continue;
    const k = w * MAX_DET + d;
    g.wars.commander[w] = g.wars.detCommander[k]!;
    warsChanged(g);
    g.wars.lossTurn[w] = g.wars.detLossTurn[k]!;
    g.wars.detCommander[k] = -1;
    g.wars.detLossTurn[k] = -1;
    g.wars.detState[k] = 0; // its State legions are now detachment 0's (the war's total minus the others)
    for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === w && g.factionLegionDet[f] === d) g.factionLegionDet[f] = 0;
    g.freshState[w * MAX_DET] = g.freshState[k]!;
    g.freshState[k] = 0;
    if (g.trace !== null) log(g, `Detachment ${d + 1} at war ${w} becomes the first (${g.wars.commander[w]! >= 0 ? senatorName(g.wars.commander[w]!) : 'no commander'})`);
    return;
  }
}

/** Empties every detachment of war w into the box and sends every commander home (a victory). */
export function disbandDetachments(g: GameState, w: number): void {
  for (let d = 1; d < MAX_DET; d++) {
    const k = w * MAX_DET + d;
    g.wars.detState[k] = 0;
    g.wars.detLossTurn[k] = -1;
    g.freshState[k] = 0;
    if (g.wars.detCommander[k]! >= 0) releaseDetCommander(g, w, d);
  }
  for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === w) factionLegionLeaves(g, f, FL_BOX);
}
