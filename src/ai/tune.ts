// legions tune: a (mu + lambda) evolution strategy over the parametric weights, on common random numbers.
import { gameSeed, makePrng, type Prng } from '../core/rng.js';
import { makePolicy } from '../../policies/index.js';
import { ParametricPolicy, WEIGHT_KEYS, type Weights } from '../../policies/parametric.js';
import { WEIGHT_RANGES } from '../../policies/weights.js';
import { initPolicies, playOn, type GameConfig } from '../legions/game.js';
import type { Policy } from '../legions/policy.js';
import { setupGame } from '../legions/setup.js';
import { winnersOf } from '../legions/outcome.js';
import { popcount } from '../legions/common.js';
import { wilson } from '../stats/intervals.js';

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
}

export interface TuneResult {
  best: Weights;
  bestFitness: number;
  startFitness: number;
  history: { generation: number; best: number; mean: number }[];
  validation: { games: number; winRate: number; ci95: [number, number]; startWinRate: number };
}

/** One seat plays `w`, rotating over the seats; the others are the field's policies in turn. */
export function evaluate(cfg: GameConfig, w: Weights, field: readonly string[], games: number, seed: string): { wins: number; survived: number; games: number } {
  const n = cfg.players;
  let wins = 0;
  let survived = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % n;
    const pols: Policy[] = [];
    for (let s = 0, o = 0; s < n; s++) pols.push(s === seat ? new ParametricPolicy('candidate', w) : makePolicy(field[(o++ + i) % field.length]!));
    const g = setupGame(cfg, gameSeed(seed, i), false);
    initPolicies(g, pols);
    playOn(g, pols);
    if (g.lost) continue;
    survived++;
    const won = winnersOf(g); // Prestige, then total Status; a tie still left is shared
    if (won & (1 << seat)) wins += 1 / popcount(won);
  }
  return { wins, survived, games };
}

/** Weight of the Republic's survival in the fitness: a smoother signal than wins alone when the field collapses often. */
export const SURVIVAL_WEIGHT = 0.25;

/** A standard normal draw (Box-Muller) from a seeded stream. */
function gauss(r: Prng): number {
  const u = 1 - r();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * r());
}

function mutate(r: Prng, w: Weights, sigma: number): Weights {
  const out = { ...w };
  for (const k of WEIGHT_KEYS) {
    const [lo, hi] = WEIGHT_RANGES[k];
    out[k] = Math.min(hi, Math.max(lo, w[k] + gauss(r) * sigma * (hi - lo)));
  }
  return out;
}

export function tune(cfg: GameConfig, start: Weights, field: readonly string[], o: TuneOptions,
  progress?: (gen: number, best: number, mean: number) => void): TuneResult {
  const r = makePrng(`${o.seed}/tune`);
  const fit = (w: Weights, gen: number) => {
    const e = evaluate(cfg, w, field, o.games, `${o.seed}/gen${gen}`);
    return (e.wins + SURVIVAL_WEIGHT * e.survived) / o.games;
  };
  let parents = [{ w: start, f: fit(start, 0) }];
  const startFitness = parents[0]!.f;
  const history: TuneResult['history'] = [];
  for (let gen = 1; gen <= o.generations; gen++) {
    // Common random numbers: parents are re-scored on this generation's seeds beside their offspring.
    const pool = parents.map((p) => ({ w: p.w, f: fit(p.w, gen) }));
    for (let i = 0; i < o.population; i++) {
      const w = mutate(r, pool[i % parents.length]!.w, o.sigma);
      pool.push({ w, f: fit(w, gen) });
    }
    pool.sort((a, b) => b.f - a.f);
    parents = pool.slice(0, o.parents);
    const mean = pool.reduce((a, p) => a + p.f, 0) / pool.length;
    history.push({ generation: gen, best: pool[0]!.f, mean });
    progress?.(gen, pool[0]!.f, mean);
  }
  const best = parents[0]!.w;
  const vGames = o.games * 2;
  const v = evaluate(cfg, best, field, vGames, `${o.seed}/validation`);
  const s = evaluate(cfg, start, field, vGames, `${o.seed}/validation`);
  return {
    best, bestFitness: parents[0]!.f, startFitness, history,
    validation: { games: vGames, winRate: v.wins / vGames, ci95: wilson(v.wins, vGames), startWinRate: s.wins / vGames },
  };
}
