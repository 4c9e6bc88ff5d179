// Republic of Rome module "ror-garrisons" (RoR 1.09.646; errata 9.641): the Senate may vote State
// legions into a conquered province's garrison; they stay there until recalled (whoever governs),
// cannot be recalled in the turn they arrived, count as State legions for the cap, the upkeep and the
// Arms concession, turn Barbarian Invasions away, and (with `revolts`) fight a revolt the moment it
// breaks out, under the governor. docs/rules.md, Variations, says what is read how.
import * as rngModule from '../../core/rng.js';
import * as commonModule from '../common.js';
import type { Battle } from '../combat.js';
import * as combatModule from '../combat.js';
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { MotionRules } from '../senate/agenda.js';
import * as prosecutionsModule from '../senate/prosecutions.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { addPrestige, changeRI, legalInt, log, senatorToDeckBottom } = commonModule;
const { commanderKilled, resolveBattle } = combatModule;
const { GARRISON, motionRules, RECALL_GARRISON } = motionModule;
const { vacateOffices } = prosecutionsModule;
const { AT_GOVERNOR, militaryRatingOf, senatorName, statusOf, warsChanged } = stateModule;

const on = (g: GameState): boolean => g.variants['ror-garrisons'];

/** Whether a motion kind is one of the module's (its trigger counts every such motion made). */
export const isGarrisonKind = (kind: number): boolean => kind === GARRISON || kind === RECALL_GARRISON;

/** Garrison legions of province p that may be recalled now: not those deployed this turn (errata 9.641). */
export function recallableGarrison(g: GameState, p: number): number {
  const fresh = g.provGarrisonTurn[p] === g.turn ? g.provGarrisonFresh[p]! : 0;
  return g.provGarrison[p]! - fresh;
}

/** Whether a garrison protects province p from a Barbarian Invasion (only garrisons protect: 1.09.646). */
export function garrisonProtects(g: GameState, p: number): boolean {
  return on(g) && g.provGarrison[p]! > 0;
}

const validProvince = (g: GameState, p: number): boolean => legalInt(p, 0, g.provConquered.length - 1);

/** Garrison: 1 or more State legions from the box to a conquered province (no faction legions, no commander). */
export const garrisonRules: MotionRules = motionRules({
  applicable(g) {
    if (!on(g) || g.legionsBox === 0) return false;
    for (let p = 0; p < g.provConquered.length; p++) if (g.provConquered[p]) return true;
    return false;
  },
  check(g, m: Motion) {
    if (!validProvince(g, m.target) || !g.provConquered[m.target]) return 'not a conquered province';
    if (!legalInt(m.count, 1, g.legionsBox)) return `count must be 1..${g.legionsBox} State legions in the box`;
    if (m.mask !== 0 || m.senator !== -1 || m.target2 !== -1) return 'a garrison takes State legions only (no faction legions, no commander)';
    return null;
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    const p = m.target;
    g.legionsBox -= m.count;
    g.provGarrison[p] += m.count;
    warsChanged(g);
    if (g.provGarrisonTurn[p] !== g.turn) g.provGarrisonFresh[p] = 0;
    g.provGarrisonTurn[p] = g.turn;
    g.provGarrisonFresh[p] += m.count;
    g.stats.rorGarrisoned += m.count;
    if (g.trace !== null) log(g, `${m.count} legions garrison ${g.board.provinces[p]!.name} (garrison ${g.provGarrison[p]})`);
  },
});

/** Recall Garrison: legions of a garrison back to the box, not those deployed this turn (errata 9.641). */
export const recallGarrisonRules: MotionRules = motionRules({
  applicable(g) {
    if (!on(g)) return false;
    for (let p = 0; p < g.provGarrison.length; p++) if (recallableGarrison(g, p) > 0) return true;
    return false;
  },
  check(g, m: Motion) {
    if (!validProvince(g, m.target) || g.provGarrison[m.target] === 0) return 'no garrison in that province';
    if (!legalInt(m.count, 1, g.provGarrison[m.target]!)) return `count must be 1..${g.provGarrison[m.target]} legions of the garrison`;
    const can = recallableGarrison(g, m.target);
    if (m.count > can) return `only ${can} may go: legions garrisoned this turn cannot be recalled in it (errata 9.641)`;
    if (m.mask !== 0 || m.senator !== -1 || m.target2 !== -1) return 'a garrison recall names State legions only';
    return null;
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    g.provGarrison[m.target] -= m.count;
    warsChanged(g);
    g.legionsBox += m.count;
    g.stats.rorGarrisonRecalled += m.count;
    if (g.trace !== null) log(g, `${m.count} legions recalled from the garrison of ${g.board.provinces[m.target]!.name}`);
  },
});

/** With `revolts`: how much the garrison lowers province p's revolt threshold (rorGarrisonDeterrence per legion). */
export function garrisonDeterrence(g: GameState, p: number): number {
  return on(g) ? g.params.rorGarrisonDeterrence * g.provGarrison[p]! : 0;
}

/** The governor of p if he is in his province and free (not a captive of this turn's raid), else -1. */
function residentGovernor(g: GameState, p: number): number {
  const s = g.provGovernor[p]!;
  return s >= 0 && g.senWhere[s] === AT_GOVERNOR && g.senPost[s] === p && g.rorCaptive !== s ? s : -1;
}

const battle: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
const d10 = (g: GameState): number => uniformInt(g.rng.rorGarrisons, 10) + 1;

/**
 * With `revolts`: a revolt has just broken out in province p (war slot w). If the province has a
 * garrison and its governor is there, the garrison fights the rebels at once, one battle under the
 * governor (Military Rating = ceil(Status / 4), at most the legions), with the combat rules and RI
 * changes of a battle; its draws come from the module's own stream. Losses come off the garrison; a
 * governor who loses half or more of it dies on a draw above his Status. No armies left: the revolt
 * is crushed (victory RI, Prestige for the governor's faction, the spoils to the State); otherwise it
 * stands as a war for the Senate, and the garrison stays in the province.
 */
export function garrisonFightsOutbreak(g: GameState, w: number, p: number): void {
  if (!on(g) || g.provGarrison[p] === 0) return;
  const gov = residentGovernor(g, p);
  if (gov < 0) return; // a vacant province's garrison does not fight
  const pr = g.params;
  const wars = g.wars;
  const legions = g.provGarrison[p]!;
  const rh = Math.ceil(Math.abs(d10(g) - d10(g)) / 2);
  const eh = Math.ceil(Math.abs(d10(g) - d10(g)) / 2);
  const b = resolveBattle(legions, militaryRatingOf(gov), wars.armies[w]!, rh, eh, pr.additionalLossesRatio === 1, battle);
  g.stats.rorGarrisonBattles++;
  wars.armies[w] -= b.enemyLost;
  warsChanged(g);
  const lost = b.romanLost;
  const name = g.board.provinces[p]!.name;
  if (g.trace !== null) log(g, `The garrison of ${name} fights the revolt: Roman ${b.romanAttack} (${legions} legions, governor ${senatorName(gov)}, +${rh}) vs rebels ${b.enemyAttack} (+${eh}): Rome loses ${lost}, the rebels ${b.enemyLost}, ${wars.armies[w]} armies left`);
  if (lost > 0) {
    g.provGarrison[p] -= lost;
    warsChanged(g);
    if (g.provGarrisonTurn[p] === g.turn) g.provGarrisonFresh[p] = Math.min(g.provGarrisonFresh[p]!, g.provGarrison[p]!);
    g.stats.legionsLost += lost;
    changeRI(g, 2 * lost >= legions ? pr.heavyLossRI : pr.legionsLostRI);
    if (2 * lost >= legions) {
      const r = d10(g);
      if (commanderKilled(legions, lost, r, statusOf(gov))) {
        if (g.trace !== null) log(g, `Governor ${senatorName(gov)} is killed (draw ${r} > Status ${statusOf(gov)})`);
        g.stats.senatorsKilled++;
        g.provGovernor[p] = -1;
        g.provClaimed[p] = 0;
        vacateOffices(g, gov);
        senatorToDeckBottom(g, gov);
      } else if (g.trace !== null) log(g, `Governor ${senatorName(gov)} survives (draw ${r})`);
    }
  }
  if (wars.armies[w] !== 0) return;
  // Crushed at once: the revolt ends, the province pays again; the garrison stays where it is.
  wars.status[w] = 2;
  warsChanged(g);
  g.provRevolt[p] = 0;
  g.stats.warsWon++;
  changeRI(g, -pr.victoryRI);
  const f = g.provGovernor[p] === gov ? g.senOwner[gov]! : -1;
  if (f >= 0) addPrestige(g, f, Math.ceil(wars.originalArmies[w]! / 2));
  g.stateTreasury += wars.spoils[w]!;
  if (g.trace !== null) log(g, `The garrison of ${name} crushes the revolt; spoils ${wars.spoils[w]} to the State`);
}
