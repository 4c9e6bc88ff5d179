// Reading the game for policies: small queries over the public state, shared by the built-in policies.
import { activeWarCount as activeWars, type GameView, stateLegionCount as stateLegions } from '../src/legions/policy.js';
import { statusOf } from '../src/legions/state.js';

export { AT_FORUM, AT_ROME, FL_BOX, FL_NONE, influenceOf, militaryRatingOf, statusOf } from '../src/legions/state.js';
export {
  activeWarCount as activeWars, factionLegionsAt, legionsAt, popcount, raiseCost, stateLegionCount as stateLegions,
} from '../src/legions/policy.js';

/** Total legions a war wants: legions + MR (at most the legions) at least armies + margin. */
export function legionsWanted(g: GameView, w: number, mr: number, margin: number): number {
  const target = g.wars.armies[w]! + margin;
  return Math.max(Math.ceil(target / 2), target - mr);
}

/** The State's committed costs next turn: wars, legion upkeep, commanders, plus a margin. */
export function stateReserve(g: GameView): number {
  const p = g.params;
  let commanders = 0;
  for (let w = 0; w < g.wars.commander.length; w++) if (g.wars.commander[w]! >= 0) commanders++;
  return p.warCost * (activeWars(g) + 1) + p.legionUpkeep * stateLegions(g) + commanders + 10;
}

/** The best candidate of `me` (highest card, i.e. highest influence then Status), else -1. */
export function bestOwn(g: GameView, me: number, cands: readonly number[]): number {
  let b = -1;
  for (const s of cands) if (g.senOwner[s] === me && s > b) b = s;
  return b;
}

/** Highest Status among candidates of faction `owner` (any faction when owner is -2), else -1. */
export function highestStatus(g: GameView, cands: readonly number[], owner: number): number {
  let b = -1;
  for (const s of cands) {
    if (owner !== -2 && g.senOwner[s] !== owner) continue;
    if (b < 0 || statusOf(s) > statusOf(b)) b = s;
  }
  return b;
}

export function leader(g: GameView, except: number): number {
  let b = -1;
  for (let f = 0; f < g.players; f++) if (f !== except && (b < 0 || g.prestige[f]! > g.prestige[b]!)) b = f;
  return b;
}

/** Collapse is close: high index, a thin treasury or too many wars. */
export function collapseClose(g: GameView): boolean {
  return g.ri >= 8 || g.stateTreasury < stateReserve(g) || activeWars(g) >= 2;
}

/** Owner of senator s, or -1 for none (never indexes with -1: a negative index is a slow path in V8). */
export const ownerOf = (g: GameView, s: number): number => (s >= 0 ? g.senOwner[s]! : -1);
