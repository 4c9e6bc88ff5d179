// The evaluation worker (compiled JS in a worker thread): plays a range of games in which one seat —
// rotating with the game index — plays a deviator and the others play a field, and, when asked, the
// same games with the field in every seat (common random numbers), returning only sums.
import { gameSeed } from '../core/rng.js';
import { initPolicies, playOn } from '../legions/game.js';
import { popcount } from '../legions/common.js';
import type { GameConfig } from '../legions/game.js';
import { winnersOf } from '../legions/outcome.js';
import type { Policy } from '../legions/policy.js';
import { setupGame } from '../legions/setup.js';
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

/** Seat s of game i in the field: the list in seat order, cycled, and rotated game by game when asked. */
function fieldSeat(t: EvalTask, i: number, s: number): Seat {
  const k = t.field.length;
  const x = k === 1 ? t.field[0]! : t.field[(s + (t.rotate ? i : 0)) % k]!;
  return typeof x === 'string' ? { name: x } : x;
}

/** Plays game i with `deviator` in `seat` (or the field only when null); returns that seat's win share in WIN_UNITs, or -1 on a collapse. */
function play(t: EvalTask, i: number, seat: number, deviator: Policy | null): number {
  const n = t.cfg.players;
  const pols: Policy[] = [];
  for (let s = 0; s < n; s++) pols.push(s === seat && deviator ? deviator : makeSeat(t, i, fieldSeat(t, i, s)));
  const g = setupGame(t.cfg, gameSeed(t.seed, i), false);
  initPolicies(g, pols);
  playOn(g, pols);
  if (g.lost) return -1;
  const w = winnersOf(g);
  return w & (1 << seat) ? WIN_UNIT / popcount(w) : 0;
}

export default function evaluateRange(t: EvalTask): EvalSums {
  const n = t.cfg.players;
  const sums: EvalSums = { games: 0, wins: 0, survived: 0, baseWins: 0, baseSurvived: 0, sumD: 0, sumD2: 0 };
  for (let i = t.start; i < t.end; i++) {
    const seat = i % n;
    const a = play(t, i, seat, makeSeat(t, i, t.deviator));
    sums.games++;
    if (a >= 0) {
      sums.survived++;
      sums.wins += a;
    }
    if (!t.paired) continue;
    const b = play(t, i, seat, null);
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
