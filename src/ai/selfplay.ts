// Self-play training of the competent policy: iterated best responses over a growing population.
// Each round finds a best response to the current candidate (tuned for win share alone, the candidate
// in every other seat), measures what it gains, adds it to the population, and then improves the
// candidate *as a field* against the most recent deviators: its fitness is minus the largest gain any
// of them makes against it (paired, on common games), plus a term for the Republic's survival when it
// plays every seat. The next round's best response measures the result afresh; the least exploitable
// candidate met is kept.
import type { Weights } from '../../policies/parametric.js';
import type { GameConfig } from '../legions/game.js';
import type { Seat } from './eval-worker.js';
import { type DeviatorResult, exploit } from './exploit.js';
import type { EvalPool } from './pool.js';
import { evolve } from './tune.js';
import { WIN_UNIT } from './eval-worker.js';

/**
 * Fitness of `w` as the field, aimed at exploitability itself: minus the largest paired gain of any
 * known deviator (each plays one seat, rotating, on the same games as the field alone), plus
 * `survivalWeight` times the Republic's survival when `w` plays every seat.
 */
async function fieldFitness(pool: EvalPool, cfg: GameConfig, w: Weights, deviators: readonly Weights[], games: number, seed: string, survivalWeight: number): Promise<number> {
  let worst = -Infinity;
  let survived = 0;
  let played = 0;
  for (let j = 0; j < deviators.length; j++) {
    const s = await pool.evaluate({ cfg, deviator: { label: `deviator${j}`, weights: deviators[j]! }, field: [{ label: 'field', weights: w }], rotate: false, seed, paired: true }, games);
    worst = Math.max(worst, s.sumD / WIN_UNIT / s.games);
    survived += s.baseSurvived;
    played += s.games;
  }
  return -worst + survivalWeight * (survived / played);
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
  /** The candidate is judged against the last this many deviators (best responses and seed opponents). */
  deviators: number;
  /** Weight vectors a best response may start from, beside the candidate and earlier best responses. */
  starts: { label: string; weights: Weights }[];
  seed: string;
  /** Train only these weights (a variation's own, under that variation); the others stay as in the start. */
  only?: readonly (keyof Weights)[];
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
    // The best response starts from the most promising of the candidate, the seed vectors and the earlier best responses.
    const starts = [{ label: 'candidate', weights: candidate }, ...o.starts, ...population.map((w, i) => ({ label: `earlier${i}`, weights: w }))];
    const x = await exploit(pool, cfg, 'candidate', field, {
      games: o.measureGames, rolloutGames: 0, generations: o.generations, population: o.population, parents: o.parents, tuneGames: o.games,
      sigma: o.sigma, seed: `${o.seed}/round${r}`, rotate: false, starts, only: o.only,
    }, (msg) => progress?.(`round ${r}: ${msg}`));
    const br = { best: x.bestResponse };
    const m = x.candidates[0]!;
    progress?.(`round ${r}: best response gains ${(100 * m.gain.value).toFixed(1)} points [${(100 * m.gain.ci95[0]).toFixed(1)}, ${(100 * m.gain.ci95[1]).toFixed(1)}]`);
    rounds.push({ round: r, candidate, exploit: { gain: m.gain, winShare: m.winShare, fieldWinShare: m.fieldWinShare, games: m.games }, bestResponse: br.best });
    if (r > o.rounds) break;
    population.push(br.best);
    // The candidate as the field, judged by what the strongest deviators found so far gain against it.
    const recent = population.slice(-o.deviators);
    const next = await evolve(candidate, { ...o, seed: `${o.seed}/round${r}/candidate` }, (w, seed) => fieldFitness(pool, cfg, w, recent, Math.ceil(o.games / recent.length), seed, o.survivalWeight),
      (g, b) => progress?.(`round ${r}: candidate generation ${g}/${o.generations}, fitness ${b.toFixed(4)}`));
    candidate = next.best;
  }
  const chosen = rounds.reduce((a, b) => (b.exploit.gain.value < a.exploit.gain.value ? b : a));
  return { candidate: chosen.candidate, chosenRound: chosen.round, rounds };
}
