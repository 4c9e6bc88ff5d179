// A worker pool for evaluating policies (tuning, exploitability): kept alive across many evaluations,
// each split into ranges of game indices. Sums are exact up to float addition of win shares (1/k of a
// game), and ranges are added in index order, so results do not depend on the thread count.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { EvalSums, EvalTask } from './eval-worker.js';
import evaluateRange from './eval-worker.js';

const WORKER_FILE = fileURLToPath(new URL('./eval-worker.js', import.meta.url));

export function emptySums(): EvalSums {
  return { games: 0, wins: 0, survived: 0, baseWins: 0, baseSurvived: 0, sumD: 0, sumD2: 0 };
}

export function addSums(a: EvalSums, b: EvalSums): void {
  a.games += b.games;
  a.wins += b.wins;
  a.survived += b.survived;
  a.baseWins += b.baseWins;
  a.baseSurvived += b.baseSurvived;
  a.sumD += b.sumD;
  a.sumD2 += b.sumD2;
}

export class EvalPool {
  private readonly pool: Piscina<EvalTask, EvalSums> | null;

  /** With threads = 1 (or from source, where workers cannot load TypeScript) games run on this thread. */
  constructor(readonly threads: number) {
    this.pool = threads > 1 && existsSync(WORKER_FILE) && WORKER_FILE.endsWith('.js')
      ? new Piscina<EvalTask, EvalSums>({ filename: WORKER_FILE, minThreads: threads, maxThreads: threads, resourceLimits: { maxYoungGenerationSizeMb: 48 } })
      : null;
  }

  /** Evaluates games [0, games) of `task`'s seed, split into ranges; sums are added in index order. */
  async evaluate(task: Omit<EvalTask, 'start' | 'end'>, games: number): Promise<EvalSums> {
    const chunk = Math.max(1, Math.ceil(games / (this.threads * 4)));
    const ranges: EvalTask[] = [];
    for (let s = 0; s < games; s += chunk) ranges.push({ ...task, start: s, end: Math.min(games, s + chunk) });
    const parts = this.pool ? await Promise.all(ranges.map((r) => this.pool!.run(r))) : ranges.map((r) => evaluateRange(r));
    const sums = emptySums();
    for (const p of parts) addSums(sums, p);
    return sums;
  }

  async close(): Promise<void> {
    await this.pool?.destroy();
  }
}
