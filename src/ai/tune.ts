// legions tune: a (mu + lambda) evolution strategy over the parametric weights, on common random
// numbers: every candidate of a generation plays the same games (one seat, rotating; the field in
// the others), scored by its win share plus a survival term.
import { makePrng, type Prng } from '../core/rng.js';
import { WEIGHT_KEYS, type Weights } from '../../policies/parametric.js';
import { WEIGHT_RANGES } from '../../policies/weights.js';
import type { GameConfig } from '../legions/game.js';
import { wilson } from '../stats/intervals.js';
import { type Seat, WIN_UNIT } from './eval-worker.js';
import { EvalPool } from './pool.js';

export interface TuneOptions {
  generations: number;
  /** Offspring per generation (lambda) and parents kept (mu). */
  population: number;
  parents: number;
  /** Games per evaluation (the same seeds for every candidate of a generation). */
  games: number;
  /** Mutation step as a share of each weight's range. */
  sigma: number;
  seed: string;
  /** Weight of the Republic's survival beside the win share in the fitness (default SURVIVAL_WEIGHT). */
  survivalWeight?: number;
  /** Rotate a multi-policy field over the seats game by game (default: yes). */
  rotate?: boolean;
  /** Mutate only these weights (e.g. a variation's own), the others stay as in the start vector. */
  only?: readonly (keyof Weights)[];
}

export interface TuneResult {
  best: Weights;
  bestFitness: number;
  startFitness: number;
  history: { generation: number; best: number; mean: number }[];
  validation: { games: number; winRate: number; ci95: [number, number]; startWinRate: number };
}

/** Weight of the Republic's survival in the fitness: a smoother signal than wins alone when the field collapses often. */
export const SURVIVAL_WEIGHT = 0.25;

/** One seat plays `w`, rotating over the seats; the others play the field. Win shares in games. */
export async function evaluate(pool: EvalPool, cfg: GameConfig, w: Weights, field: readonly (string | Seat)[], games: number, seed: string, rotate = true): Promise<{ wins: number; survived: number; games: number }> {
  const s = await pool.evaluate({ cfg, deviator: { label: 'candidate', weights: w }, field: [...field], rotate, seed, paired: false }, games);
  return { wins: s.wins / WIN_UNIT, survived: s.survived, games: s.games };
}

/** A standard normal draw (Box-Muller) from a seeded stream. */
function gauss(r: Prng): number {
  const u = 1 - r();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

function mutate(r: Prng, w: Weights, sigma: number, keys: readonly (keyof Weights)[]): Weights {
  const out = { ...w };
  for (const k of keys) {
    const [lo, hi] = WEIGHT_RANGES[k];
    out[k] = Math.min(hi, Math.max(lo, w[k] + gauss(r) * sigma * (hi - lo)));
  }
  return out;
}

/** The evolution strategy itself: (mu + lambda) over weight vectors, each generation on fresh common seeds. */
export async function evolve(start: Weights, o: Pick<TuneOptions, 'generations' | 'population' | 'parents' | 'sigma' | 'seed' | 'only'>,
  fitness: (w: Weights, seed: string) => Promise<number>, progress?: (gen: number, best: number, mean: number) => void,
): Promise<{ best: Weights; bestFitness: number; startFitness: number; history: TuneResult['history'] }> {
  const r = makePrng(`${o.seed}/tune`);
  let parents = [{ w: start, f: await fitness(start, `${o.seed}/gen0`) }];
  const startFitness = parents[0]!.f;
  const history: TuneResult['history'] = [];
  for (let gen = 1; gen <= o.generations; gen++) {
    // Common random numbers: parents are re-scored on this generation's seeds beside their offspring.
    const pool: { w: Weights; f: number }[] = [];
    for (const p of parents) pool.push({ w: p.w, f: await fitness(p.w, `${o.seed}/gen${gen}`) });
    for (let i = 0; i < o.population; i++) {
      const w = mutate(r, pool[i % parents.length]!.w, o.sigma, o.only ?? WEIGHT_KEYS);
      pool.push({ w, f: await fitness(w, `${o.seed}/gen${gen}`) });
    }
    pool.sort((a, b) => b.f - a.f);
    parents = pool.slice(0, o.parents);
    const mean = pool.reduce((a, p) => a + p.f, 0) / pool.length;
    history.push({ generation: gen, best: pool[0]!.f, mean });
    progress?.(gen, pool[0]!.f, mean);
  }
  return { best: parents[0]!.w, bestFitness: parents[0]!.f, startFitness, history };
}

export async function tune(pool: EvalPool, cfg: GameConfig, start: Weights, field: readonly (string | Seat)[], o: TuneOptions,
  progress?: (gen: number, best: number, mean: number) => void): Promise<TuneResult> {
  const sw = o.survivalWeight ?? SURVIVAL_WEIGHT;
  const e = await evolve(start, o, async (w, seed) => {
    const x = await evaluate(pool, cfg, w, field, o.games, seed, o.rotate ?? true);
    return (x.wins + sw * x.survived) / o.games;
  }, progress);
  const { best, bestFitness, startFitness, history } = e;
  const vGames = o.games * 2;
  const v = await evaluate(pool, cfg, best, field, vGames, `${o.seed}/validation`, o.rotate ?? true);
  const s = await evaluate(pool, cfg, start, field, vGames, `${o.seed}/validation`, o.rotate ?? true);
  return {
    best, bestFitness, startFitness, history,
    validation: { games: vGames, winRate: v.wins / vGames, ci95: wilson(v.wins, vGames), startWinRate: s.wins / vGames },
  };
}
