// The checkpoint of a running experiment (DIR/experiment-checkpoint.json): the per-arm and paired
// accumulators of a contiguous prefix of the game indices, the look state of a precision target, and
// the resume identity of the experiment, rewritten atomically every checkpoint interval and guarded
// by the SHA-256 of its canonical content. `experiment --resume` continues from it to results
// byte-identical to an uninterrupted run (timings aside).
import { join } from 'node:path';
import { z } from 'zod';
import { MissingInput, readJsonInput } from '../../../core/input.js';
import { InputError } from '../../../core/errors.js';
import { contentHash } from '../../../sim/checkpoint.js';
import { writeAtomic } from '../../../sim/files.js';
import type { ArmAcc, PairAcc } from './accumulator.js';
import type { ResumeIdentity } from './fingerprint.js';

export const EXPERIMENT_CHECKPOINT = 'experiment-checkpoint.json';
// /2: per-cause collapses by turn (arms) and survival's discordant pairs by turn (pairs).
const FORMAT = 'legions-experiment-checkpoint/2';

/** Where a run stands: games [0, done) of every arm merged; `target` the games of the current look. */
export interface ExperimentState {
  done: number;
  target: number;
  looks: number;
  seconds: number;
  accs: ArmAcc[];
  pairs: PairAcc[];
}

const count = z.number().int().nonnegative();
const counts = z.record(z.string(), z.number().int());
const dense = z.array(count);
const armAcc = z.object({
  n: count, rates: counts, sum: counts, sumSq: counts, collapseByTurn: z.array(z.number().int().nullable()),
  collapseByCauseTurn: z.object({ revolt: dense, bankruptcy: dense, wars: dense }),
  winsBySeat: z.array(z.number().int()), winsByPolicy: counts, gamesByPolicy: counts, policyErrors: count,
});
const pairAcc = z.object({ n: count, b: counts, c: counts, sumD: counts, sumD2: counts, fallenB: dense, fallenC: dense });
const schema = z.object({
  format: z.literal(FORMAT),
  identity: z.record(z.string(), z.unknown()),
  state: z.object({ done: count, target: count, looks: count, seconds: z.number().nonnegative(), accs: z.array(armAcc), pairs: z.array(pairAcc) }),
  sha256: z.string(),
});

export function writeExperimentCheckpoint(dir: string, identity: ResumeIdentity, state: ExperimentState): void {
  const obj: Record<string, unknown> = { format: FORMAT, identity, state };
  obj.sha256 = contentHash(obj);
  writeAtomic(join(dir, EXPERIMENT_CHECKPOINT), JSON.stringify(obj) + '\n');
}

/** The checkpoint in `dir`, or undefined when there is none; InputError when it is broken or edited. */
export function readExperimentCheckpoint(dir: string): { identity: ResumeIdentity; state: ExperimentState } | undefined {
  const path = join(dir, EXPERIMENT_CHECKPOINT);
  let raw: unknown;
  try {
    raw = readJsonInput(path, 'checkpoint', 64 * 1024 * 1024);
  } catch (e) {
    if (e instanceof MissingInput) return undefined;
    throw e;
  }
  const r = schema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`${path}: not a legions experiment checkpoint (${issue.path.join('.') || '(root)'}: ${issue.message})`);
  }
  if (contentHash(raw as Record<string, unknown>) !== r.data.sha256) throw new InputError(`${path}: was changed after it was written (its content no longer matches its SHA-256)`);
  // The raw state, not zod's copy: fields the schema does not list must survive a resume.
  const state = (raw as { state: ExperimentState }).state;
  // JSON writes the holes of collapseByTurn as null; the accumulators treat them as absent.
  for (const a of state.accs) a.collapseByTurn = a.collapseByTurn.map((v) => v ?? undefined) as number[];
  return { identity: r.data.identity as unknown as ResumeIdentity, state };
}
