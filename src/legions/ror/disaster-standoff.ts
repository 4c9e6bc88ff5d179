// ror-disaster-standoff (RoR 1.09.645; errata 10.2): a war's Disaster and Standoff numbers. The seeds
// give no numbers (no war cards): the "roll" is the sum (2..20) of the two Roman cards already drawn
// for the half random difference, so the module draws nothing of its own. A battle Rome did not lose
// (its attack at least the enemy's; a Defeat is never changed, errata 10.2) becomes a Disaster when
// the sum is rorDisasterRoll: Rome loses ceil(legions / rorDisasterLossDiv), the enemy nothing; or a
// Standoff when it is rorStandoffRoll: Rome loses ceil(legions / rorStandoffLossDiv), the enemy
// nothing. Each number works once per war per turn (1.09.645), which matters when several
// commanders attack one war. The ordinary RI and death-check rules then apply to those losses.
import type { Battle } from '../combat.js';
import * as commonModule from '../common.js';
import type { RulesParams } from '../params.js';
import type { GameState } from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { log } = commonModule;

export const ROR_DISASTER = 'ror-disaster-standoff';
export const NO_DS = 0;
export const DISASTER = 1;
export const STANDOFF = 2;

/** The module's numbers (from the rules parameters). */
export interface DsRule {
  disasterRoll: number;
  standoffRoll: number;
  disasterDiv: number;
  standoffDiv: number;
}

export function dsRule(p: RulesParams): DsRule {
  return { disasterRoll: p.rorDisasterRoll, standoffRoll: p.rorStandoffRoll, disasterDiv: p.rorDisasterLossDiv, standoffDiv: p.rorStandoffLossDiv };
}

/**
 * Pure: applies a Disaster or Standoff to battle `b` of `legions` when the Roman cards sum to `sum`
 * and that number is not yet used at this war this turn (`used`: bit 0 Disaster, bit 1 Standoff).
 * Returns NO_DS, DISASTER or STANDOFF (b changed only for the last two).
 */
export function applyDisasterStandoff(r: DsRule, used: number, sum: number, legions: number, b: Battle): number {
  if (b.romanAttack < b.enemyAttack) return NO_DS; // a Defeat stays a Defeat (errata 10.2)
  let kind = NO_DS;
  let div = 1;
  if (r.disasterRoll > 0 && sum === r.disasterRoll && !(used & 1)) {
    kind = DISASTER;
    div = r.disasterDiv;
  } else if (r.standoffRoll > 0 && sum === r.standoffRoll && !(used & 2)) {
    kind = STANDOFF;
    div = r.standoffDiv;
  } else return NO_DS;
  b.romanLost = Math.min(legions, Math.ceil(legions / div));
  b.enemyLost = 0;
  return kind;
}

/** In combat: the module's check for one battle at war `w` (no-op without the module). */
export function disasterStandoff(g: GameState, w: number, sum: number, legions: number, b: Battle): number {
  if (!g.variants[ROR_DISASTER]) return NO_DS;
  const kind = applyDisasterStandoff(dsRule(g.params), g.wars.dsUsed[w]!, sum, legions, b);
  if (kind === NO_DS) return kind;
  g.wars.dsUsed[w] |= kind; // DISASTER = bit 0, STANDOFF = bit 1
  g.stats.rorDisasterStandoffs++;
  if (kind === DISASTER) g.stats.rorDisasters++;
  else g.stats.rorStandoffs++;
  if (g.trace !== null) log(g, `${kind === DISASTER ? 'Disaster' : 'Standoff'}: the Roman cards sum to ${sum}; Rome loses ${b.romanLost}, the enemy nothing`);
  return kind;
}
