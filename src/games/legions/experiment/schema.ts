// Experiment files: arms compared on common random numbers, sweeps, seat rotation, precision, gates.
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { InputError } from '../../../core/errors.js';

export const RATE_METRICS = ['collapse', 'revolt', 'bankruptcy', 'wars'] as const;
export const MEAN_METRICS = ['finalRI', 'prestigeSpread', 'legionsLost', 'warsWon', 'turnsPlayed', 'stateTreasury'] as const;
export const METRICS = [...RATE_METRICS, ...MEAN_METRICS] as const;
export type RateMetric = (typeof RATE_METRICS)[number];
export type MeanMetric = (typeof MEAN_METRICS)[number];
export type Metric = (typeof METRICS)[number];

const policies = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])
  .describe('One policy name for every seat, or one per seat');
const rules = z.record(z.string(), z.union([z.number(), z.array(z.number())]))
  .describe('Rules parameter overrides (see docs/rules.md)');

const arm = z.strictObject({
  name: z.string().min(1).regex(/^[A-Za-z0-9_.=+-]+$/, 'use letters, digits and _ . = + - only').describe('Arm name (used in file names)'),
  variants: z.array(z.string()).optional().describe('Variations switched on in this arm'),
  rules: rules.optional(),
  board: z.string().optional().describe('Board file, relative to the experiment file'),
  policies: policies.optional(),
});

const sweep = z.strictObject({
  param: z.string().min(1).describe('A numeric rules parameter, or board.N.field (e.g. board.1.spoils)'),
  values: z.array(z.number()).min(1).optional(),
  from: z.number().optional(),
  to: z.number().optional(),
  step: z.number().positive().optional(),
}).refine((s) => (s.values !== undefined) !== (s.from !== undefined && s.to !== undefined && s.step !== undefined), {
  message: 'give either values, or from, to and step',
});

const gate = z.strictObject({
  practical: z.number().nonnegative().describe('Smallest change that matters (rate points as a fraction, or metric units)'),
});

export const experimentSchema = z.strictObject({
  $schema: z.string().optional(),
  game: z.literal('legions').optional().describe('The game (legions when absent; other games have their own experiment files: legions schema --game NAME)'),
  name: z.string().min(1).regex(/^[A-Za-z0-9_.-]+$/, 'use letters, digits and _ . - only'),
  description: z.string().optional(),
  players: z.union([z.literal(3), z.literal(5)]).default(5),
  games: z.int().min(1).max(100_000_000).describe('Games per arm (the start when a precision target is set)'),
  seed: z.string().min(1).default('experiment'),
  policies: policies.default('competent').describe('One policy name for every seat, or one per seat (default: the competent player)'),
  seatRotation: z.enum(['none', 'all', 'latin']).default('none')
    .describe('Rotate the policies over the seats: all permutations, or a cyclic Latin square'),
  variants: z.array(z.string()).default([]).describe('Variations on in every arm'),
  rules: rules.default({}),
  board: z.string().optional(),
  baseline: z.string().optional().describe('Name of the baseline arm (default: the first)'),
  arms: z.array(arm).default([]),
  sweep: sweep.optional(),
  metrics: z.array(z.enum(METRICS)).min(1).default(['collapse', 'finalRI', 'prestigeSpread']),
  precision: z.number().positive().max(0.5).optional().describe('Target half-width of every reported rate interval'),
  maxGames: z.int().min(1).optional().describe('Cap per arm when a precision target is set'),
  gate: z.partialRecord(z.enum(METRICS), gate).default({}).describe('CI balance gate: per-metric practical thresholds'),
  fields: z.array(z.string().min(1)).min(1).optional()
    .describe('Play every arm under each of these fields (names such as competent, or field files relative to this file); each field brings its own policies and seat rotation'),
  negligible: z.partialRecord(z.enum(METRICS), z.number().nonnegative()).default({})
    .describe('Per metric, the largest change that does not matter (rate points as a fraction, or metric units): below it an effect counts as none'),
});

export type Experiment = z.infer<typeof experimentSchema>;
export type ArmSpec = z.infer<typeof arm>;

/** The JSON Schema published as experiments/schema.json. */
export function experimentJsonSchema(): unknown {
  return z.toJSONSchema(experimentSchema, { io: 'input' });
}

/** Reads and validates an experiment file; a bad one gives an InputError naming the field and the problem. */
export function loadExperiment(path: string): Experiment & { dir: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    const msg = (e as NodeJS.ErrnoException).code === 'ENOENT' ? 'cannot read the file' : `not valid JSON (${(e as Error).message.split('\n')[0]})`;
    throw new InputError(`experiment ${path}: ${msg}`);
  }
  const r = experimentSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`experiment ${path}: ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}${didYouMean(issue)}`);
  }
  const e = r.data;
  if (e.arms.length === 0 && !e.sweep) throw new InputError(`experiment ${path}: arms: give at least one arm, or a sweep`);
  const names = new Set<string>();
  for (const a of e.arms) {
    if (names.has(a.name)) throw new InputError(`experiment ${path}: arms: the name "${a.name}" is used twice`);
    names.add(a.name);
  }
  for (const m of Object.keys(e.gate)) {
    if (!(e.metrics as string[]).includes(m)) throw new InputError(`experiment ${path}: gate.${m}: a gated metric must also be in "metrics"`);
  }
  if (e.fields) {
    if (new Set(e.fields).size !== e.fields.length) throw new InputError(`experiment ${path}: fields: a field is named twice`);
    const withPolicies = e.arms.findIndex((a) => a.policies !== undefined);
    if (withPolicies >= 0) throw new InputError(`experiment ${path}: arms.${withPolicies}.policies: not allowed with fields (each field brings its players)`);
  }
  if (e.baseline !== undefined && !names.has(e.baseline) && !e.sweep) {
    throw new InputError(`experiment ${path}: baseline: no arm is named "${e.baseline}"`);
  }
  return { ...e, dir: dirname(path) };
}

/** Levenshtein distance (small strings: keys of an experiment file). */
function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...new Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
  }
  return d[a.length]![b.length]!;
}

/** Known keys an unknown one may stand for (variations is the rules' word for variants). */
const ALIASES: Record<string, string> = { variations: 'variants', variation: 'variants', field: 'fields', policy: 'policies' };

/** For an unknown key: " (did you mean X?)" when a known key is close, else nothing. */
function didYouMean(issue: { code: string; keys?: readonly string[]; path: readonly PropertyKey[] }): string {
  if (issue.code !== 'unrecognized_keys' || !issue.keys?.length) return '';
  const inArm = issue.path[0] === 'arms';
  const known = inArm ? ['name', 'variants', 'rules', 'board', 'policies'] : Object.keys(experimentSchema.shape);
  const k = issue.keys[0]!;
  const alias = ALIASES[k];
  if (alias && known.includes(alias)) return ` (did you mean "${alias}"?)`;
  const best = known.map((x) => [x, distance(k.toLowerCase(), x.toLowerCase())] as const).sort((a, b) => a[1] - b[1])[0];
  return best && best[1] <= Math.max(2, Math.floor(k.length / 3)) ? ` (did you mean "${best[0]}"?)` : '';
}

export const resolveFrom = (dir: string, file: string): string => (isAbsolute(file) ? file : join(dir, file));
