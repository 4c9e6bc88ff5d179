// legions merge: combines the --out folders of the shards of one run (simulate --shard i/n) into the
// outputs of the whole run, byte-identical in summary.json to a single unsharded run.
import { closeSync, openSync, readSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { InputError } from '../legions/params.js';
import { writeOutputs } from '../report/outputs.js';
import type { RunAccumulator } from '../sim/accumulator.js';
import { type AccumulatorFile, readAccumulatorFile, readCheckpoint, writeAccumulatorFile } from '../sim/checkpoint.js';
import { ensureWritableDir, PartialFile } from '../sim/files.js';
import { identityMismatch } from '../sim/spec.js';
import { summarise, summaryText } from '../sim/summary.js';
import { headline } from './simulate.js';

interface MergeArgs {
  shards: string[];
  out: string;
  'per-game'?: string;
  json: boolean;
  charts: boolean;
}

type Shard = AccumulatorFile & { accumulator: RunAccumulator; dir: string };

function loadShard(dir: string): Shard {
  const a = readAccumulatorFile(dir);
  if (a) return { ...a, dir };
  const c = readCheckpoint(dir);
  if (c) throw new InputError(`merge: shard ${dir} is not complete (checkpoint at game ${c.next} of ${c.range[0]}..${c.range[1]}); finish it with simulate --resume`);
  throw new InputError(`merge: ${dir} holds no accumulator.json (not the --out folder of a finished simulate)`);
}

/** Checks that the shards are of one run and cover its games exactly once; returns them in game order. */
export function checkShards(shards: Shard[]): Shard[] {
  const first = shards[0]!;
  for (const s of shards.slice(1)) {
    const m = identityMismatch(first.identity, s.identity, first.dir, s.dir);
    if (m) throw new InputError(`merge: the shards are of different runs: ${m}`);
  }
  const sorted = [...shards].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  let at = 0;
  for (const s of sorted) {
    if (s.range[0] < at) throw new InputError(`merge: ${s.dir} overlaps another shard (games ${s.range[0]}..${Math.min(at, s.range[1]) - 1} twice)`);
    if (s.range[0] > at) throw new InputError(`merge: games ${at}..${s.range[0] - 1} are in no shard (a shard is missing)`);
    at = s.range[1];
  }
  if (at !== first.identity.games) throw new InputError(`merge: games ${at}..${first.identity.games - 1} are in no shard (a shard is missing)`);
  return sorted;
}

/** Concatenates the shards' per-game CSVs in game order, keeping the first header only. */
function mergePerGame(path: string, shards: Shard[]): void {
  const out = new PartialFile(path);
  try {
    shards.forEach((s, k) => {
      const fd = openSync(s.perGame!, 'r');
      try {
        const buf = Buffer.alloc(1 << 20);
        let skipping = k > 0;
        for (let n = readSync(fd, buf); n > 0; n = readSync(fd, buf)) {
          let chunk = buf.subarray(0, n);
          if (skipping) {
            const nl = chunk.indexOf(10);
            if (nl < 0) continue;
            chunk = chunk.subarray(nl + 1);
            skipping = false;
          }
          out.append(chunk.toString('utf8'));
        }
      } finally {
        closeSync(fd);
      }
    });
  } catch (e) {
    out.close();
    throw e;
  }
  out.finish();
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge <shards..>',
  describe: 'Merge the --out folders of the shards of one simulate run into the whole run\'s outputs',
  builder: (y) =>
    y.positional('shards', { type: 'string', array: true, describe: 'The shards\' --out folders' })
      .option('out', { type: 'string', demandOption: true, describe: 'Output folder for the merged run' })
      .option('per-game', { type: 'string', describe: 'Also concatenate the shards\' per-game CSVs into this file' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary JSON on stdout' })
      .option('charts', { type: 'boolean', default: true, describe: 'Render the charts (--no-charts to skip)' }) as never,
  handler: async (a) => {
    const shards = checkShards(a.shards.map(loadShard));
    const perGame = a['per-game'] ? resolve(a['per-game']) : null;
    if (perGame) {
      const without = shards.find((s) => !s.perGame);
      if (without) throw new InputError(`merge: --per-game: shard ${without.dir} was run without --per-game`);
    }
    ensureWritableDir(a.out, '--out');
    if (perGame) ensureWritableDir(dirname(perGame), '--per-game');

    const first = shards[0]!;
    const acc = shards.slice(1).reduce((m, s) => m.merge(s.accumulator), first.accumulator);
    const games = first.identity.games;
    const seconds = shards.reduce((t, s) => t + s.perf.seconds, 0);
    const threads = shards.reduce((t, s) => t + s.perf.threads, 0);
    if (perGame) mergePerGame(perGame, shards);
    writeAccumulatorFile(a.out, { identity: first.identity, fingerprint: first.fingerprint, range: [0, games], shard: null, perGame, perf: { seconds, threads }, acc: acc.toJSON() });
    const summary = summarise(acc, first.identity, first.fingerprint, [0, games]);
    const perf = {
      threads,
      games,
      seconds: Number(seconds.toFixed(3)),
      gamesPerSecond: seconds > 0 ? Math.round(games / seconds) : null,
      shards: shards.length,
    };
    await writeOutputs(a.out, summary, acc, { command: 'merge', shard: null, shards: shards.length, perGame, perf }, a.charts);
    if (a.json) process.stdout.write(summaryText(summary, perf));
    else process.stdout.write(`${headline(summary)}; merged from ${shards.length} shards\noutputs in ${a.out}\n`);
  },
};
