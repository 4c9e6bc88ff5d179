// 7. Adjustments: uncommanded legions, spoils and Prestige, the Revolution Index, loss conditions.
import * as commonModule from './common.js';
import * as incomeModule from './income.js';
import type { Policy } from './policy.js';
import * as detachmentsModule from './ror/detachments.js';
import * as militaryModule from './senate/military.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, changeRI, legalInt, log, loseGame, policyError } = commonModule;
const { legionsAt } = incomeModule;
const { compactDetachments, detCommander, detFactionMask, detLegions, detStateLegions, isSplit, ROR_COMMANDERS } = detachmentsModule;
const { recallLegions, warName } = militaryModule;
const { MAX_DET, senatorName, statusOf, WARS } = stateModule;

export function adjustmentsStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'adjustments';
  const p = g.params;
  const w = g.wars;
  const status = w.status; // (held: V8 reloads a field read in a loop that calls out)
  const result = w.result;
  // The rules' sub-steps in their order, each over every war: a commander claims his spoils knowing every
  // unopposed war's +4, and a faction legion's Prestige comes after the victories' (its -2 is floored at 0 last).
  // A war not begun, or over with no result this turn (its scratch blank: combatStep), has nothing to adjust.
  for (let i = 0; i < status.length; i++) {
    if (status[i] !== 1) continue;
    // War: legions without a commander (he was killed) are recalled; the war becomes unopposed.
    commanderlessLegions(g, i);
    // Every active war with no Roman legions now is unopposed (+4), once per war per turn (rules-notes 22, 23).
    if (legionsAt(g, i) === 0 && result[i] !== 2) {
      changeRI(g, p.unopposedWarRI);
      g.stats.unopposedWarTurns++;
      if (g.trace !== null) log(g, `Unopposed war at ${warName(g, i)}`);
    }
  }
  for (let i = 0; i < status.length; i++) if (result[i] === 1) spoilsOfWar(g, policies, i); // Spoils of war
  for (let i = 0; i < status.length; i++) if (status[i] === 1 || (status[i] === 2 && result[i] !== 0)) factionLegionPrestige(g, i); // Prestige level
  checkWarLosses(g);
  g.riCredit = 0; // a netted turn ends here: what was not absorbed is lost (Revolution Index: never below zero)
}

/**
 * Step 1: legions whose commander fell in this turn's combat go home (detachment by detachment under
 * ror-multiple-commanders) — unless ror-leaderless-legions keeps them at the war until the next Senate
 * (errata 10.11, Automatic Recalls (a)), which may send them a commander; else they are recalled when it closes.
 */
function commanderlessLegions(g: GameState, i: number): void {
  if (g.variants[ROR_COMMANDERS] && isSplit(g, i)) {
    for (let d = 0; d < MAX_DET; d++) if (detCommander(g, i, d) < 0 && detLegions(g, i, d) > 0) keepOrRecall(g, i, d);
    compactDetachments(g, i);
    return;
  }
  if (g.wars.commander[i]! < 0 && legionsAt(g, i) > 0) keepOrRecall(g, i, 0);
}

function keepOrRecall(g: GameState, i: number, d: number): void {
  if (g.variants['ror-leaderless-legions']) {
    g.stats.rorLeaderlessKept++;
    if (g.trace !== null) log(g, `${detLegions(g, i, d)} legions without a commander stay at ${warName(g, i)} until the next Senate`);
    return;
  }
  recallLegions(g, i, detStateLegions(g, i, d), detFactionMask(g, i, d), d);
}

/** Spoils: the commander may take up to twice his Status for his faction; the State gets the rest. */
function spoilsOfWar(g: GameState, policies: readonly Policy[], i: number): void {
  const w = g.wars;
  const c = w.victor[i]!;
  let claimed = 0;
  if (g.variants[ROR_COMMANDERS] && g.params.rorSharedCredit === 1 && sharedVictoryPrestige(g, i)) {
    // shared among the commanders who fought (a split war)
  } else if (c >= 0 && g.senOwner[c]! >= 0) addPrestige(g, g.senOwner[c]!, Math.ceil(w.originalArmies[i]! / 2));
  if (c >= 0 && g.senOwner[c]! >= 0) {
    const f = g.senOwner[c]!;
    const max = Math.min(2 * statusOf(c), w.spoils[i]!);
    const v = policies[f]!.claimSpoils(g, f, i);
    if (legalInt(v, 0, max)) claimed = v;
    else policyError(g, f, `spoils claim ${String(v)} not in 0..${max}`);
    if (claimed > 0) {
      g.treasury[f] += claimed;
      g.senSpoilsTurn[c] = g.turn;
    }
  }
  g.stateTreasury += w.spoils[i]! - claimed;
  if (g.trace !== null) log(g, `Spoils of ${warName(g, i)}: ${claimed} to ${c >= 0 ? senatorName(c) : 'nobody'}, ${w.spoils[i]! - claimed} to the State`);
}

/**
 * ror-multiple-commanders with rorSharedCredit 1: every faction commander who fought the won war this
 * turn and survived gains ceil(Prestige / commanders who fought and survived).
 */
function sharedVictoryPrestige(g: GameState, i: number): boolean {
  const w = g.wars;
  let k = 0;
  for (let d = 0; d < MAX_DET; d++) if (w.foughtBy[i * MAX_DET + d]! >= 0) k++;
  if (k === 0) return false; // not a split battle: the victor's alone
  const share = Math.ceil(Math.ceil(w.originalArmies[i]! / 2) / k);
  for (let d = 0; d < MAX_DET; d++) {
    const c = w.foughtBy[i * MAX_DET + d]!;
    if (c >= 0 && g.senOwner[c]! >= 0) addPrestige(g, g.senOwner[c]!, share);
  }
  return true;
}

/** Faction legions: +1 for a victory, -2 when eliminated, doubled under their own faction's commander. */
function factionLegionPrestige(g: GameState, i: number): void {
  const w = g.wars;
  if (!w.foughtMask[i]) return;
  for (let f = 0; f < g.players; f++) {
    if (!(w.foughtMask[i]! & (1 << f))) continue;
    const double = w.cmdFaction[i] === f || w.ownCmdMask[i]! & (1 << f) ? 2 : 1;
    if (w.lostMask[i]! & (1 << f)) addPrestige(g, f, -g.params.legionEliminatedPrestige * double);
    else if (w.result[i] === 1) addPrestige(g, f, g.params.legionVictoryPrestige * double);
  }
}

/** Loss conditions: too many active wars, or an unopposed war beside another active war. */
export function checkWarLosses(g: GameState): void {
  // One pass: the active wars and whether one has no Roman legions (loseGame throws: the first loss ends it).
  const status = g.wars.status;
  let active = 0;
  let unopposed = false;
  for (let i = 0; i < status.length; i++) {
    if (status[i] !== 1) continue;
    active++;
    if (legionsAt(g, i) === 0) unopposed = true;
  }
  if (active >= g.params.maxActiveWars) loseGame(g, WARS);
  if (active >= 2 && unopposed) loseGame(g, WARS);
}
