// The evaluation worker (compiled JS in a worker thread): plays a range of games in which one seat —
// rotating with the game index — plays a deviator and the others play a field, and, when asked, the
// same games with the field in every seat (common random numbers), returning only sums.
import { gameSeed } from '../core/rng.js';
import { popcount } from '../legions/common.js';
import { type GameConfig, keepSpareState, playInSpareState } from '../legions/game.js';
import { winnersOf } from '../legions/outcome.js';
import type { Policy } from '../legions/policy.js';
import type { GameState } from '../legions/state.js';
import { makePolicy } from '../../policies/index.js';
import { ParametricPolicy, type Weights } from '../../policies/parametric.js';
import { RolloutPolicy } from '../../policies/rollout.js';

/** A player: a built-in policy by name (rollout, parametric:FILE, ...) or a parametric weight vector. */
export type Deviator = { name: string } | { label: string; weights: Weights };
export type Seat = Deviator;

export interface EvalTask {
  cfg: GameConfig;
  deviator: Deviator;
  /** The field: policy names (or weight vectors) in seat order, cycled when fewer than the seats. */
  field: (string | Seat)[];
  /** Rotate the field over the seats game by game (a Latin square), as well as the deviator's seat. */
  rotate: boolean;
  seed: string;
  start: number;
  end: number;
  /** Also play each game with the field in the deviator's seat (the paired baseline). */
  paired: boolean;
}

/** Win shares are counted in sixtieths of a game (a tie of k <= 5 factions shares exactly), so every sum is an integer. */
export const WIN_UNIT = 60;

export interface EvalSums {
  games: number;
  /** Deviator's win shares (WIN_UNITs), games survived with it seated. */
  wins: number;
  survived: number;
  /** The paired baseline: the field seat's win shares (WIN_UNITs) and games survived; per-game differences (WIN_UNITs). */
  baseWins: number;
  baseSurvived: number;
  sumD: number;
  sumD2: number;
}

/** A seat's policy; a rollout player simulates the others with the field's own policies (rollouts as statesmen). */
function makeSeat(t: EvalTask, i: number, d: Seat, forRollout = false): Policy {
  if ('weights' in d) return new ParametricPolicy(d.label, d.weights);
  if (forRollout && d.name.startsWith('rollout')) return makePolicy('statesman');
  const p = makePolicy(d.name);
  if (p instanceof RolloutPolicy) p.setSeats((s) => makeSeat(t, i, fieldSeat(t, i, s), true));
  return p;
}

/** The index in t.field of seat s of game i: the list in seat order, cycled, and rotated game by game when asked. */
function fieldIndex(t: EvalTask, i: number, s: number): number {
  const k = t.field.length;
  return k === 1 ? 0 : (s + (t.rotate ? i : 0)) % k;
}

/** Seat s of game i in the field. */
function fieldSeat(t: EvalTask, i: number, s: number): Seat {
  const x = t.field[fieldIndex(t, i, s)]!;
  return typeof x === 'string' ? { name: x } : x;
}

/**
 * One range's games. Its players are made once and bound to each game afresh (Policy.init), as a
 * simulate worker's are: one per seat and field entry (a short field puts an entry in several seats, and
 * a policy's stream is its seat's), and the deviator. A rollout player, whose futures are played by the
 * field of its own game, is made per game. Each game is played in the spare state of its shape (playInSpareState, as playOutcome plays it).
 */
class RangeGames {
  private readonly field: (Policy | undefined)[] = [];
  private deviator: Policy | undefined;
  private readonly pols: Policy[] = [];

  constructor(private readonly t: EvalTask) {}

  /** Plays game i with the deviator in `seat` (or the field only, without); returns that seat's win share in WIN_UNITs, or -1 on a collapse. */
  play(i: number, seat: number, withDeviator: boolean): number {
    const t = this.t;
    const pols = this.pols; // (one seat each, written over game by game: the range's players are fixed)
    for (let s = 0; s < t.cfg.players; s++) pols[s] = withDeviator && s === seat ? this.deviatorFor(i) : this.fieldAt(i, s);
    const g = playInSpareState(t.cfg, gameSeed(t.seed, i), pols);
    const a = g.lost ? -1 : winShare(g, seat);
    keepSpareState(t.cfg, g);
    return a;
  }

  private fieldAt(i: number, s: number): Policy {
    const k = s * this.t.field.length + fieldIndex(this.t, i, s);
    const kept = this.field[k];
    if (kept !== undefined) return kept;
    const p = makeSeat(this.t, i, fieldSeat(this.t, i, s));
    if (!(p instanceof RolloutPolicy)) this.field[k] = p;
    return p;
  }

  private deviatorFor(i: number): Policy {
    if (this.deviator !== undefined) return this.deviator;
    const p = makeSeat(this.t, i, this.t.deviator);
    if (!(p instanceof RolloutPolicy)) this.deviator = p;
    return p;
  }
}

/** Seat's win share of a game survived, in WIN_UNITs. */
function winShare(g: GameState, seat: number): number {
  const w = winnersOf(g);
  return w & (1 << seat) ? WIN_UNIT / popcount(w) : 0;
}

/**
 * The configuration of the last range played (a copy of its own: a caller may change its object later)
 * and its JSON. A pool's worker receives a copy of the same configuration with every range, and only
 * the same objects let a game take the spare state the last range's games left (setup.ts sameShape
 * compares board and variations by identity).
 */
let lastConfig: GameConfig | null = null;
let lastConfigJson = '';

function sameConfig(cfg: GameConfig): GameConfig {
  const json = JSON.stringify(cfg);
  if (lastConfig === null || json !== lastConfigJson) {
    lastConfig = structuredClone(cfg);
    lastConfigJson = json;
  }
  return lastConfig;
}

export default function evaluateRange(task: EvalTask): EvalSums {
  const t = { ...task, cfg: sameConfig(task.cfg) };
  const n = t.cfg.players;
  const sums: EvalSums = { games: 0, wins: 0, survived: 0, baseWins: 0, baseSurvived: 0, sumD: 0, sumD2: 0 };
  const games = new RangeGames(t);
  for (let i = t.start; i < t.end; i++) {
    const seat = i % n;
    const a = games.play(i, seat, true);
    sums.games++;
    if (a >= 0) {
      sums.survived++;
      sums.wins += a;
    }
    if (!t.paired) continue;
    const b = games.play(i, seat, false);
    if (b >= 0) {
      sums.baseSurvived++;
      sums.baseWins += b;
    }
    const d = Math.max(a, 0) - Math.max(b, 0);
    sums.sumD += d;
    sums.sumD2 += d * d;
  }
  return sums;
}
