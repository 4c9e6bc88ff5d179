// ror-multiple-commanders in combat (RoR 1.09.645; errata 10.9, 10.11): the detachments of a split
// war attack one after another, in an order drawn from the game's own Commanders stream, each with
// its own legions and its own commander's Military Rating (Military Ratings never combine), each
// against the armies the earlier ones left, until the war is won or all have attacked. Losses, the
// choice of which legions fall and the commander's death check are per detachment; the RI is changed
// once for the war, as for one battle: +1 if any legion fell (+2 instead if half or more of all the
// legions that attacked), then -2 for a victory, +2 if both sides remain, +4 if no legions remain.
import { shuffle } from '../../core/rng.js';
import { type Battle, commanderKilled, defaultLosses, resolveBattle, romanCardSum, romanDifference } from '../combat.js';
import {
  changeRI, halfRandomDifference, legalInt, log, policyError, popcount, presidingFaction, randomNumber, senatorToDeckBottom,
} from '../common.js';
import { legionsAt } from '../income.js';
import type { Policy } from '../policy.js';
import { vacateOffices } from '../senate/prosecutions.js';
import { factionLegionsAt, warName } from '../senate/military.js';
import { FL_NONE, type GameState, MAX_DET, senatorName, statusOf, warsChanged } from '../state.js';
import { battleRating, masterOfHorseFate } from './dictator.js';
import {
  addDetStateLegions, compactDetachments, detCommander, detFactionMask, detLegions, detStateLegions, disbandDetachments,
  factionLegionLeaves, releaseDetCommander, setDetCommander, setDetLossTurn,
} from './detachments.js';
import { disasterStandoff } from './disaster-standoff.js';

const battle: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
const order: number[] = [];

export function fightDetachments(g: GameState, policies: readonly Policy[], i: number): void {
  const p = g.params;
  const w = g.wars;
  order.length = 0;
  let startTotal = 0;
  for (let d = 0; d < MAX_DET; d++) {
    if (detCommander(g, i, d) < 0) continue;
    const l = detLegions(g, i, d);
    if (l === 0) continue;
    order.push(d);
    startTotal += l;
  }
  if (order.length === 0) return;
  // The attack order is random (errata 10.9), drawn from the module's own stream.
  if (order.length > 1) shuffle(g.rng.commanders, order);
  if (g.trace !== null) log(g, `${order.length} commanders attack ${warName(g, i)} in the order ${order.map((d) => senatorName(detCommander(g, i, d))).join(', ')}`);
  w.foughtMask[i] = factionLegionsAt(g, i);
  w.cmdFaction[i] = -1; // the doubling of faction legions' Prestige is per detachment (ownCmdMask)
  let lostTotal = 0;
  let stalemates = true;
  let victor = -1;
  for (const d of order) {
    if (w.armies[i] === 0) break;
    const c = detCommander(g, i, d);
    const cf = g.senOwner[c]!;
    const legions = detLegions(g, i, d);
    const mask = detFactionMask(g, i, d);
    if (cf >= 0 && mask & (1 << cf)) w.ownCmdMask[i] |= 1 << cf;
    const mr = battleRating(g, i, c, legions); // ror-dictator: the Dictator's detachment adds his Master of Horse's rating
    const rh = romanDifference(g);
    const sum = romanCardSum;
    const eh = halfRandomDifference(g);
    const b = resolveBattle(legions, mr, w.armies[i]!, rh, eh, p.additionalLossesRatio === 1, battle);
    disasterStandoff(g, i, sum, legions, b);
    g.stats.battles++;
    if (order.length > 1) g.stats.rorSplitBattles++;
    w.armies[i] -= b.enemyLost;
    warsChanged(g);
    const lost = b.romanLost;
    if (b.romanAttack !== b.enemyAttack || lost > 0) stalemates = false;
    if (g.trace !== null) log(g, `Battle at ${warName(g, i)}, detachment of ${senatorName(c)}: Roman ${b.romanAttack} (${legions} legions, MR ${mr}, +${rh}) vs enemy ${b.enemyAttack} (+${eh}): Rome loses ${lost}, enemy loses ${b.enemyLost}, ${w.armies[i]} armies left`);
    if (lost > 0) {
      removeDetLosses(g, policies, i, d, lost, cf);
      g.stats.legionsLost += lost;
      setDetLossTurn(g, i, d, g.turn);
      lostTotal += lost;
    }
    if (c === g.rorDictator && g.rorMasterOfHorse >= 0) masterOfHorseFate(g, i, legions, lost); // he fights beside the Dictator
    if (2 * lost >= legions && lost > 0) {
      const r = randomNumber(g);
      if (commanderKilled(legions, lost, r, statusOf(c))) {
        if (g.trace !== null) log(g, `Commander ${senatorName(c)} is killed (draw ${r} > Status ${statusOf(c)})`);
        g.stats.senatorsKilled++;
        setDetCommander(g, i, d, -1);
        vacateOffices(g, c);
        senatorToDeckBottom(g, c);
      } else if (g.trace !== null) log(g, `Commander ${senatorName(c)} survives (draw ${r})`);
    }
    const alive = detCommander(g, i, d);
    if (alive >= 0) w.foughtBy[i * MAX_DET + d] = alive;
    if (w.armies[i] === 0) victor = alive;
    else if (legions - lost === 0 && alive >= 0) releaseDetCommander(g, i, d); // no legions left: he comes home
  }
  if (lostTotal > 0) changeRI(g, 2 * lostTotal >= startTotal ? p.heavyLossRI : p.legionsLostRI);
  if (w.armies[i] === 0) {
    // Victory: every detachment's legions go home and every commander returns (errata 10.11).
    w.status[i] = 2;
    w.result[i] = 1;
    w.victor[i] = victor;
    g.legionsBox += w.stateLegions[i]!;
    w.stateLegions[i] = 0;
    warsChanged(g);
    disbandDetachments(g, i);
    if (w.commander[i]! >= 0) releaseDetCommander(g, i, 0);
    changeRI(g, -p.victoryRI);
    g.stats.warsWon++;
    if (w.conquers[i]) {
      g.provConquered[w.province[i]!] = 1;
      g.stats.provincesConquered++;
    }
    if (w.revolt[i]) g.provRevolt[w.province[i]!] = 0;
    if (g.trace !== null) log(g, `Victory at ${warName(g, i)}${victor >= 0 ? ` (the last army falls to ${senatorName(victor)})` : ''}`);
  } else if (legionsAt(g, i) > 0) {
    w.result[i] = stalemates ? 4 : 3;
    changeRI(g, p.activeWarRI);
  } else {
    // No detachment has legions left: the war becomes unopposed.
    w.result[i] = 2;
    g.stats.warsWipedOut++;
    g.stats.unopposedWarTurns++;
    changeRI(g, p.unopposedWarRI);
  }
  compactDetachments(g, i);
}

/** Removes `n` legions of detachment d: its commander's faction chooses among its faction legions. */
function removeDetLosses(g: GameState, policies: readonly Policy[], i: number, d: number, n: number, cf: number): void {
  const here = detFactionMask(g, i, d);
  const stateHere = detStateLegions(g, i, d);
  let mask = 0;
  if (here !== 0) {
    if (cf >= 0) {
      mask = policies[cf]!.chooseLosses(g, cf, i, n, d);
      const k = popcount(mask);
      if (!legalInt(mask, 0, 31) || (mask & ~here) !== 0 || k > n || n - k > stateHere) {
        policyError(g, cf, `losses ${String(mask)} are not a valid choice of ${n} among faction legions ${here} of detachment ${d + 1}`);
        mask = defaultLosses(here, n, stateHere, cf + 1, g.players);
      }
    } else mask = defaultLosses(here, n, stateHere, presidingFaction(g), g.players); // a neutral commander: in the order of play, the presiding faction's first
  }
  addDetStateLegions(g, i, d, -(n - popcount(mask)));
  for (let f = 0; f < g.players; f++) if (mask & (1 << f)) factionLegionLeaves(g, f, FL_NONE);
  g.wars.lostMask[i] |= mask;
}

