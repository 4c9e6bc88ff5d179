// The pool's worker (runs as compiled JS in a worker thread): plays a batch of consecutive game
// indices and returns only the folded accumulator, plus the batch's per-game CSV rows or outcome
// records when asked for.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { workerData } from 'piscina';
import { parsePolicies } from '../../policies/index.js';
import type { GameConfig } from '../legions/game.js';
import { playGame } from '../legions/game.js';
import { type AccumulatorJSON, RunAccumulator, seatLineups } from './accumulator.js';
import { perGameRow } from './pergame.js';

export interface WorkerSetup {
  cfg: GameConfig;
  policies: string[];
  seed: string;
  rotation?: 'none' | 'latin';
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
  acc: AccumulatorJSON;
  rows: string | null;
  outcomes: string[] | null;
}

const setup = workerData as WorkerSetup;
/** Seat s of game i plays policies[lineup[s]], lineup = lineups[i mod lineups.length] (a field's rotation). */
const lineups = seatLineups(setup.cfg.players, setup.rotation ?? 'none');
const seated = lineups.map((l) => parsePolicies(l.map((k) => setup.policies[k]!).join(','), setup.cfg.players));

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
  const acc = new RunAccumulator(setup.cfg.players);
  let rows = t.rows ? '' : null;
  const outcomes: string[] | null = t.outcomes ? [] : null;
  for (let i = t.start; i < t.end; i++) {
    const li = i % lineups.length;
    const o = playGame(setup.cfg, setup.seed, i, seated[li]!).outcome;
    acc.add(o, lineups[li]);
    if (rows !== null) rows += perGameRow(setup.seed, i, o);
    outcomes?.push(JSON.stringify(o));
  }
  sinceGc += t.end - t.start;
  if (sinceGc >= GC_EVERY) {
    sinceGc = 0;
    fullGc();
  }
  return { start: t.start, end: t.end, acc: acc.toJSON(), rows, outcomes };
}
