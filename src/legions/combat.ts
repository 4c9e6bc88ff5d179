// 6. Combat Resolution: Roman and enemy attacks, losses, the Additional Losses table, commander deaths.
import * as commonModule from './common.js';
import * as incomeModule from './income.js';
import type { Policy } from './policy.js';
import * as dictatorModule from './ror/dictator.js';
import * as prosecutionsModule from './senate/prosecutions.js';
import * as militaryModule from './senate/military.js';
import * as disasterStandoffModule from './ror/disaster-standoff.js';
import * as detachmentsModule from './ror/detachments.js';
import * as splitCombatModule from './ror/split-combat.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { changeRI, halfRandomDifference, legalInt, log, policyError, popcount, presidingFaction, randomNumber, returnSenator, senatorToDeckBottom } = commonModule;
const { legionsAt } = incomeModule;
const { battleRating, masterOfHorseFate } = dictatorModule;
const { vacateOffices } = prosecutionsModule;
const { factionLegionsAt, warName } = militaryModule;
const { disasterStandoff } = disasterStandoffModule;
const { ROR_COMMANDERS, isSplit } = detachmentsModule;
const { fightDetachments } = splitCombatModule;
const { FL_BOX, FL_NONE, MAX_DET, senatorName, statusOf, warsChanged } = stateModule;

/** Additional Losses: rows = forces lost by the loser (1..6+), columns <1:1, 1:1, 1½:1, 2:1, 2½:1, 3:1+. */
export const ADDITIONAL_LOSSES: readonly (readonly number[])[] = [
  [1, 1, 0, 0, 0, 0],
  [2, 1, 1, 1, 0, 0],
  [2, 2, 1, 1, 1, 0],
  [3, 2, 2, 1, 1, 1],
  [3, 3, 2, 2, 1, 1],
  [4, 3, 3, 2, 2, 1],
];

/** The ratio a:b rounded down to the table's steps: 0 = below 1:1, 1 = 1:1, ..., 5 = 3:1 or more. */
export function ratioColumn(a: number, b: number): number {
  if (2 * a >= 6 * b) return 5;
  if (2 * a >= 5 * b) return 4;
  if (a >= 2 * b) return 3;
  if (2 * a >= 3 * b) return 2;
  if (a >= b) return 1;
  return 0;
}

export function additionalLosses(loserLost: number, column: number): number {
  return ADDITIONAL_LOSSES[Math.min(loserLost, 6) - 1]![column]!;
}

/** The outcome of one battle round (pure: the random parts are inputs). */
export interface Battle {
  romanAttack: number;
  enemyAttack: number;
  romanLost: number;
  enemyLost: number;
}

/**
 * One battle: Roman attack = legions + MR (at most the legions) + difference; enemy = armies +
 * difference. The lower side loses the difference (as far as it has forces); the winner loses the
 * Additional Losses for the forces the loser actually lost (rules-notes 12). `romanEnemyRatio`
 * selects the Roman:Enemy column reading instead of winner:loser.
 */
export function resolveBattle(legions: number, mr: number, armies: number, romanHrd: number, enemyHrd: number, romanEnemyRatio: boolean, out: Battle): Battle {
  const ra = legions + Math.min(mr, legions) + romanHrd;
  const ea = armies + enemyHrd;
  out.romanAttack = ra;
  out.enemyAttack = ea;
  out.romanLost = 0;
  out.enemyLost = 0;
  if (ra === ea) return out; // stalemate
  if (ra > ea) {
    out.enemyLost = Math.min(ra - ea, armies);
    out.romanLost = Math.min(additionalLosses(out.enemyLost, ratioColumn(ra, ea)), legions);
  } else {
    out.romanLost = Math.min(ea - ra, legions);
    const col = romanEnemyRatio ? ratioColumn(ra, ea) : ratioColumn(ea, ra);
    out.enemyLost = Math.min(additionalLosses(out.romanLost, col), armies);
  }
  return out;
}

/** A commander dies if half or more of his legions were lost and the draw exceeds his Status. */
export function commanderKilled(legions: number, lost: number, draw: number, status: number): boolean {
  return 2 * lost >= legions && lost > 0 && draw > status;
}

const battle: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };

export function combatStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'combat';
  const w = g.wars;
  const status = w.status; // (held: V8 reloads a field read in a loop that calls out)
  const result = w.result;
  for (let i = 0; i < status.length; i++) {
    // Not begun: never fought, so its scratch below is still blank (no war returns to 0). Over with no result:
    // blanked at an earlier combat and not fought since (a fight writes its result last, never 0), so still blank.
    if (status[i] === 0 || (status[i] === 2 && result[i] === 0)) continue;
    result[i] = 0;
    w.victor[i] = -1;
    w.foughtMask[i] = 0;
    w.lostMask[i] = 0;
    w.cmdFaction[i] = -1;
    w.ownCmdMask[i] = 0;
    w.dsUsed[i] = 0;
    if (g.variants[ROR_COMMANDERS]) for (let d = 0; d < MAX_DET; d++) w.foughtBy[i * MAX_DET + d] = -1;
    if (status[i] !== 1) continue;
    // ror-multiple-commanders: a war with several commanders is fought detachment by detachment.
    if (g.variants[ROR_COMMANDERS] && isSplit(g, i)) fightDetachments(g, policies, i);
    else if (w.commander[i]! >= 0 && legionsAt(g, i) > 0) fight(g, policies, i);
  }
}

/**
 * The Roman half random difference from its two cards, drawn as halfRandomDifference does; the cards'
 * sum is kept in romanCardSum (ror-disaster-standoff reads it, drawing nothing more).
 */
export function romanDifference(g: GameState): number {
  const a = randomNumber(g);
  const b = randomNumber(g);
  romanCardSum = a + b;
  return Math.ceil(Math.abs(a - b) / 2) | 0; // (| 0: the same number, kept a small integer for V8: see docs/performance.md, the sixth round)
}
export let romanCardSum = 0;

function fight(g: GameState, policies: readonly Policy[], i: number): void {
  const p = g.params;
  const w = g.wars;
  const c = w.commander[i]!;
  const cf = g.senOwner[c]!;
  const legions = legionsAt(g, i);
  const mr = battleRating(g, i, c, legions); // his Military Rating (ror-dictator: plus his Master of Horse's)
  const rh = romanDifference(g);
  const sum = romanCardSum;
  const eh = halfRandomDifference(g);
  const b = resolveBattle(legions, mr, w.armies[i]!, rh, eh, p.additionalLossesRatio === 1, battle);
  disasterStandoff(g, i, sum, legions, b); // ror-disaster-standoff (no-op without it)
  g.stats.battles++;
  w.cmdFaction[i] = cf;
  w.foughtMask[i] = factionLegionsAt(g, i);
  w.armies[i] -= b.enemyLost;
  warsChanged(g);
  const lost = b.romanLost;
  if (g.trace !== null) log(g, `Battle at ${warName(g, i)}: Roman ${b.romanAttack} (${legions} legions, MR ${mr}, +${rh}) vs enemy ${b.enemyAttack} (+${eh}): Rome loses ${lost}, enemy loses ${b.enemyLost}, ${w.armies[i]} armies left`);
  if (lost > 0) {
    removeLosses(g, policies, i, lost, cf);
    g.stats.legionsLost += lost;
    w.lossTurn[i] = g.turn;
    changeRI(g, 2 * lost >= legions ? p.heavyLossRI : p.legionsLostRI);
  }
  const left = legions - lost;
  if (g.rorMasterOfHorse >= 0) masterOfHorseFate(g, i, legions, lost); // ror-dictator: he faces the death check too
  if (2 * lost >= legions && lost > 0) {
    const r = randomNumber(g);
    if (commanderKilled(legions, lost, r, statusOf(c))) {
      if (g.trace !== null) log(g, `Commander ${senatorName(c)} is killed (draw ${r} > Status ${statusOf(c)})`);
      g.stats.senatorsKilled++;
      w.commander[i] = -1;
      warsChanged(g);
      vacateOffices(g, c);
      senatorToDeckBottom(g, c);
    } else if (g.trace !== null) log(g, `Commander ${senatorName(c)} survives (draw ${r})`);
  }
  const commander = w.commander[i]!;
  if (w.armies[i] === 0) {
    // Victory (both sides at 0 included): legions home, commander back to his faction.
    w.status[i] = 2;
    w.result[i] = 1;
    w.victor[i] = commander;
    g.legionsBox += w.stateLegions[i]!;
    w.stateLegions[i] = 0;
    warsChanged(g);
    for (let f = 0; f < g.players; f++) if (g.factionLegion[f] === i) g.factionLegion[f] = FL_BOX;
    if (commander >= 0) releaseCommander(g, i);
    changeRI(g, -p.victoryRI);
    g.stats.warsWon++;
    if (w.conquers[i]) {
      g.provConquered[w.province[i]!] = 1;
      g.stats.provincesConquered++;
    }
    if (w.revolt[i]) g.provRevolt[w.province[i]!] = 0; // the province pays again
    if (g.trace !== null) log(g, `Victory at ${warName(g, i)}`);
  } else if (left > 0) {
    w.result[i] = b.romanAttack === b.enemyAttack && lost === 0 ? 4 : 3;
    changeRI(g, p.activeWarRI);
  } else {
    // No Roman forces left: the war becomes unopposed.
    w.result[i] = 2;
    g.stats.warsWipedOut++;
    g.stats.unopposedWarTurns++;
    if (commander >= 0) releaseCommander(g, i);
    changeRI(g, p.unopposedWarRI);
  }
}

function releaseCommander(g: GameState, i: number): void {
  const c = g.wars.commander[i]!;
  g.wars.commander[i] = -1;
  warsChanged(g);
  g.senOfficeTurn[c] = g.turn;
  returnSenator(g, c);
}

/** Removes `n` legions: the commander's faction chooses faction legions among them (rules-notes 24). */
function removeLosses(g: GameState, policies: readonly Policy[], i: number, n: number, cf: number): void {
  const w = g.wars;
  const here = factionLegionsAt(g, i);
  const stateHere = w.stateLegions[i]!;
  let mask = 0;
  if (here !== 0) {
    if (cf >= 0) {
      mask = policies[cf]!.chooseLosses(g, cf, i, n);
      const k = popcount(mask);
      if (!legalInt(mask, 0, 31) || (mask & ~here) !== 0 || k > n || n - k > stateHere) {
        policyError(g, cf, `losses ${String(mask)} are not a valid choice of ${n} among faction legions ${here}`);
        mask = defaultLosses(here, n, stateHere, cf + 1, g.players);
      }
    } else mask = defaultLosses(here, n, stateHere, presidingFaction(g), g.players); // a neutral commander: in the order of play, the presiding faction's first
  }
  const k = popcount(mask);
  w.stateLegions[i] = stateHere - (n - k);
  warsChanged(g);
  for (let f = 0; f < g.players; f++) if (mask & (1 << f)) g.factionLegion[f] = FL_NONE;
  w.lostMask[i] = mask;
}

/**
 * Losses for a faction that does not choose them (a neutral commander, or a choice refused): state
 * legions first, then faction legions clockwise from `first` (from a fixed seat, the low seats would
 * lose theirs first). A chooser's own go last (first = chooser + 1), as the built-in players choose.
 */
export function defaultLosses(here: number, n: number, stateHere: number, first: number, players: number): number {
  let need = n - stateHere;
  let m = 0;
  for (let k = 0, f = first >= players ? 0 : first; k < players && need > 0; k++, f = f === players - 1 ? 0 : f + 1) {
    if (here & (1 << f)) {
      m |= 1 << f;
      need--;
    }
  }
  return m;
}
