// 4. State of the Republic: double random - Revolution Index + the Consul's personal Prestige.
import * as commonModule from './common.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { changeRI, log, loseGame, presidingFaction, randomNumber, senatorCount } = commonModule;
const { REVOLT } = stateModule;

/** The Consul's Prestige: faction Prestige / its senators (anywhere), rounded up (rules-notes 11). */
export function consulPrestige(g: GameState): number {
  const f = presidingFaction(g);
  const n = senatorCount(g, f);
  return n === 0 ? 0 : Math.ceil(g.prestige[f]! / n);
}

export interface RepublicResult {
  number: number;
  revolt: boolean;
  shortage: boolean;
  riIncrease: number;
}

/**
 * The table: below 0 revolt; 0..5 Manpower Shortage (no legions raised); 0..9 RI += 10 - number;
 * 10 or more no effect. Both middle bands apply together; 0 is in both unless zeroStateIsShortage = 0.
 */
export function republicTable(num: number, zeroInBands: boolean): RepublicResult {
  const inBands = num >= 1 || (num === 0 && zeroInBands);
  return {
    number: num,
    revolt: num < 0,
    shortage: inBands && num <= 5,
    riIncrease: inBands && num <= 9 ? 10 - num : 0,
  };
}

export function stateOfTheRepublicStep(g: GameState): void {
  g.step = 'republic';
  const a = randomNumber(g);
  const b = randomNumber(g);
  const cp = consulPrestige(g);
  const num = a + b - g.ri + cp;
  const r = republicTable(num, g.params.zeroStateIsShortage === 1);
  if (g.trace !== null) log(g, `State of the Republic: ${a}+${b} - RI ${g.ri} + Consul's Prestige ${cp} = ${num}`);
  if (r.revolt) loseGame(g, REVOLT);
  if (r.shortage) g.noRaiseTurn = g.turn;
  if (r.riIncrease) changeRI(g, r.riIncrease);
  if (g.trace !== null && (r.shortage || r.riIncrease)) log(g, `${r.shortage ? 'Manpower Shortage; ' : ''}RI now ${g.ri}`);
}
