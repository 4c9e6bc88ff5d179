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
import { makePolicy, parsePolicies } from '../../policies/index.js';
import { ParametricPolicy, type Weights } from '../../policies/parametric.js';
import { RolloutPolicy } from '../../policies/rollout.js';

/** A deviator: a built-in policy by name (rollout, parametric:FILE, ...) or a weight vector. */
export type Deviator = { name: string } | { label: string; weights: Weights };

export interface EvalTask {
  cfg: GameConfig;
  deviator: Deviator;
  /** The field: policy names in seat order, cycled when fewer than the seats. */
  field: string[];
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

/** The deviator's policy; a rollout deviator simulates the others with the field's own policies. */
function makeDeviator(t: EvalTask, i: number): Policy {
  const d = t.deviator;
  const p = 'weights' in d ? new ParametricPolicy(d.label, d.weights) : makePolicy(d.name);
  if (p instanceof RolloutPolicy) p.setSeats((s) => makePolicy(fieldName(t, i, s).startsWith('rollout') ? 'statesman' : fieldName(t, i, s)));
  return p;
}

/** Seat s of game i in the field: the list in seat order, cycled, and rotated game by game when asked. */
function fieldName(t: EvalTask, i: number, s: number): string {
  const k = t.field.length;
  return k === 1 ? t.field[0]! : t.field[(s + (t.rotate ? i : 0)) % k]!;
}

/** Plays game i with `deviator` in `seat` (or the field only when null); returns that seat's win share in WIN_UNITs, or -1 on a collapse. */
function play(t: EvalTask, i: number, seat: number, deviator: Policy | null): number {
  const n = t.cfg.players;
  const names: string[] = [];
  for (let s = 0; s < n; s++) names.push(fieldName(t, i, s));
  const pols = parsePolicies(names.join(','), n);
  if (deviator) pols[seat] = deviator;
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
    const a = play(t, i, seat, makeDeviator(t, i));
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
