// legions merge: combines the --out folders of the shards of one run (simulate --shard i/n) into the
// outputs of the whole run, byte-identical in summary.json to a single unsharded run. Every shard is
// verified before anything is written: its accumulator.json against its own content hash, its
// per-game CSV (found relative to the shard folder, so moved folders merge) against the hash, bytes
// and rows recorded for it.
import { open } from 'node:fs/promises';
import { relative } from 'node:path';
import type { CommandModule } from 'yargs';
import { InputError } from '../core/errors.js';
import { GAMES, type GameEntry } from '../games/index.js';
import { ACCUMULATOR_FILE, type AccumulatorFile, accumulatorFileText, accumulatorFormat, checkpointFormat, type PerGameRecord, perGameRecord, readAccumulatorFile, readCheckpoint, verifyPerGame } from '../sim/checkpoint.js';
import { claimOutputs } from '../sim/claim.js';
import { PartialFile } from '../sim/files.js';
import { liveHolder, LOCK_NAME } from '../sim/lock.js';
import { checkOutputDir, checkOutputFile, type InputPath, isWithin } from '../sim/paths.js';
import { StopSignals } from '../sim/signals.js';
import { identityMismatch } from '../sim/spec.js';
import { formatGame, type RunAcc } from '../sim/game.js';
import { writeTransaction } from '../sim/transaction.js';
import { RUN_OUTPUTS } from './simulate.js';

interface MergeArgs {
  /** --game: the game the shards must be of, when given (they name their own). */
  game?: string;
  shards: string[];
  out: string;
  'per-game'?: string;
  json: boolean;
  charts: boolean;
}

type Shard = AccumulatorFile & { accumulator: RunAcc; dir: string; csv: string | null; game: GameEntry };

/** The game whose accumulator.json a folder holds (LEGIONS when it holds none, so its messages apply). */
function shardGame(dir: string): GameEntry {
  let format: unknown;
  try {
    format = accumulatorFormat(dir) ?? checkpointFormat(dir);
  } catch {
    return GAMES.legions!; // an unreadable file: reported by the game's own reader below
  }
  const g = formatGame(format, Object.values(GAMES).map((e) => e.definition));
  return g ? GAMES[g.id]! : GAMES.legions!;
}

function loadShard(dir: string): Shard {
  const holder = liveHolder(`${dir}/${LOCK_NAME}`);
  if (holder) throw new InputError(`merge: shard ${dir} is being written by another legions run (${holder}); merge it when that run has ended`);
  const game = shardGame(dir);
  let a;
  try {
    a = readAccumulatorFile(dir, game.definition);
  } catch (e) {
    throw new InputError(`merge: shard ${dir}: ${(e as Error).message}`);
  }
  if (a) {
    let csv: string | null = null;
    if (a.perGame) {
      const v = verifyPerGame(dir, a.perGame, a.range[1] - a.range[0]);
      if (v.problem) throw new InputError(`merge: shard ${dir}: ${v.problem}`);
      csv = v.path;
    }
    return { ...a, dir, csv, game };
  }
  let c;
  try {
    c = readCheckpoint(dir, game.definition);
  } catch (e) {
    throw new InputError(`merge: shard ${dir}: ${(e as Error).message}`);
  }
  if (c) throw new InputError(`merge: shard ${dir} is not complete (checkpoint at game ${c.next} of ${c.range[0]}..${c.range[1]}); finish it with simulate --resume`);
  throw new InputError(`merge: ${dir} holds no accumulator.json (not the --out folder of a finished simulate)`);
}

/** Checks that the shards are of one run and cover its games exactly once; returns them in game order. */
export function checkShards(shards: Shard[]): Shard[] {
  const first = shards[0]!;
  const other = shards.find((s) => s.game !== first.game);
  if (other) throw new InputError(`merge: the shards are of different games: ${first.game.definition.id} in ${first.dir}, ${other.game.definition.id} in ${other.dir}`);
  for (const s of shards.slice(1)) {
    const m = identityMismatch(first.identity, s.identity, first.dir, s.dir, first.game.definition.identityNames);
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

/**
 * Concatenates the shards' per-game CSVs in game order into FILE.partial, keeping the first header
 * only; chunks are read asynchronously, so a signal is seen while a large merge runs.
 */
async function mergePerGame(out: PartialFile, shards: Shard[]): Promise<void> {
  for (const [k, s] of shards.entries()) {
    const fh = await open(s.csv!, 'r');
    try {
      const buf = Buffer.alloc(1 << 20);
      let skipping = k > 0;
      for (let r = await fh.read(buf, 0, buf.length); r.bytesRead > 0; r = await fh.read(buf, 0, buf.length)) {
        let chunk = buf.subarray(0, r.bytesRead);
        if (skipping) {
          const nl = chunk.indexOf(10);
          if (nl < 0) continue;
          chunk = chunk.subarray(nl + 1);
          skipping = false;
        }
        out.appendBytes(chunk);
      }
    } finally {
      await fh.close();
    }
  }
}

export const mergeCommand: CommandModule<object, MergeArgs> = {
  command: 'merge [shards..]',
  describe: 'Merge the --out folders of the shards of one simulate run into the whole run\'s outputs',
  builder: (y) =>
    y.positional('shards', { type: 'string', array: true, describe: 'The shards\' --out folders (one or more)', defaultDescription: 'none given' })
      .option('out', { type: 'string', demandOption: true, describe: 'Output folder for the merged run (not a shard folder)' })
      .option('per-game', { type: 'string', describe: 'Also concatenate the shards\' per-game CSVs into this file' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary JSON on stdout' })
      .option('charts', { type: 'boolean', default: true, describe: 'Render the charts (--no-charts to skip)' }) as never,
  handler: async (a) => {
    // Folders after `--` reach yargs' `_`, not the positional (the first `_` entry is the command).
    const after = ((a as unknown as { _: unknown[] })._ ?? []).slice(1).map(String);
    const names = [...(a.shards ?? []).map(String), ...after];
    if (names.length === 0) throw new InputError('merge: name the shards\' --out folders (one or more)');
    if (names.some((n) => n.trim() === '')) throw new InputError('merge: a shard folder name is empty');
    const loaded = names.map(loadShard);
    const own = loaded[0]!.game.definition.id;
    if (a.game !== undefined && a.game !== 'legions' && a.game !== own && loaded.every((x) => x.game === loaded[0]!.game)) throw new InputError(`merge: --game ${a.game}, but the shards are ${own} shards`);
    const shards = checkShards(loaded);
    const wantCsv = a['per-game'] !== undefined;
    if (wantCsv) {
      const without = shards.find((s) => !s.csv);
      if (without) throw new InputError(`merge: --per-game: shard ${without.dir} was run without --per-game`);
    }
    const inputs: InputPath[] = shards.flatMap((s) => [{ path: s.dir, what: 'shard', folder: true }, ...(s.csv ? [{ path: s.csv, what: 'shard CSV' }] : [])]);
    const out = checkOutputDir(a.out, 'merge: --out', inputs, RUN_OUTPUTS);
    const perGame = wantCsv ? checkOutputFile(a['per-game']!, 'merge: --per-game', inputs, out, RUN_OUTPUTS) : null;

    const claim = claimOutputs('merge', { path: out, what: `--out ${a.out}` }, perGame ? [{ path: perGame, what: `--per-game ${a['per-game']}` }] : []);
    const signals = new StopSignals().install();
    try {
      await merge(a, shards, out, perGame, signals);
    } finally {
      signals.uninstall();
      claim.release();
    }
  },
};

async function merge(a: MergeArgs, shards: Shard[], out: string, perGame: string | null, signals: StopSignals): Promise<void> {
  const first = shards[0]!;
  const acc = first.accumulator;
  for (const s of shards.slice(1)) acc.merge(s.accumulator);
  const games = first.identity.games;
  const seconds = shards.reduce((t, s) => t + s.perf.seconds, 0);
  const threads = shards.reduce((t, s) => t + s.perf.threads, 0);

  const report = first.game.report(acc, first.identity, first.fingerprint, [0, games]);
  const perf = {
    threads,
    games,
    seconds: Number(seconds.toFixed(3)),
    gamesPerSecond: seconds > 0 ? Math.round(games / seconds) : null,
    shards: shards.length,
  };
  const own = perGame && isWithin(perGame, out) ? [relative(out, perGame)] : [];
  await writeTransaction(out, 'merge', signals, async (tx) => {
    let perGameRec: PerGameRecord | null = null;
    if (perGame) {
      // The merged CSV is staged as FILE.partial and renamed into place with the other outputs.
      const csv = new PartialFile(perGame);
      tx.onRollback(() => csv.discard());
      await mergePerGame(csv, shards);
      csv.sync();
      perGameRec = { ...perGameRecord(out, csv.tmp), path: relative(out, perGame) };
      tx.beforeCommit(() => csv.finish());
    }
    tx.put(ACCUMULATOR_FILE, accumulatorFileText(first.game.definition, { identity: first.identity, fingerprint: first.fingerprint, range: [0, games], shard: null, perGame: perGameRec, perf: { seconds, threads }, acc: acc.toJSON() }));
    await report.write(tx.put.bind(tx), { command: 'merge', shard: null, shards: shards.length, perGame: perGame ? relative(out, perGame) : null, perf }, a.charts);
  }, own);
  if (a.json) process.stdout.write(report.json(perf));
  else process.stdout.write(`${report.headline()}; merged from ${shards.length} shards\noutputs in ${a.out}\n`);
}
