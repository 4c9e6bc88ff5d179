// 7. Adjustments: uncommanded legions, spoils and Prestige, the Revolution Index, loss conditions.
import { addPrestige, changeRI, legalInt, log, loseGame, policyError } from './common.js';
import { activeWarCount, legionsAt } from './income.js';
import type { Policy } from './policy.js';
import { factionLegionsAt, recallLegions, warName } from './senate/military.js';
import { type GameState, senatorName, statusOf, WARS } from './state.js';

export function adjustmentsStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'adjustments';
  const p = g.params;
  const w = g.wars;
  for (let i = 0; i < w.status.length; i++) {
    // Legions without a commander (he was killed) are recalled; the war becomes unopposed.
    if (w.status[i] === 1 && w.commander[i]! < 0 && legionsAt(g, i) > 0) {
      recallLegions(g, i, w.stateLegions[i]!, factionLegionsAt(g, i));
    }
    // Every active war with no Roman legions now is unopposed (+4), once per war per turn (rules-notes 22, 23).
    if (w.status[i] === 1 && legionsAt(g, i) === 0 && w.result[i] !== 2) {
      changeRI(g, p.unopposedWarRI);
      g.stats.unopposedWarTurns++;
      if (g.trace) log(g, `Unopposed war at ${warName(g, i)}`);
    }
    if (w.result[i] === 1) spoilsOfWar(g, policies, i);
    factionLegionPrestige(g, i);
  }
  checkWarLosses(g);
  g.riCredit = 0; // a netted turn ends here: what was not absorbed is lost (Revolution Index: never below zero)
}

/** Spoils: the commander may take up to twice his Status for his faction; the State gets the rest. */
function spoilsOfWar(g: GameState, policies: readonly Policy[], i: number): void {
  const w = g.wars;
  const c = w.victor[i]!;
  let claimed = 0;
  if (c >= 0 && g.senOwner[c]! >= 0) {
    const f = g.senOwner[c]!;
    addPrestige(g, f, Math.ceil(w.originalArmies[i]! / 2));
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
  if (g.trace) log(g, `Spoils of ${warName(g, i)}: ${claimed} to ${c >= 0 ? senatorName(c) : 'nobody'}, ${w.spoils[i]! - claimed} to the State`);
}

/** Faction legions: +1 for a victory, -2 when eliminated, doubled under their own faction's commander. */
function factionLegionPrestige(g: GameState, i: number): void {
  const w = g.wars;
  if (!w.foughtMask[i]) return;
  for (let f = 0; f < g.players; f++) {
    if (!(w.foughtMask[i]! & (1 << f))) continue;
    const double = w.cmdFaction[i] === f ? 2 : 1;
    if (w.lostMask[i]! & (1 << f)) addPrestige(g, f, -g.params.legionEliminatedPrestige * double);
    else if (w.result[i] === 1) addPrestige(g, f, g.params.legionVictoryPrestige * double);
  }
}

/** Loss conditions: too many active wars, or an unopposed war beside another active war. */
export function checkWarLosses(g: GameState): void {
  const active = activeWarCount(g);
  if (active >= g.params.maxActiveWars) loseGame(g, WARS);
  if (active < 2) return;
  for (let i = 0; i < g.wars.status.length; i++) {
    if (g.wars.status[i] === 1 && legionsAt(g, i) === 0) loseGame(g, WARS);
  }
}
