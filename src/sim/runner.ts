// The worker pool: splits a range of game indices into batches, plays them on worker threads
// (piscina; compiled dist/ code only) and merges the returned accumulators in game-index order, so
// that the caller always holds the merged result of a contiguous prefix of the range.
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { RunAcc } from './game.js';
import type { RunSpec } from './spec.js';
import type { BatchResult, BatchTask, WorkerSetup } from './worker.js';

const WORKER_FILE = fileURLToPath(new URL('./worker.js', import.meta.url));

const YOUNG_GENERATION_MB = 48;

export function defaultThreads(): number {
  return Math.max(1, availableParallelism());
}

/**
 * Guided batch sizes: a quarter of each thread's share of the games left, between 16 and 500 games
 * (about 0.3 s), so that batches shrink near the end and the threads finish together. Batch sizes
 * never change the results.
 */
export function guidedBatchSize(left: number, threads: number): number {
  return Math.max(1, Math.min(left, 500, Math.max(16, Math.ceil(left / (threads * 4)))));
}

export interface PoolOptions<A extends RunAcc = RunAcc> {
  threads: number;
  /** Games per task (default: guided sizes); never changes the results. */
  batchSize?: number;
  /** First game index to play (a resume point); spec.start by default. */
  from?: number;
  /** The merged accumulator of games [spec.start, from) when resuming. */
  acc?: A;
  /** Ask the workers for per-game CSV rows / outcome JSON (passed to onBatch). */
  rows?: boolean;
  outcomes?: boolean;
}

export interface PoolHooks<A extends RunAcc = RunAcc> {
  /**
   * Called in game-index order, once per batch, after its accumulator has been merged: `acc` then
   * holds games [spec.start, batch.end).
   */
  onBatch?(batch: BatchResult, acc: A): void;
  /** Called whenever a batch finishes (in any order) with the number of games played so far. */
  onProgress?(gamesDone: number): void;
  /** Polled before each submission: true stops submitting (in-flight batches still finish). */
  shouldStop?(): boolean;
}

export interface PoolResult<A extends RunAcc = RunAcc> {
  acc: A;
  /** First game index not merged: spec.end when the range is complete. */
  next: number;
  /** Seconds spent playing: from the pool's start to the last batch's return (its shutdown left out). */
  seconds: number;
}

/** Plays games [from, spec.end) of `spec` on `threads` worker threads. */
export async function runPool<Cfg, A extends RunAcc>(spec: RunSpec<Cfg, A>, opts: PoolOptions<A>, hooks: PoolHooks<A> = {}): Promise<PoolResult<A>> {
  if (!existsSync(WORKER_FILE)) throw new Error(`worker ${WORKER_FILE} not found: the pool runs compiled code (npm run build)`);
  const threads = opts.threads;
  const from = opts.from ?? spec.start;
  const to = spec.end;
  const acc = opts.acc ?? spec.game.newAccumulator(spec.cfg);
  const t0 = process.hrtime.bigint();
  if (from >= to) return { acc, next: to, seconds: 0 };

  const setup: WorkerSetup = { gameModule: spec.game.moduleUrl, ...(spec.game.wrap ? { wrap: spec.game.wrap } : {}), cfg: spec.cfg, policies: [...spec.policies], seed: spec.seed, rotation: spec.rotation ?? 'none' };
  const pool = new Piscina<BatchTask, BatchResult>({
    filename: WORKER_FILE, minThreads: threads, maxThreads: threads, idleTimeout: 60_000, workerData: setup,
    // A larger young generation: games allocate many short-lived objects, and with the default size
    // the frequent scavenges of several isolates contend for V8's shared GC helper threads (measured:
    // about +25 % games/s on 2 threads here, no change on 1).
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  const pending = new Map<number, BatchResult>();
  const inflight = new Set<Promise<void>>();
  let next = from;
  let prefix = from;
  let played = 0;
  let lastAt = t0;
  let failure: { error: unknown } | null = null;

  const advance = () => {
    for (let r = pending.get(prefix); r; r = pending.get(prefix)) {
      pending.delete(prefix);
      acc.merge(spec.game.accumulatorFromJSON(JSON.parse(r.acc)));
      prefix = r.end;
      hooks.onBatch?.(r, acc);
    }
  };

  try {
    for (;;) {
      while (!failure && next < to && inflight.size < threads * 2 && !hooks.shouldStop?.()) {
        const size = opts.batchSize ?? guidedBatchSize(to - next, threads);
        const task: BatchTask = { start: next, end: Math.min(to, next + size), rows: !!opts.rows, outcomes: !!opts.outcomes };
        next = task.end;
        const p: Promise<void> = pool.run(task).then(
          (r) => {
            pending.set(r.start, r);
            played += r.end - r.start;
            lastAt = process.hrtime.bigint();
            hooks.onProgress?.(played);
            if (!failure) advance();
          },
          (error: unknown) => {
            failure ??= { error };
          },
        ).catch((error: unknown) => {
          failure ??= { error }; // a hook threw
        }).finally(() => inflight.delete(p));
        inflight.add(p);
      }
      if (inflight.size === 0) break;
      await Promise.race(inflight);
    }
  } finally {
    await pool.destroy();
  }
  if (failure) throw (failure as { error: unknown }).error;
  return { acc, next: prefix, seconds: Number(lastAt - t0) / 1e9 };
}
