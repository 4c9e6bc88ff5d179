// Runs an experiment: every arm on the same game seeds, batches on worker threads merged in game
// order, and (with a precision target) more batches until every rate interval is narrow enough.
// It can stop between batches (a signal), hand its state to a checkpoint, and continue from one.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { mergeArm, mergePair, newArmAcc, newPairAcc, type ArmAcc, type PairAcc } from './accumulator.js';
import type { ExperimentState } from './resume.js';
import { type Arm, buildArms, lineups } from './arms.js';
import { type Experiment, RATE_METRICS } from './schema.js';
import { alphaAtLook, estimate, zFor } from './stats.js';
import type { ExperimentBatch, ExperimentSetup, ExperimentTask } from './worker.js';

const WORKER_FILE = fileURLToPath(new URL('./worker.js', import.meta.url));
/** Games per task: fixed, so batch boundaries never depend on the thread count. */
export const BATCH = 100;

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

export interface RunOptions {
  /** Games done so far per arm (called as batches merge). */
  progress?(done: number, total: number): void;
  /** Polled before each submission: true stops submitting; the batches in flight finish and merge. */
  shouldStop?(): boolean;
  /** Called after merged batches in game order with the state to checkpoint (the caller rate-limits). */
  checkpoint?(state: ExperimentState): void;
  /** A checkpointed state to continue from. */
  from?: ExperimentState;
  /** The arms, when the caller has already built (and so validated) them. */
  built?: { arms: Arm[]; baseline: number };
}

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
  /** Set when shouldStop ended the run early: `state` is where it stands. */
  stopped: boolean;
  state: ExperimentState;
}

export async function runExperiment(e: Experiment & { dir: string }, threads: number, opts: RunOptions = {}): Promise<ExperimentRun> {
  if (!existsSync(WORKER_FILE)) throw new Error(`worker ${WORKER_FILE} not found: experiments run compiled code (npm run build)`);
  const { arms, baseline } = opts.built ?? buildArms(e);
  const setup: ExperimentSetup = {
    arms: arms.map((a) => ({ cfg: a.cfg, policies: a.policies, lineups: lineups(a.rotation, e.players), baseline: a.baselineIndex })),
    seed: e.seed,
  };
  const st: ExperimentState = opts.from ?? {
    done: 0, target: e.games, looks: 0, seconds: 0, accs: arms.map((a) => newArmAcc(a.cfg.players)), pairs: arms.map(() => newPairAcc()),
  };
  const alphaTotal = 0.05;
  const cap = e.precision ? Math.max(e.games, e.maxGames ?? e.games * 16) : e.games;
  const t0 = Date.now();
  const seconds = () => st.seconds + (Date.now() - t0) / 1000;
  const pool = new Piscina<ExperimentTask, ExperimentBatch>({
    filename: WORKER_FILE, minThreads: threads, maxThreads: threads, workerData: setup,
    resourceLimits: { maxYoungGenerationSizeMb: 48 },
  });
  let stopped = false;
  try {
    for (;;) {
      // This look's batches, at most two per thread in flight, merged in game order as they return,
      // so the merged state is always a prefix of the games (what a checkpoint records).
      const pending = new Map<number, ExperimentBatch>();
      const inflight = new Set<Promise<void>>();
      let next = st.done;
      let failure: { error: unknown } | null = null;
      while (st.done < st.target) {
        while (!failure && !stopped && next < st.target && inflight.size < threads * 2) {
          if (opts.shouldStop?.()) {
            stopped = true;
            break;
          }
          const task = { start: next, end: Math.min(st.target, next + BATCH) };
          next = task.end;
          const p: Promise<void> = pool.run(task).then((r) => {
            pending.set(r.start, r);
            for (let b = pending.get(st.done); b; b = pending.get(st.done)) {
              pending.delete(b.start);
              b.arms.forEach((a, i) => mergeArm(st.accs[i]!, a));
              b.pairs.forEach((q, i) => mergePair(st.pairs[i]!, q));
              st.done = b.end;
            }
            opts.progress?.(st.done, st.target);
            opts.checkpoint?.({ ...st, seconds: seconds() });
          }).catch((error: unknown) => {
            failure ??= { error };
          }).finally(() => inflight.delete(p));
          inflight.add(p);
        }
        if (inflight.size === 0) break;
        await Promise.race(inflight);
      }
      if (failure) throw (failure as { error: unknown }).error;
      if (stopped && st.done < st.target) break;
      stopped = false;
      st.looks++;
      if (!e.precision) break;
      if (widestHalfWidth(st.accs, alphaAtLook(alphaTotal, st.looks)) < e.precision || st.target >= cap) break;
      st.target = Math.min(cap, st.target * 2);
      if (opts.shouldStop?.()) {
        stopped = true;
        break;
      }
    }
  } finally {
    await pool.destroy();
  }
  const alpha = e.precision ? alphaAtLook(alphaTotal, Math.max(1, st.looks)) : alphaTotal;
  const state = { ...st, seconds: seconds() };
  return { arms, baseline, accs: st.accs, pairs: st.pairs, games: st.done, looks: st.looks, alpha, seconds: state.seconds, threads, stopped, state };
}
