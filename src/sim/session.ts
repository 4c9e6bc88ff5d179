// One simulate process: resume or start, play its range of games on the pool, stream the per-game
// CSV in game order, checkpoint the merged prefix every interval, stop cleanly on SIGINT/SIGTERM,
// and leave accumulator.json (what `legions merge` reads) when complete.
import { existsSync, renameSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { InputError } from '../core/errors.js';
import { ACCUMULATOR_FILE, CHECKPOINT_FILE, perGameRecord, readAccumulatorFile, readCheckpoint, verifyPerGame, writeAccumulatorFile, writeCheckpoint } from './checkpoint.js';
import { fileSize, PartialFile } from './files.js';
import { StopSignals } from './signals.js';
import { cleanPreviousOutputs } from './transaction.js';
import type { RunAcc } from './game.js';
import type { Progress } from './progress.js';
import { runPool } from './runner.js';
import { fingerprint, identityMismatch, runIdentity, type RunSpec, type Shard } from './spec.js';

export interface SessionOptions {
  threads: number;
  batchSize?: number;
  /** Output folder (already checked writable) for checkpoint.json and accumulator.json. */
  out?: string;
  /** Absolute path of the per-game CSV. */
  perGame?: string;
  resume: boolean;
  /** Seconds between checkpoints (0: after every batch). */
  checkpointEvery: number;
  progress?: Progress;
  /** A note for the user (stderr unless quiet). */
  note?(msg: string): void;
  /**
   * The caller's signal handling (installed for the whole command, so a signal between the pool and
   * the outputs is not lost); the session installs its own when none is given.
   */
  signals?: StopSignals;
}

export interface SessionResult<A extends RunAcc = RunAcc> {
  acc: A;
  /** Seconds of play, over all sessions of this run (a resumed run adds its earlier ones). */
  seconds: number;
  /** Games played by this process (0 when everything was already done). */
  played: number;
  /** Seconds of play in this process. */
  sessionSeconds: number;
  /** Where this process started: spec.start unless resumed. */
  resumedAt: number;
}

/** A run stopped by SIGINT/SIGTERM; its merged prefix is in the checkpoint (when there is an --out). */
export class Interrupted extends Error {
  constructor(readonly next: number, readonly end: number, readonly checkpointDir: string | null, readonly signal: string) {
    super(`interrupted (${signal}) at game ${next}`);
  }
}

const shardText = (s: Shard | null) => (s ? `${s.index}/${s.count}` : 'none');

interface Start<A extends RunAcc> {
  next: number;
  acc: A;
  seconds: number;
  perGameBytes: number | null;
  complete: boolean;
}

/** Decides where to start, refusing (InputError) a checkpoint of other arguments. Writes nothing. */
function findStart<Cfg, A extends RunAcc>(spec: RunSpec<Cfg, A>, opts: SessionOptions): Start<A> {
  const fresh: Start<A> = { next: spec.start, acc: spec.game.newAccumulator(spec.cfg), seconds: 0, perGameBytes: null, complete: false };
  if (!opts.resume || !opts.out) return fresh;
  const id = runIdentity(spec);
  const dir = opts.out;
  const check = (what: string, theirs: { identity: typeof id; shard: Shard | null; range: [number, number] }, perGame: string | null) => {
    const m = identityMismatch(theirs.identity, id, `the ${what}`, 'this command', spec.game.identityNames);
    if (m) throw new InputError(`--resume: ${join(dir, what === 'checkpoint' ? CHECKPOINT_FILE : ACCUMULATOR_FILE)} is of another run: ${m}`);
    if (theirs.range[0] !== spec.start || theirs.range[1] !== spec.end) {
      throw new InputError(`--resume: --shard differs: ${shardText(theirs.shard)} in the ${what}, ${shardText(spec.shard)} in this command`);
    }
    if ((perGame ?? null) !== (opts.perGame ?? null)) {
      throw new InputError(`--resume: --per-game differs: ${perGame ?? 'none'} in the ${what}, ${opts.perGame ?? 'none'} in this command`);
    }
  };
  const c = readCheckpoint(dir, spec.game);
  if (c) {
    // The per-game path is recorded relative to the folder (older checkpoints: absolute).
    const csvPath = c.perGame ? resolve(dir, c.perGame.path) : null;
    check('checkpoint', c, csvPath);
    if (c.perGame && csvPath) {
      const tmp = `${csvPath}.partial`;
      // Finished but not yet recorded as complete: the file was already renamed into place.
      const have = fileSize(tmp) ?? fileSize(csvPath);
      if (have === null || have < c.perGame.bytes) {
        throw new InputError(`--resume: ${tmp} is missing or shorter than the checkpoint recorded; re-run without --resume`);
      }
    }
    return { next: c.next, acc: c.accumulator, seconds: c.seconds, perGameBytes: c.perGame?.bytes ?? null, complete: false };
  }
  const a = readAccumulatorFile(dir, spec.game);
  if (a) {
    const csv = a.perGame ? verifyPerGame(dir, a.perGame, spec.end - spec.start) : null;
    check('accumulator', a, csv?.path ?? null);
    if (csv?.problem) throw new InputError(`--resume: ${join(dir, ACCUMULATOR_FILE)}: ${csv.problem}; re-run without --resume`);
    return { next: spec.end, acc: a.accumulator, seconds: a.perf.seconds, perGameBytes: null, complete: true };
  }
  opts.note?.(`no checkpoint in ${dir}: starting from the first game`);
  return fresh;
}

export async function runSession<Cfg, A extends RunAcc>(spec: RunSpec<Cfg, A>, opts: SessionOptions): Promise<SessionResult<A>> {
  const start = findStart(spec, opts);
  const id = runIdentity(spec);
  const fp = fingerprint(id);
  const range: [number, number] = [spec.start, spec.end];
  const dir = opts.out;
  const total = spec.end - spec.start;
  const progress = opts.progress;
  if (start.complete) {
    opts.note?.(`${dir}: all ${total} games already played; writing the outputs`);
    return { acc: start.acc, seconds: start.seconds, played: 0, sessionSeconds: 0, resumedAt: spec.end };
  }
  if (dir && start.next === spec.start) {
    if (!opts.resume && existsSync(join(dir, CHECKPOINT_FILE))) opts.note?.(`replacing the checkpoint in ${dir} (--resume would continue it)`);
    rmSync(join(dir, CHECKPOINT_FILE), { force: true });
    rmSync(join(dir, ACCUMULATOR_FILE), { force: true });
    // A fresh run owns the folder: the previous run's summary, charts and CSVs go (only files it listed).
    const old = cleanPreviousOutputs(dir, 'simulate');
    if (old.length) opts.note?.(`removed ${old.length} output file${old.length > 1 ? 's' : ''} of the previous run in ${dir}`);
  }

  let csv: PartialFile | null = null;
  if (opts.perGame) {
    if (start.perGameBytes !== null) {
      if (!existsSync(`${opts.perGame}.partial`)) renameSync(opts.perGame, `${opts.perGame}.partial`);
      csv = new PartialFile(opts.perGame, start.perGameBytes);
    } else {
      csv = new PartialFile(opts.perGame);
      csv.append(spec.game.perGameHeader(spec.cfg));
    }
  }

  // A first signal stops submitting batches (those in flight finish, then a checkpoint); a second
  // one stops at once, and the last checkpoint stands.
  const signals = opts.signals ?? new StopSignals().install();
  signals.onUrgent(StopSignals.exitNow);

  const crashAfter = Number(process.env.LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS ?? 0); // test hook: a hard crash
  let checkpoints = 0;
  let lastCheckpoint = performance.now();
  let sessionSeconds = 0;
  const t0 = performance.now();
  const checkpoint = (acc: A, next: number) => {
    if (!dir) return;
    csv?.sync();
    writeCheckpoint(dir, spec.game, {
      identity: id, fingerprint: fp, range, shard: spec.shard,
      perGame: csv && opts.perGame ? { path: relative(dir, opts.perGame), bytes: csv.bytes } : null,
      next, seconds: start.seconds + (performance.now() - t0) / 1000, acc: acc.toJSON(),
    });
    lastCheckpoint = performance.now();
    if (crashAfter && ++checkpoints >= crashAfter) process.kill(process.pid, 'SIGKILL');
  };

  progress?.start(start.next - spec.start);
  let result;
  try {
    result = await runPool(spec, { threads: opts.threads, batchSize: opts.batchSize, from: start.next, acc: start.acc, rows: !!csv }, {
      onBatch: (b, acc) => {
        if (csv && b.rows) csv.append(b.rows);
        if (dir && performance.now() - lastCheckpoint >= opts.checkpointEvery * 1000 && b.end < spec.end) checkpoint(acc, b.end);
      },
      onProgress: (played) => progress?.update(start.next - spec.start + played),
      shouldStop: () => signals.signal !== null,
    });
    sessionSeconds = result.seconds;
  } catch (e) {
    csv?.close();
    throw e;
  } finally {
    if (!opts.signals) signals.uninstall();
  }
  const seconds = start.seconds + sessionSeconds;
  if (result.next < spec.end) {
    checkpoint(result.acc, result.next);
    csv?.close();
    progress?.finish('(interrupted)');
    throw new Interrupted(result.next, spec.end, dir ?? null, signals.signal ?? 'stop');
  }
  progress?.finish();
  csv?.finish();
  if (dir) {
    const perGame = opts.perGame ? perGameRecord(dir, opts.perGame) : null;
    writeAccumulatorFile(dir, spec.game, { identity: id, fingerprint: fp, range, shard: spec.shard, perGame, perf: { seconds, threads: opts.threads }, acc: result.acc.toJSON() });
    rmSync(join(dir, CHECKPOINT_FILE), { force: true });
  }
  return { acc: result.acc, seconds, played: spec.end - start.next, sessionSeconds, resumedAt: start.next };
}
