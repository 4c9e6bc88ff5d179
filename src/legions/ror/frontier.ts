// Republic of Rome module "ror-frontier" (RoR 1.09.6461 and 1.09.646; errata 10.81-10.82): only
// frontier provinces suffer LEGIONS' Barbarian Invasion (RoR's Barbarian Raids), and a raid captures
// the province's governor unless a garrison (ror-garrisons) protects it; his faction pays the ransom
// before the Forum or he is killed, and a ransomed governor comes home, leaving his province vacant.
// No draws of its own: the invasion's province is the base game's draw. docs/rules.md, Variations.
import * as commonModule from '../common.js';
import type { Policy } from '../policy.js';
import * as prosecutionsModule from '../senate/prosecutions.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as garrisonsModule from './garrisons.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { askBool, log, returnSenator, senatorToDeckBottom } = commonModule;
const { vacateOffices } = prosecutionsModule;
const { AT_GOVERNOR, factionName, senatorName, statusOf } = stateModule;
const { garrisonProtects } = garrisonsModule;

/**
 * Whether province p (board index) is a frontier province (rorFrontierProvinces holds board numbers;
 * a number beyond the board names no province, as an invasion draw beyond it hits none).
 */
export function isFrontier(g: GameState, p: number): boolean {
  const list = g.params.rorFrontierProvinces;
  for (let i = 0; i < list.length; i++) if (list[i] === p + 1) return true;
  return false;
}

/** The ransom of a captured senator: max(rorRansomMin, rorRansomPerStatus x Status). */
export function ransomOf(g: GameState, s: number): number {
  return Math.max(g.params.rorRansomMin, g.params.rorRansomPerStatus * statusOf(s));
}

/**
 * A Barbarian Invasion hits conquered province p. Returns true when a module turns it away (the base
 * effect, undeveloped and no income next turn, is then skipped): ror-frontier spares a province that
 * is not a frontier province; ror-garrisons spares a garrisoned one.
 */
export function invasionTurnedAway(g: GameState, p: number): boolean {
  if (g.variants['ror-frontier'] && !isFrontier(g, p)) {
    g.stats.rorFrontierSpared++;
    g.stats.rorFrontierChanged++;
    if (g.trace !== null) log(g, `Invasion of ${g.board.provinces[p]!.name}: not a frontier province, no effect`);
    return true;
  }
  if (garrisonProtects(g, p)) {
    g.stats.rorGarrisonSaves++;
    if (g.trace !== null) log(g, `Invasion of ${g.board.provinces[p]!.name}: its garrison of ${g.provGarrison[p]} turns it away`);
    return true;
  }
  return false;
}

/** After the base effect of an invasion of frontier province p: its governor, if there, is captured. */
export function raidCaptures(g: GameState, p: number): void {
  if (!g.variants['ror-frontier']) return;
  const s = g.provGovernor[p]!;
  if (s < 0 || g.senWhere[s] !== AT_GOVERNOR) return;
  g.rorCaptive = s;
  g.stats.rorCaptures++;
  g.stats.rorFrontierChanged++;
  if (g.trace !== null) log(g, `Governor ${senatorName(s)} of ${g.board.provinces[p]!.name} is captured by the raiders (ransom ${ransomOf(g, s)})`);
}

/**
 * Before the Forum (errata 10.81): the faction of this turn's captive may pay his ransom (asked only
 * when its treasury holds it; `payRansom`). Paid: he comes home to Rome like a governor whose term is
 * over, and the province is vacant. Not paid (or a neutral): he is killed. A captive who died
 * meanwhile (Deaths) is forgotten.
 */
export function resolveCaptive(g: GameState, policies: readonly Policy[]): void {
  const s = g.rorCaptive;
  if (s < 0) return;
  g.rorCaptive = -1;
  const p = g.senPost[s]!;
  if (g.senWhere[s] !== AT_GOVERNOR || g.provGovernor[p] !== s) return;
  const f = g.senOwner[s]!;
  const ransom = ransomOf(g, s);
  const paid = f >= 0 && g.treasury[f]! >= ransom && askBool(g, f, policies[f]!.payRansom(g, f, s, ransom), 'payRansom');
  g.provGovernor[p] = -1;
  if (paid) {
    g.treasury[f] -= ransom;
    g.stats.rorRansomsPaid++;
    g.senGovReturnTurn[s] = g.turn;
    if (g.provClaimed[p]) g.senGovClaimReturn[s] = g.turn;
    g.provClaimed[p] = 0;
    returnSenator(g, s);
    if (g.trace !== null) log(g, `${factionName(f)} pays ${ransom} to ransom ${senatorName(s)}; ${g.board.provinces[p]!.name} is vacant`);
    return;
  }
  g.provClaimed[p] = 0;
  g.stats.senatorsKilled++;
  if (g.trace !== null) log(g, `${senatorName(s)} is not ransomed and is killed; ${g.board.provinces[p]!.name} is vacant`);
  vacateOffices(g, s);
  senatorToDeckBottom(g, s);
}

