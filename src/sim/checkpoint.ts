// The two files through which a run's accumulated state outlives its process:
//  - checkpoint.json: while a run is going, the merged accumulator of a contiguous prefix of its
//    games plus the run's identity (rewritten atomically every checkpoint interval);
//  - accumulator.json: when it is complete, the accumulator of all its games, what `legions merge`
//    combines across shards. It records its per-game CSV by a path relative to its own folder
//    (so a moved folder still finds it) with the CSV's SHA-256, byte and row counts, and carries
//    the SHA-256 of its own canonical content (every key but `sha256`, keys sorted at every level,
//    so fields added to the accumulator later are covered without a change here). Merge checks both.
import { createHash } from 'node:crypto';
import { closeSync, openSync, readSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { z } from 'zod';
import { MissingInput, readJsonInput } from '../core/input.js';
import { InputError } from '../core/errors.js';
import { writeAtomic } from './files.js';
import type { GameDefinition, RunAcc } from './game.js';
import { canonicalJSON, type RunIdentity, type Shard } from './spec.js';

export const CHECKPOINT_FILE = 'checkpoint.json';
export const ACCUMULATOR_FILE = 'accumulator.json';
// Their formats are the game's (GameDefinition.formats): a version bump there refuses older files.
/** Accumulator and checkpoint files: far below this (histograms of integers); the bound only stops junk. */
const MAX_STATE_BYTES = 64 * 1024 * 1024;

/** A per-game CSV as accumulator.json records it. */
export interface PerGameRecord {
  /** Relative to the folder of accumulator.json. */
  path: string;
  bytes: number;
  /** Data rows (the header not counted): one per game of the range. */
  rows: number;
  sha256: string;
}

export interface Checkpoint {
  format: string;
  identity: RunIdentity;
  fingerprint: string;
  range: [number, number];
  shard: Shard | null;
  /** The per-game CSV being written (relative to the checkpoint's folder) and its length at this checkpoint. */
  perGame: { path: string; bytes: number } | null;
  /** First game index not in `acc`: games [range[0], next) are. */
  next: number;
  /** Seconds of play so far (perf only). */
  seconds: number;
  acc: unknown;
}

export interface AccumulatorFile {
  format: string;
  identity: RunIdentity;
  fingerprint: string;
  range: [number, number];
  shard: Shard | null;
  perGame: PerGameRecord | null;
  perf: { seconds: number; threads: number };
  acc: unknown;
}

/** The runner's identity fields and the game's (spec.ts RunIdentity). */
function identitySchema(game: GameDefinition) {
  return z.object({
    policies: z.array(z.string()),
    rotation: z.literal('latin').optional(),
    seed: z.string(),
    games: z.number().int().positive(),
    ...(game.id !== 'legions' ? { game: z.literal(game.id) } : {}),
  }).and(game.identitySchema);
}
const rangeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
const shardSchema = z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() }).nullable();
const checkpointSchema = (game: GameDefinition) => z.object({
  format: z.literal(game.formats.checkpoint),
  identity: identitySchema(game),
  fingerprint: z.string(),
  range: rangeSchema,
  shard: shardSchema,
  perGame: z.object({ path: z.string(), bytes: z.number().int().nonnegative() }).nullable(),
  next: z.number().int().nonnegative(),
  seconds: z.number().nonnegative(),
  acc: z.unknown(),
});
const accumulatorFileSchema = (game: GameDefinition) => z.object({
  format: z.literal(game.formats.accumulator),
  identity: identitySchema(game),
  fingerprint: z.string(),
  range: rangeSchema,
  shard: shardSchema,
  perGame: z.object({ path: z.string().min(1), bytes: z.number().int().nonnegative(), rows: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) }).nullable(),
  perf: z.object({ seconds: z.number().nonnegative(), threads: z.number().int().positive() }),
  acc: z.unknown(),
  sha256: z.string(),
});

function readJSON(path: string): unknown | undefined {
  try {
    return readJsonInput(path, 'file', MAX_STATE_BYTES);
  } catch (e) {
    if (e instanceof MissingInput) return undefined;
    throw new InputError((e as Error).message.replace(/^file /, ''));
  }
}

/** SHA-256 of a file's canonical content: every key but `sha256`, keys sorted at every level. */
export function contentHash(raw: Record<string, unknown>): string {
  const { sha256: _own, ...rest } = raw;
  // Through JSON first: what is hashed is what a reader parses (array holes become null, -0 is 0).
  return createHash('sha256').update(canonicalJSON(JSON.parse(JSON.stringify(rest)))).digest('hex');
}

/** SHA-256, size and newline count of a file, read in 1 MiB chunks. */
export function digestFile(path: string): { sha256: string; bytes: number; lines: number } {
  const h = createHash('sha256');
  const fd = openSync(path, 'r');
  let bytes = 0;
  let lines = 0;
  try {
    const buf = Buffer.alloc(1 << 20);
    for (let n = readSync(fd, buf, 0, buf.length, null); n > 0; n = readSync(fd, buf, 0, buf.length, null)) {
      const chunk = buf.subarray(0, n);
      h.update(chunk);
      bytes += n;
      for (let i = chunk.indexOf(10); i >= 0; i = chunk.indexOf(10, i + 1)) lines++;
    }
  } finally {
    closeSync(fd);
  }
  return { sha256: h.digest('hex'), bytes, lines };
}

/** The record of a finished per-game CSV (one header line, then one row per game), relative to `dir`. */
export function perGameRecord(dir: string, path: string): PerGameRecord {
  const d = digestFile(path);
  return { path: relative(dir, path), bytes: d.bytes, rows: Math.max(0, d.lines - 1), sha256: d.sha256 };
}

/**
 * Checks a per-game CSV against its record (and the range's game count); returns its absolute path
 * or a one-line description of what differs.
 */
export function verifyPerGame(dir: string, rec: PerGameRecord, games: number): { path: string; problem: string | null } {
  const path = resolve(dir, rec.path);
  let d;
  try {
    d = digestFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return { path, problem: `its per-game CSV ${rec.path} is ${code === 'ENOENT' ? 'missing' : `unreadable (${code})`}` };
  }
  const rows = Math.max(0, d.lines - 1);
  if (rec.rows !== games) return { path, problem: `accumulator.json records ${rec.rows} per-game rows for ${games} games` };
  if (rows !== rec.rows || d.bytes !== rec.bytes) {
    return { path, problem: `its per-game CSV ${rec.path} holds ${rows} rows (${d.bytes} bytes), accumulator.json records ${rec.rows} rows (${rec.bytes} bytes): truncated or extended` };
  }
  if (d.sha256 !== rec.sha256) return { path, problem: `its per-game CSV ${rec.path} was changed after it was written (SHA-256 differs from accumulator.json)` };
  return { path, problem: null };
}

function parseWith<T extends { acc: unknown }, A extends RunAcc>(game: GameDefinition<unknown, A>, schema: z.ZodType<T>, raw: unknown, path: string, what: string): T & { accumulator: A } {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`${path}: not a ${game.id} ${what} file (${issue.path.join('.') || '(root)'}: ${issue.message})`);
  }
  // The identity's fields in the file's order (the schema's intersection reorders them), so that a
  // summary built from it reads exactly as the run's own.
  const data = r.data as T & { identity: Record<string, unknown> };
  const rawId = (raw as { identity: Record<string, unknown> }).identity;
  data.identity = Object.fromEntries(Object.keys(rawId).filter((k) => k in data.identity).map((k) => [k, data.identity[k]]));
  let accumulator: A;
  try {
    accumulator = game.accumulatorFromJSON(r.data.acc);
  } catch (e) {
    throw new InputError(`${path}: broken accumulator (${(e as Error).message})`);
  }
  return { ...r.data, accumulator };
}

export function readCheckpoint<A extends RunAcc>(dir: string, game: GameDefinition<unknown, A>): (Checkpoint & { accumulator: A }) | undefined {
  const path = join(dir, CHECKPOINT_FILE);
  const raw = readJSON(path);
  if (raw === undefined) return undefined;
  const c = parseWith(game, checkpointSchema(game as GameDefinition) as unknown as z.ZodType<Checkpoint>, raw, path, 'checkpoint');
  if (c.accumulator.games !== c.next - c.range[0]) throw new InputError(`${path}: holds ${c.accumulator.games} games, not ${c.next - c.range[0]}`);
  return c;
}

/** The `format` field of a folder's accumulator.json (which game wrote it), or undefined without one. */
export function accumulatorFormat(dir: string): unknown {
  return formatOf(join(dir, ACCUMULATOR_FILE));
}

/** The `format` field of a folder's checkpoint.json, or undefined without one. */
export function checkpointFormat(dir: string): unknown {
  return formatOf(join(dir, CHECKPOINT_FILE));
}

function formatOf(path: string): unknown {
  const raw = readJSON(path);
  return raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).format : undefined;
}

export function readAccumulatorFile<A extends RunAcc>(dir: string, game: GameDefinition<unknown, A>): (AccumulatorFile & { accumulator: A }) | undefined {
  const path = join(dir, ACCUMULATOR_FILE);
  const raw = readJSON(path);
  if (raw === undefined) return undefined;
  const rec = (raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? raw : {}) as Record<string, unknown>;
  if (typeof rec.format === 'string' && rec.format !== game.formats.accumulator && rec.format.startsWith(`${game.id}-accumulator/`)) {
    throw new InputError(`${path}: written by an older legions (${rec.format}), whose content cannot be verified; run that shard again`);
  }
  if (typeof rec.sha256 === 'string' && contentHash(rec) !== rec.sha256) {
    throw new InputError(`${path}: was changed after it was written (its content no longer matches its SHA-256)`);
  }
  const a = parseWith(game, accumulatorFileSchema(game as GameDefinition) as unknown as z.ZodType<AccumulatorFile>, raw, path, 'accumulator');
  if (a.accumulator.games !== a.range[1] - a.range[0]) throw new InputError(`${path}: holds ${a.accumulator.games} games, not ${a.range[1] - a.range[0]}`);
  return a;
}

export function writeCheckpoint(dir: string, game: GameDefinition, c: Omit<Checkpoint, 'format'>): void {
  writeAtomic(join(dir, CHECKPOINT_FILE), JSON.stringify({ format: game.formats.checkpoint, ...c }) + '\n');
}

/** The text of accumulator.json, its content hash included. */
export function accumulatorFileText(game: GameDefinition, a: Omit<AccumulatorFile, 'format'>): string {
  const obj: Record<string, unknown> = { format: game.formats.accumulator, ...a };
  obj.sha256 = contentHash(obj);
  return JSON.stringify(obj) + '\n';
}

export function writeAccumulatorFile(dir: string, game: GameDefinition, a: Omit<AccumulatorFile, 'format'>): void {
  writeAtomic(join(dir, ACCUMULATOR_FILE), accumulatorFileText(game, a));
}
