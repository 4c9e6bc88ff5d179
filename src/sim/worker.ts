// The pool's worker (runs as compiled JS in a worker thread): imports the run's game definition,
// plays a batch of consecutive game indices and returns only the folded accumulator, plus the
// batch's per-game CSV rows or outcome records when asked for.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { workerData } from 'piscina';
import type { GameDefinition } from './game.js';
import { pairedGame } from './paired.js';

export interface WorkerSetup {
  /** URL of the module exporting the game definition as `game`. */
  gameModule: string;
  cfg: unknown;
  policies: string[];
  seed: string;
  rotation?: 'none' | 'latin';
  /** The definition's wrapper, when the run is one (pairedGame: arms compared game by game). */
  wrap?: 'paired';
}

export interface BatchTask {
  start: number;
  end: number;
  /** Return the per-game CSV rows of the batch. */
  rows: boolean;
  /** Return JSON.stringify of every outcome record (the bench signature). */
  outcomes: boolean;
}

export interface BatchResult {
  start: number;
  end: number;
  /**
   * The batch's accumulator: JSON.stringify of its toJSON() (a string crosses to the main thread
   * several times cheaper than the nested object, and JSON.parse is quicker than the structured clone).
   */
  acc: string;
  rows: string | null;
  outcomes: string[] | null;
  /** When the worker started and finished the batch: ms on a clock that all threads share (bench's warm rate). */
  startedAt: number;
  endedAt: number;
}

/** Now on a clock that all threads share (each thread's performance.now() counts from its own origin). */
const sharedNow = (): number => performance.timeOrigin + performance.now();

const setup = workerData as WorkerSetup;
const { game: imported } = (await import(setup.gameModule)) as { game: GameDefinition };
const game = (setup.wrap === 'paired' ? pairedGame(imported) : imported) as GameDefinition;
const player = game.batchPlayer(setup.cfg, setup.policies, setup.rotation ?? 'none', setup.seed);

/**
 * A full garbage collection every GC_EVERY games. Left to its heuristics, V8 lets a worker's old
 * generation creep up over a long run (measured: about +100 MB of RSS over a million games, all of
 * it garbage); a collection every few seconds of play keeps the footprint flat at a negligible cost.
 */
const GC_EVERY = 20000;
setFlagsFromString('--expose-gc');
const gcFunction: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
const fullGc = typeof gcFunction === 'function' ? (gcFunction as () => void) : () => {};
let sinceGc = 0;

export default function runBatch(t: BatchTask): BatchResult {
  const startedAt = sharedNow();
  const acc = game.newAccumulator(setup.cfg);
  let rows = t.rows ? '' : null;
  const outcomes: string[] | null = t.outcomes ? [] : null;
  for (let i = t.start; i < t.end; i++) {
    const o = player.play(i, acc);
    if (rows !== null) rows += game.perGameRow(setup.seed, i, o);
    outcomes?.push(JSON.stringify(o));
  }
  sinceGc += t.end - t.start;
  if (sinceGc >= GC_EVERY) {
    sinceGc = 0;
    fullGc();
  }
  const json = JSON.stringify(acc.toJSON());
  return { start: t.start, end: t.end, acc: json, rows, outcomes, startedAt, endedAt: sharedNow() };
}
