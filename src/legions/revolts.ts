// Variation "Wars and Revolts", Revolts: conquered provinces may rise; a revolt is fought like a war.
import * as rngModule from '../core/rng.js';
import * as commonModule from './common.js';
import * as incomeModule from './income.js';
import * as garrisonsModule from './ror/garrisons.js';
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { uniformInt } = rngModule;
const { log, loseGame } = commonModule;
const { activeWarCount } = incomeModule;
const { garrisonDeterrence, garrisonFightsOutbreak } = garrisonsModule;
const { WARS, warsChanged } = stateModule;

const d10 = (g: GameState): number => uniformInt(g.rng.revolts, 10) + 1;

/** Rebel armies: half random difference (0 counts as 1) plus revoltModifier, like a war's armies. */
function rebelArmies(g: GameState): number {
  const d = Math.ceil(Math.abs(d10(g) - d10(g)) / 2);
  return (d === 0 ? 1 : d) + g.params.revoltModifier;
}

/**
 * Each conquered province without a revolt draws 1..10 from its own stream: it revolts when the draw
 * is at most revoltChance + RI / revoltRIStep (docs/rules.md, Revolts). No income while it lasts.
 * With ror-garrisons, a garrison may lower the threshold and fights the outbreak at once.
 */
export function revoltsActivity(g: GameState): void {
  const p = g.params;
  const w = g.wars;
  const threshold = p.revoltChance + Math.floor(g.ri / p.revoltRIStep);
  for (let i = 0; i < w.status.length; i++) {
    if (!w.revolt[i] || w.status[i] === 1) continue;
    const prov = w.province[i]!;
    if (!g.provConquered[prov]) continue;
    // ror-garrisons: rorGarrisonDeterrence per garrison legion lowers the province's threshold (0 by default).
    if (d10(g) > threshold - garrisonDeterrence(g, prov)) continue;
    const armies = rebelArmies(g);
    w.status[i] = 1;
    warsChanged(g);
    w.armies[i] = armies;
    w.originalArmies[i] = armies;
    w.spoils[i] = p.revoltSpoils;
    w.lossTurn[i] = -1;
    g.provRevolt[prov] = 1;
    g.stats.revolts++;
    if (g.trace !== null) log(g, `Revolt in ${g.board.provinces[prov]!.name}: ${armies} armies`);
    garrisonFightsOutbreak(g, i, prov); // ror-garrisons: a garrison fights the outbreak at once
  }
  if (activeWarCount(g) >= p.maxActiveWars) loseGame(g, WARS);
}
