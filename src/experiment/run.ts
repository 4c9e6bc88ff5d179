// Runs an experiment: every arm on the same game seeds, batches on worker threads merged in game
// order, and (with a precision target) more batches until every rate interval is narrow enough.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { mergeArm, mergePair, newArmAcc, newPairAcc, type ArmAcc, type PairAcc } from './accumulator.js';
import { type Arm, buildArms, lineups } from './arms.js';
import { type Experiment, RATE_METRICS } from './schema.js';
import { alphaAtLook, estimate, zFor } from './stats.js';
import type { ExperimentBatch, ExperimentSetup, ExperimentTask } from './worker.js';

const WORKER_FILE = fileURLToPath(new URL('./worker.js', import.meta.url));
/** Games per task: fixed, so batch boundaries never depend on the thread count. */
export const BATCH = 100;

export interface ExperimentRun {
  arms: Arm[];
  baseline: number;
  accs: ArmAcc[];
  pairs: PairAcc[];
  games: number;
  /** Looks taken (1 without a precision target) and the alpha of the reported intervals. */
  looks: number;
  alpha: number;
  seconds: number;
  threads: number;
}

/** The widest rate interval's half-width over every arm, at confidence 1 - alpha. */
export function widestHalfWidth(accs: readonly ArmAcc[], alpha: number): number {
  const z = zFor(alpha);
  let w = 0;
  for (const a of accs) for (const m of RATE_METRICS) {
    const e = estimate(a, m, z);
    w = Math.max(w, (e.high - e.low) / 2);
  }
  return w;
}

export async function runExperiment(e: Experiment & { dir: string }, threads: number, progress?: (done: number, total: number) => void): Promise<ExperimentRun> {
  if (!existsSync(WORKER_FILE)) throw new Error(`worker ${WORKER_FILE} not found: experiments run compiled code (npm run build)`);
  const { arms, baseline } = buildArms(e);
  const setup: ExperimentSetup = {
    arms: arms.map((a) => ({ cfg: a.cfg, policies: a.policies })), baseline, seed: e.seed,
    lineups: lineups(e.seatRotation, e.players),
  };
  const accs = arms.map((a) => newArmAcc(a.cfg.players));
  const pairs = arms.map(() => newPairAcc());
  const pool = new Piscina<ExperimentTask, ExperimentBatch>({
    filename: WORKER_FILE, minThreads: threads, maxThreads: threads, workerData: setup,
    resourceLimits: { maxYoungGenerationSizeMb: 48 },
  });
  const t0 = Date.now();
  let done = 0;
  let looks = 0;
  const alphaTotal = 0.05;
  let alpha = alphaTotal;
  const cap = e.precision ? Math.max(e.games, e.maxGames ?? e.games * 16) : e.games;
  try {
    let target = e.games;
    for (;;) {
      // Submit this look's batches; merge their results in game order.
      const from = done;
      const tasks: Promise<ExperimentBatch>[] = [];
      for (let s = from; s < target; s += BATCH) {
        tasks.push(pool.run({ start: s, end: Math.min(target, s + BATCH) }).then((r) => {
          progress?.(Math.min(target, (done += r.end - r.start)), target);
          return r;
        }));
      }
      const results = await Promise.all(tasks);
      for (const r of results) {
        r.arms.forEach((a, i) => mergeArm(accs[i]!, a));
        r.pairs.forEach((p, i) => mergePair(pairs[i]!, p));
      }
      done = target;
      looks++;
      if (!e.precision) break;
      alpha = alphaAtLook(alphaTotal, looks);
      if (widestHalfWidth(accs, alpha) < e.precision || target >= cap) break;
      target = Math.min(cap, target * 2);
    }
  } finally {
    await pool.destroy();
  }
  return { arms, baseline, accs, pairs, games: done, looks, alpha, seconds: (Date.now() - t0) / 1000, threads };
}
