// legions bench: a fixed seeded workload (5 players, a field — competent by default — seed "bench"),
// played once on the main thread and once on the worker pool; prints games/s for each, the scaling
// ratio and the signature of all outcome records in game order, which must not depend on the threads.
import type { CommandModule } from 'yargs';
import { parsePolicies } from '../../policies/index.js';
import { checkFieldSeats, DEFAULT_FIELD, FIELD_NAMES, loadField } from '../../policies/fields.js';
import { seatLineups } from '../sim/seats.js';
import { game as legionsGame } from '../games/legions/definition.js';
import { defaultBoard } from '../legions/board.js';
import { type GameConfig, playGame } from '../legions/game.js';
import { defaultParams, InputError } from '../legions/params.js';
import { noVariants } from '../legions/variants.js';
import { defaultThreads, runPool } from '../sim/runner.js';
import { Signature } from '../sim/signature.js';
import { intInRange, MAX_GAMES, threadsInRange } from './args.js';

export const BENCH_SEED = 'bench';

export interface BenchResult {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  signature: string;
}

export interface ParallelBenchResult extends BenchResult {
  threads: number;
  single: BenchResult;
  /** Games/s on all threads over games/s on the main thread. */
  scaling: number;
}

function benchConfig(): GameConfig {
  return { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
}

/** The bench's players: a field's policies for 5 seats and its rotation. */
export interface BenchField {
  policies: string[];
  rotation: 'none' | 'latin';
}

export function benchField(name: string = DEFAULT_FIELD): BenchField {
  const f = loadField(name);
  checkFieldSeats(f, 5);
  const policies = f.policies.length === 1 ? Array<string>(5).fill(f.policies[0]!) : [...f.policies];
  return { policies, rotation: f.policies.length === 1 ? 'none' : f.seatRotation };
}

/** The signature's workload on the main thread: its definition (Signature over game index order). */
export function runBench(games: number, field: BenchField = benchField()): BenchResult {
  const cfg = benchConfig();
  const lineups = seatLineups(5, field.rotation);
  const seated = lineups.map((l) => parsePolicies(l.map((k) => field.policies[k]!).join(','), 5));
  const sig = new Signature();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < games; i++) sig.add(playGame(cfg, BENCH_SEED, i, seated[i % lineups.length]!).outcome);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { games, seconds, gamesPerSecond: games / seconds, signature: sig.hex() };
}

/** The same workload on the worker pool; the outcome records are hashed in game order as they merge. */
export async function runPoolBench(games: number, threads: number, field: BenchField = benchField()): Promise<BenchResult> {
  const cfg = benchConfig();
  const sig = new Signature();
  const spec = { game: legionsGame, cfg, policies: field.policies, rotation: field.rotation, seed: BENCH_SEED, games, start: 0, end: games, shard: null };
  const r = await runPool(spec, { threads, outcomes: true }, {
    onBatch: (b) => {
      for (const o of b.outcomes!) sig.addJSON(o);
    },
  });
  return { games, seconds: r.seconds, gamesPerSecond: games / r.seconds, signature: sig.hex() };
}

export const benchCommand: CommandModule<object, { games: number; threads?: number; json: boolean; field: string }> = {
  command: 'bench',
  describe: 'Throughput of 5-player games of a field on 1 thread and on all threads, and the outcome signature',
  builder: (y) =>
    y.option('games', { type: 'number', default: 20000, describe: `Games to play (each way), 1..${MAX_GAMES}` })
      .option('field', { type: 'string', default: DEFAULT_FIELD, describe: `The players: ${FIELD_NAMES.join(', ')}, or a field FILE.json` })
      .option('threads', { type: 'number', describe: 'Worker threads for the parallel run (default: the machine\'s cores)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result as one JSON object' }) as never,
  handler: async (a) => {
    intInRange('--games', a.games, 1, MAX_GAMES);
    threadsInRange(a.threads);
    const threads = a.threads ?? defaultThreads();
    const field = benchField(a.field);
    const single = runBench(a.games, field);
    const par = await runPoolBench(a.games, threads, field);
    const r: ParallelBenchResult = { ...par, threads, single, scaling: par.gamesPerSecond / single.gamesPerSecond };
    if (a.json) process.stdout.write(JSON.stringify(r) + '\n');
    else {
      process.stdout.write(
        `games ${a.games}\n` +
          `games/s 1 thread ${single.gamesPerSecond.toFixed(0)}\n` +
          `games/s ${threads} threads ${par.gamesPerSecond.toFixed(0)}\n` +
          `scaling ${r.scaling.toFixed(2)}x\n` +
          `signature ${single.signature}\n`,
      );
    }
    if (a.games < 10000 && !a.json) {
      process.stdout.write(`note: ${a.games} games is a short run: start-up and JIT warm-up weigh on it, so games/s and the scaling are understated (use 20,000 or more)\n`);
    }
    if (par.signature !== single.signature) {
      throw new InputError(`bench: the signature on ${threads} threads (${par.signature}) differs from the single-thread one (${single.signature})`);
    }
  },
};
