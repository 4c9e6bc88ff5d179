// The two files through which a run's accumulated state outlives its process:
//  - checkpoint.json: while a run is going, the merged accumulator of a contiguous prefix of its
//    games plus the run's identity (rewritten atomically every checkpoint interval);
//  - accumulator.json: when it is complete, the accumulator of all its games, what `legions merge`
//    combines across shards.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../legions/params.js';
import { type AccumulatorJSON, RunAccumulator } from './accumulator.js';
import { writeAtomic } from './files.js';
import type { RunIdentity, Shard } from './spec.js';

export const CHECKPOINT_FILE = 'checkpoint.json';
export const ACCUMULATOR_FILE = 'accumulator.json';
const CHECKPOINT_FORMAT = 'legions-checkpoint/1';
const ACCUMULATOR_FORMAT = 'legions-accumulator/1';

export interface Checkpoint {
  format: typeof CHECKPOINT_FORMAT;
  identity: RunIdentity;
  fingerprint: string;
  range: [number, number];
  shard: Shard | null;
  /** The per-game CSV being written (absolute path) and its length at this checkpoint. */
  perGame: { path: string; bytes: number } | null;
  /** First game index not in `acc`: games [range[0], next) are. */
  next: number;
  /** Seconds of play so far (perf only). */
  seconds: number;
  acc: AccumulatorJSON;
}

export interface AccumulatorFile {
  format: typeof ACCUMULATOR_FORMAT;
  identity: RunIdentity;
  fingerprint: string;
  range: [number, number];
  shard: Shard | null;
  perGame: string | null;
  perf: { seconds: number; threads: number };
  acc: AccumulatorJSON;
}

const identitySchema = z.object({
  players: z.number().int(),
  policies: z.array(z.string()),
  variants: z.array(z.string()),
  seed: z.string(),
  games: z.number().int().positive(),
  turns: z.number().int(),
  rulesHash: z.string(),
  boardHash: z.string(),
});
const rangeSchema = z.tuple([z.number().int().nonnegative(), z.number().int().nonnegative()]);
const shardSchema = z.object({ index: z.number().int().nonnegative(), count: z.number().int().positive() }).nullable();
const checkpointSchema = z.object({
  format: z.literal(CHECKPOINT_FORMAT),
  identity: identitySchema,
  fingerprint: z.string(),
  range: rangeSchema,
  shard: shardSchema,
  perGame: z.object({ path: z.string(), bytes: z.number().int().nonnegative() }).nullable(),
  next: z.number().int().nonnegative(),
  seconds: z.number().nonnegative(),
  acc: z.unknown(),
});
const accumulatorFileSchema = z.object({
  format: z.literal(ACCUMULATOR_FORMAT),
  identity: identitySchema,
  fingerprint: z.string(),
  range: rangeSchema,
  shard: shardSchema,
  perGame: z.string().nullable(),
  perf: z.object({ seconds: z.number().nonnegative(), threads: z.number().int().positive() }),
  acc: z.unknown(),
});

function readJSON(path: string): unknown | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new InputError(`${path}: cannot read the file`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(`${path}: not valid JSON`);
  }
}

function parseWith<T extends { acc: unknown }>(schema: z.ZodType<T>, raw: unknown, path: string, what: string): T & { accumulator: RunAccumulator } {
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`${path}: not a legions ${what} file (${issue.path.join('.') || '(root)'}: ${issue.message})`);
  }
  let accumulator: RunAccumulator;
  try {
    accumulator = RunAccumulator.fromJSON(r.data.acc);
  } catch (e) {
    throw new InputError(`${path}: broken accumulator (${(e as Error).message})`);
  }
  return { ...r.data, accumulator };
}

export function readCheckpoint(dir: string): (Checkpoint & { accumulator: RunAccumulator }) | undefined {
  const path = join(dir, CHECKPOINT_FILE);
  const raw = readJSON(path);
  if (raw === undefined) return undefined;
  const c = parseWith(checkpointSchema as z.ZodType<Checkpoint>, raw, path, 'checkpoint');
  if (c.accumulator.games !== c.next - c.range[0]) throw new InputError(`${path}: holds ${c.accumulator.games} games, not ${c.next - c.range[0]}`);
  return c;
}

export function readAccumulatorFile(dir: string): (AccumulatorFile & { accumulator: RunAccumulator }) | undefined {
  const path = join(dir, ACCUMULATOR_FILE);
  const raw = readJSON(path);
  if (raw === undefined) return undefined;
  const a = parseWith(accumulatorFileSchema as z.ZodType<AccumulatorFile>, raw, path, 'accumulator');
  if (a.accumulator.games !== a.range[1] - a.range[0]) throw new InputError(`${path}: holds ${a.accumulator.games} games, not ${a.range[1] - a.range[0]}`);
  return a;
}

export function writeCheckpoint(dir: string, c: Omit<Checkpoint, 'format'>): void {
  writeAtomic(join(dir, CHECKPOINT_FILE), JSON.stringify({ format: CHECKPOINT_FORMAT, ...c }) + '\n');
}

export function writeAccumulatorFile(dir: string, a: Omit<AccumulatorFile, 'format'>): void {
  writeAtomic(join(dir, ACCUMULATOR_FILE), JSON.stringify({ format: ACCUMULATOR_FORMAT, ...a }) + '\n');
}
