// legions bench: a fixed seeded workload; prints games/s and the signature of all outcome records.
import type { CommandModule } from 'yargs';
import { parsePolicies } from '../../policies/index.js';
import { defaultBoard } from '../legions/board.js';
import { playGame } from '../legions/game.js';
import { defaultParams, InputError } from '../legions/params.js';
import { noVariants } from '../legions/variants.js';
import { Signature } from '../sim/signature.js';

export interface BenchResult {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  signature: string;
}

/** 5 players, statesman in every seat, seed "bench": the workload the signature is defined on. */
export function runBench(games: number): BenchResult {
  const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
  const pols = parsePolicies('statesman', 5);
  const sig = new Signature();
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < games; i++) sig.add(playGame(cfg, 'bench', i, pols).outcome);
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { games, seconds, gamesPerSecond: games / seconds, signature: sig.hex() };
}

export const benchCommand: CommandModule<object, { games: number; json: boolean }> = {
  command: 'bench',
  describe: 'Single-thread throughput of 5-player statesman games and the outcome signature',
  builder: (y) =>
    y.option('games', { type: 'number', default: 20000, describe: 'Games to play' })
      .option('json', { type: 'boolean', default: false }) as never,
  handler: (a) => {
    if (!Number.isInteger(a.games) || a.games < 1) throw new InputError(`--games must be a positive integer, got ${a.games}`);
    const r = runBench(a.games);
    if (a.json) return void process.stdout.write(JSON.stringify(r) + '\n');
    process.stdout.write(`games ${r.games}\nthreads 1\ngames/s ${r.gamesPerSecond.toFixed(0)}\nsignature ${r.signature}\n`);
  },
};
