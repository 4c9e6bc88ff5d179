// Self-play training of the competent policy: iterated best responses over a growing population.
// Each round finds a best response to the current candidate (tuned for win share alone, the candidate
// in every other seat), measures what it gains, adds it to the population, and then improves the
// candidate *as a field*: the win share of its seats when one seat is taken by a member of the
// population (every best response so far, the seed opponents, or a copy of itself), plus a survival
// term. A field that holds its own against every deviator leaves little to gain, which the next
// round's best response measures; the least exploitable candidate met is kept.
import type { Weights } from '../../policies/parametric.js';
import type { GameConfig } from '../legions/game.js';
import type { Seat } from './eval-worker.js';
import { type DeviatorResult, measureDeviator } from './exploit.js';
import type { EvalPool } from './pool.js';
import { evolve, tune } from './tune.js';
import { WIN_UNIT } from './eval-worker.js';

/**
 * Fitness of `w` as the field: the games are shared among the deviators (each opponent and a copy of
 * `w` itself), one seat each, rotating; `w`'s other seats score their win share, plus `survivalWeight`
 * per game the Republic survives.
 */
async function fieldFitness(pool: EvalPool, cfg: GameConfig, w: Weights, opponents: readonly Weights[], games: number, seed: string, survivalWeight: number): Promise<number> {
  const deviators = [w, ...opponents];
  const each = Math.max(1, Math.floor(games / deviators.length));
  let score = 0;
  let played = 0;
  for (let j = 0; j < deviators.length; j++) {
    const s = await pool.evaluate({ cfg, deviator: { label: `deviator${j}`, weights: deviators[j]! }, field: [{ label: 'field', weights: w }], rotate: false, seed: `${seed}/d${j}`, paired: false }, each);
    // Every surviving game hands out one win in all; what the deviator did not take went to w's seats.
    score += (s.survived - s.wins / WIN_UNIT) / (cfg.players - 1) + survivalWeight * s.survived;
    played += s.games;
  }
  return score / played;
}

export interface SelfPlayOptions {
  rounds: number;
  /** Evolution budget of each best response and each candidate update. */
  generations: number;
  population: number;
  parents: number;
  games: number;
  sigma: number;
  /** Paired games to measure each round's best response against the candidate. */
  measureGames: number;
  survivalWeight: number;
  seed: string;
}

export interface SelfPlayRound {
  round: number;
  /** The candidate the round started from, and its best response measured against it (paired). */
  candidate: Weights;
  exploit: Pick<DeviatorResult, 'gain' | 'winShare' | 'fieldWinShare' | 'games'>;
  bestResponse: Weights;
}

export interface SelfPlayResult {
  /** The least exploitable candidate met (smallest measured gain of its best response). */
  candidate: Weights;
  chosenRound: number;
  rounds: SelfPlayRound[];
}

export async function selfPlay(pool: EvalPool, cfg: GameConfig, start: Weights, opponents: Weights[], o: SelfPlayOptions,
  progress?: (m: string) => void): Promise<SelfPlayResult> {
  let candidate = start;
  const population: Weights[] = [...opponents];
  const rounds: SelfPlayRound[] = [];
  // Rounds 1..rounds improve the candidate; a last round only measures the final one.
  for (let r = 1; r <= o.rounds + 1; r++) {
    const field: Seat[] = [{ label: 'candidate', weights: candidate }];
    const br = await tune(pool, cfg, candidate, field, {
      generations: o.generations, population: o.population, parents: o.parents, games: o.games, sigma: o.sigma,
      seed: `${o.seed}/round${r}/best-response`, survivalWeight: 0,
    }, (g, b) => progress?.(`round ${r}: best response generation ${g}/${o.generations}, win share ${b.toFixed(4)}`));
    const m = await measureDeviator(pool, cfg, field, { label: 'best-response', weights: br.best }, 'best response', o.measureGames, `${o.seed}/round${r}/measure`, false);
    progress?.(`round ${r}: best response gains ${(100 * m.gain.value).toFixed(1)} points [${(100 * m.gain.ci95[0]).toFixed(1)}, ${(100 * m.gain.ci95[1]).toFixed(1)}]`);
    rounds.push({ round: r, candidate, exploit: { gain: m.gain, winShare: m.winShare, fieldWinShare: m.fieldWinShare, games: m.games }, bestResponse: br.best });
    if (r > o.rounds) break;
    population.push(br.best);
    // The candidate as the field: its seats' win share when one seat is an opponent (or a copy of
    // itself), plus survival. Doing well against every deviator is what leaves them little to gain.
    const next = await evolve(candidate, { ...o, seed: `${o.seed}/round${r}/candidate` }, (w, seed) => fieldFitness(pool, cfg, w, population, o.games, seed, o.survivalWeight),
      (g, b) => progress?.(`round ${r}: candidate generation ${g}/${o.generations}, fitness ${b.toFixed(4)}`));
    candidate = next.best;
  }
  const chosen = rounds.reduce((a, b) => (b.exploit.gain.value < a.exploit.gain.value ? b : a));
  return { candidate: chosen.candidate, chosenRound: chosen.round, rounds };
}
