// One whole game: setup, then the seven steps of every turn until turn 10 or the fall of the Republic.
import * as rngModule from '../core/rng.js';
import * as adjustmentsModule from './adjustments.js';
import * as combatModule from './combat.js';
import * as commonModule from './common.js';
import * as forumModule from './forum.js';
import * as incomeModule from './income.js';
import type { Outcome } from './outcome.js';
import * as outcomeModule from './outcome.js';
import type { Policy } from './policy.js';
import * as politicsModule from './politics.js';
import * as republicModule from './republic.js';
import * as consulForLifeModule from './ror/consul-for-life.js';
import * as indexModule from './senate/index.js';
import * as militaryModule from './senate/military.js';
import type { GameConfig } from './setup.js';
import * as setupModule from './setup.js';
import type { GameState } from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { gameSeed } = rngModule;
const { adjustmentsStep } = adjustmentsModule;
const { combatStep } = combatModule;
const { GameOver, log } = commonModule;
const { forumStep } = forumModule;
const { incomeStep, legionsAt } = incomeModule;
const { makeOutcome } = outcomeModule;
const { expireBanners, politicsStep } = politicsModule;
const { stateOfTheRepublicStep } = republicModule;
const { cflAutoCheck, cflEndOfTurn } = consulForLifeModule;
const { senateStep } = indexModule;
const { warName } = militaryModule;
const { sameShape, setupGame } = setupModule;

export type { GameConfig } from './setup.js';

/** Trace only: the state after a step (treasuries, Prestige, RI, wars). */
function snapshot(g: GameState): void {
  const wars: string[] = [];
  for (let w = 0; w < g.wars.status.length; w++) {
    if (g.wars.status[w] === 1) wars.push(`${warName(g, w)} ${g.wars.armies[w]} armies vs ${legionsAt(g, w)} legions`);
  }
  log(g, `[state] State ${g.stateTreasury}, RI ${g.ri}, treasuries ${g.treasury.join('/')}, Prestige ${g.prestige.join('/')}, box ${g.legionsBox}; wars: ${wars.length ? wars.join('; ') : 'none'}`);
}

/** Plays one turn (Course of the Game: steps 1 to 7). */
export function playTurn(g: GameState, policies: readonly Policy[]): void {
  const t = g.trace !== null;
  // ror-consul-for-life: a faction's Prestige may make a Consul for Life after any step (1.09.822).
  const cfl = g.variants['ror-consul-for-life'];
  incomeStep(g, policies);
  expireBanners(g, true);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  politicsStep(g);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  forumStep(g, policies);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  stateOfTheRepublicStep(g);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  senateStep(g, policies);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  combatStep(g, policies);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  adjustmentsStep(g, policies);
  expireBanners(g, false);
  if (t) snapshot(g);
  if (cfl) cflAutoCheck(g);
  g.riByTurn.push(g.ri);
  g.treasuryByTurn.push(g.stateTreasury);
  // The Republic stood this turn: a living Consul for Life wins it for his faction (1.09.823).
  if (cfl) cflEndOfTurn(g);
}

/** Plays the remaining turns of `g` (from turn g.turn + 1); returns when the game is over. */
export function playOn(g: GameState, policies: readonly Policy[], untilTurn = g.params.turns): void {
  try {
    while (g.lost === 0 && g.rorCflWinner < 0 && g.turn < untilTurn) {
      for (let f = 0; f < g.players; f++) policies[f]!.beginTurn?.(g, f);
      g.turn++;
      playTurn(g, policies);
    }
  } catch (e) {
    if (!(e instanceof GameOver)) throw e;
    g.riByTurn.push(g.ri);
    g.treasuryByTurn.push(g.stateTreasury);
  }
}

/** Binds each seat's policy to its own stream of this game. */
export function initPolicies(g: GameState, policies: readonly Policy[]): void {
  for (let f = 0; f < g.players; f++) policies[f]!.init(f, g.rng.policy[f]!);
}

/** Sets up a game and binds its policies; with `prev`, written over that state (setupGame's reuse). */
export function startGame(cfg: GameConfig, seed: string, policies: readonly Policy[], trace = false, prev: GameState | null = null): GameState {
  if (policies.length !== cfg.players) throw new Error(`need ${cfg.players} policies, got ${policies.length}`);
  const g = setupGame(cfg, seed, trace, prev);
  initPolicies(g, policies);
  return g;
}

/** Game `index` of a run with master seed `masterSeed`: its seed depends on (masterSeed, index) only. */
export function playGame(cfg: GameConfig, masterSeed: string, index: number, policies: readonly Policy[], trace = false): { state: GameState; outcome: Outcome } {
  const g = startGame(cfg, gameSeed(masterSeed, index), policies, trace);
  playOn(g, policies);
  return { state: g, outcome: makeOutcome(g) };
}

/**
 * The states the last playOutcome games left, one per shape of game (sameShape: an experiment's arms
 * alternate boards and variations), for the next game of that shape to write over. A game takes its
 * shape's spare and gives its state back at its end, so a game played inside a game (a player's) finds
 * none and makes its own; a game that throws gives none back. At most MAX_SPARE_STATES shapes are kept
 * (an experiment's arms, a test's many configurations).
 */
const spareStates: GameState[] = [];
const MAX_SPARE_STATES = 16;

/** The index in spareStates of a state of cfg's shape, or -1 (a few entries at most: one per arm). */
function spareIndex(cfg: GameConfig): number {
  for (let k = 0; k < spareStates.length; k++) if (sameShape(spareStates[k]!, cfg)) return k;
  return -1;
}

/** The spare state of cfg's shape, taken out (a game inside the one that takes it finds none), or null. */
function takeSpareState(cfg: GameConfig): GameState | null {
  const k = spareIndex(cfg);
  if (k < 0) return null;
  const prev = spareStates[k]!;
  spareStates[k] = spareStates[spareStates.length - 1]!;
  spareStates.pop();
  return prev;
}

/** Keeps g (its game over and read) as the spare of cfg's shape, for the next game to write over. */
export function keepSpareState(cfg: GameConfig, g: GameState): void {
  const back = spareIndex(cfg); // (a game played inside g's may have left one of this shape: replaced)
  if (back >= 0) spareStates[back] = g;
  else {
    if (spareStates.length === MAX_SPARE_STATES) spareStates.shift(); // (the first shape kept makes room)
    spareStates.push(g);
  }
}

/**
 * Plays the game of `seed` in the state the last one of its shape left (setupGame writes a new game
 * over its arrays). The caller reads the finished state, then gives it back with keepSpareState.
 */
export function playInSpareState(cfg: GameConfig, seed: string, policies: readonly Policy[]): GameState {
  const g = startGame(cfg, seed, policies, false, takeSpareState(cfg));
  playOn(g, policies);
  return g;
}

/** playGame's outcome, for callers that drop the state: played in a spare state, so a game allocates little more than its outcome. */
export function playOutcome(cfg: GameConfig, masterSeed: string, index: number, policies: readonly Policy[]): Outcome {
  const g = playInSpareState(cfg, gameSeed(masterSeed, index), policies);
  const outcome = makeOutcome(g); // (copies the state's arrays: the next game writes over them)
  keepSpareState(cfg, g);
  return outcome;
}
