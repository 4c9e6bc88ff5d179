// Self-play training of the competent policy: iterated best responses over a growing population.
// Each round finds a best response to the current candidate (tuned for win share alone, the candidate
// in every other seat), adds it to the population, and then improves the candidate against the whole
// population — its copies and every best response found so far, rotated over the other seats — for
// win share plus a survival term. A strategy that does well against all of them leaves little for a
// deviator to gain, which the next round's best response measures.
import type { Weights } from '../../policies/parametric.js';
import type { GameConfig } from '../legions/game.js';
import type { Seat } from './eval-worker.js';
import { type DeviatorResult, measureDeviator } from './exploit.js';
import type { EvalPool } from './pool.js';
import { tune } from './tune.js';

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
  /** The best response to the candidate at the start of the round, measured paired. */
  exploit: Pick<DeviatorResult, 'gain' | 'winShare' | 'fieldWinShare' | 'games'>;
  bestResponse: Weights;
  candidate: Weights;
}

export interface SelfPlayResult {
  candidate: Weights;
  rounds: SelfPlayRound[];
}

export async function selfPlay(pool: EvalPool, cfg: GameConfig, start: Weights, opponents: Weights[], o: SelfPlayOptions,
  progress?: (m: string) => void): Promise<SelfPlayResult> {
  let candidate = start;
  const population: Weights[] = [...opponents];
  const rounds: SelfPlayRound[] = [];
  for (let r = 1; r <= o.rounds; r++) {
    const field: Seat[] = [{ label: 'candidate', weights: candidate }];
    const br = await tune(pool, cfg, candidate, field, {
      generations: o.generations, population: o.population, parents: o.parents, games: o.games, sigma: o.sigma,
      seed: `${o.seed}/round${r}/best-response`, survivalWeight: 0,
    }, (g, b) => progress?.(`round ${r}: best response generation ${g}/${o.generations}, win share ${b.toFixed(4)}`));
    const m = await measureDeviator(pool, cfg, field, { label: 'best-response', weights: br.best }, 'best response', o.measureGames, `${o.seed}/round${r}/measure`, false);
    progress?.(`round ${r}: best response gains ${(100 * m.gain.value).toFixed(1)} points [${(100 * m.gain.ci95[0]).toFixed(1)}, ${(100 * m.gain.ci95[1]).toFixed(1)}]`);
    population.push(br.best);
    // The candidate against its copies and every opponent, each in turn in the other seats.
    const mix: Seat[] = [{ label: 'candidate', weights: candidate }, ...population.map((w, i) => ({ label: `opponent${i}`, weights: w }))];
    const next = await tune(pool, cfg, candidate, mix, {
      generations: o.generations, population: o.population, parents: o.parents, games: o.games, sigma: o.sigma,
      seed: `${o.seed}/round${r}/candidate`, survivalWeight: o.survivalWeight, rotate: true,
    }, (g, b) => progress?.(`round ${r}: candidate generation ${g}/${o.generations}, fitness ${b.toFixed(4)}`));
    candidate = next.best;
    rounds.push({ round: r, exploit: { gain: m.gain, winShare: m.winShare, fieldWinShare: m.fieldWinShare, games: m.games }, bestResponse: br.best, candidate });
  }
  return { candidate, rounds };
}
