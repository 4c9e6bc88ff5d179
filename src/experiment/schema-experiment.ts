// Experiments for any game with a flat integer outcome (GameDefinition.outcomeFields): arms played on
// common random numbers through the runner (src/sim/paired.ts), each compared game by game with its
// baseline; rates by McNemar with its matching interval, means by paired z, Holm over all comparisons,
// each difference read against the metric's negligible size. LEGIONS keeps its own, richer experiments.
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { wilson } from '../stats/intervals.js';
import type { GameDefinition } from '../sim/game.js';
import type { PairedAccumulator, PairedArm } from '../sim/paired.js';
import type { OutcomeFieldDef } from '../sim/schema-accumulator.js';
import type { GateBaseline } from './gate.js';
import { type Comparison, type Estimate, holm, pairedMean, pairedRateComparison, type Reading, READING_MEANINGS, readingOf, stillOpen, zFor } from './paired.js';

export type { Reading } from './paired.js';

const NAME = /^[A-Za-z0-9_.=+-]+$/;

export const schemaExperimentSchema = z.strictObject({
  $schema: z.string().optional(),
  game: z.string().min(1),
  name: z.string().min(1).regex(/^[A-Za-z0-9_.-]+$/, 'use letters, digits and _ . - only'),
  description: z.string().optional(),
  games: z.int().min(2).max(100_000_000).describe('Games per arm (at least 2: paired statistics need them)'),
  seed: z.string().min(1).default('experiment'),
  policies: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional().describe('Policies of every arm unless it names its own'),
  baseline: z.string().optional().describe('The arm the others are compared with unless they name their own (default: the first); an arm another names as its baseline is a baseline too'),
  arms: z.array(z.looseObject({
    name: z.string().min(1).regex(NAME, 'use letters, digits and _ . = + - only'),
    baseline: z.string().optional(),
    policies: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
  })).min(1),
  metrics: z.array(z.string().min(1)).min(1).optional().describe('Outcome fields to compare (default: every field)'),
  negligible: z.record(z.string(), z.number().nonnegative()).default({}).describe('Per metric, the largest change that does not matter (a rate as a fraction)'),
  gate: z.record(z.string(), z.strictObject({ practical: z.number().nonnegative() })).default({}).describe('CI balance gate (legions check): per metric, the change that fails it'),
});
export type SchemaExperiment = z.infer<typeof schemaExperimentSchema>;
export type SchemaArmSpec = SchemaExperiment['arms'][number];

/** A game's reading of one arm: its configuration and the policies of its seats. */
export type ArmReader = (arm: SchemaArmSpec, e: SchemaExperiment, dir: string) => { cfg: unknown; policies: string[] };

export function parseSchemaExperiment(raw: unknown, path: string): SchemaExperiment {
  const r = schemaExperimentSchema.safeParse(raw);
  if (!r.success) {
    const i = r.error.issues[0]!;
    throw new InputError(`experiment ${path}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  }
  return r.data;
}

/** The arms as the paired run plays them, each with its baseline's index; checks names and baselines. */
export function buildPairedArms(e: SchemaExperiment, path: string, dir: string, read: ArmReader): PairedArm[] {
  const names = e.arms.map((a) => a.name);
  const dup = names.find((n, i) => names.indexOf(n) !== i);
  if (dup) throw new InputError(`experiment ${path}: arms: the name "${dup}" is used twice`);
  const index = (n: string, where: string) => {
    const i = names.indexOf(n);
    if (i < 0) throw new InputError(`experiment ${path}: ${where}: no arm named "${n}" (arms: ${names.join(', ')})`);
    return i;
  };
  const main = e.baseline !== undefined ? index(e.baseline, 'baseline') : 0;
  // An arm another arm is compared with is a baseline itself (several groups, each with its own).
  const named = new Set(e.arms.flatMap((a, i) => (a.baseline !== undefined ? [index(a.baseline, `arms.${i}.baseline`)] : [])));
  return e.arms.map((a, i) => {
    const { cfg, policies } = read(a, e, dir);
    const own = a.baseline !== undefined ? index(a.baseline, `arms.${i}.baseline`) : named.has(i) ? i : main;
    if (own !== i && e.arms[own]!.baseline !== undefined && e.arms[own]!.baseline !== e.arms[own]!.name) {
      throw new InputError(`experiment ${path}: arms.${i}.baseline: "${e.arms[own]!.name}" is itself compared with another arm; name a baseline arm`);
    }
    return { name: a.name, cfg, policies, baseline: own === i ? -1 : own };
  });
}

/** The outcome fields an experiment compares, checked before anything is played: metrics, negligible and gate keys. */
export function schemaFields(game: GameDefinition, e: SchemaExperiment, path: string): OutcomeFieldDef[] {
  const all = game.outcomeFields!;
  const wanted = e.metrics ?? all.map((f) => f.name);
  const fields: OutcomeFieldDef[] = wanted.map((m) => {
    const f = all.find((x) => x.name === m);
    if (!f) throw new InputError(`experiment ${path}: metrics: "${m}" is not an outcome field of ${game.id} (${all.map((x) => x.name).join(', ')})`);
    return f;
  });
  const twice = wanted.find((m, i) => wanted.indexOf(m) !== i);
  if (twice) throw new InputError(`experiment ${path}: metrics: "${twice}" is listed twice`);
  for (const k of Object.keys(e.negligible)) if (!wanted.includes(k)) throw new InputError(`experiment ${path}: negligible: "${k}" is not one of the metrics`);
  for (const k of Object.keys(e.gate)) if (!wanted.includes(k)) throw new InputError(`experiment ${path}: gate: metric ${k} is gated but not measured (add it to "metrics")`);
  return fields;
}

export const READINGS: Readonly<Record<Reading, string>> = {
  ...READING_MEANINGS,
  'no conclusion': 'every game of the arm equals its baseline\'s in this metric',
};

export interface SchemaComparison extends Comparison {
  arm: string;
  baseline: string;
  metric: string;
  reading: Reading;
  negligible: number;
}

export interface SchemaArmResult {
  name: string;
  baseline: string | null;
  policies: string[];
  identity: Record<string, unknown>;
  metrics: Record<string, Estimate>;
}

export interface SchemaResults {
  format: string;
  game: string;
  name: string;
  description: string | null;
  seed: string;
  gamesPerArm: number;
  confidence: number;
  metrics: { name: string; label: string; kind: 'rate' | 'mean'; negligible: number }[];
  arms: SchemaArmResult[];
  comparisons: SchemaComparison[];
  /** One sentence per comparison that matters (an effect), largest first, then what changed nothing. */
  note: string[];
  perf: { threads: number; seconds: number; gamesPerSecond: number | null };
}

const DEFAULT_NEGLIGIBLE = { rate: 0.01, mean: 0.1 };

export function schemaResults(game: GameDefinition, e: SchemaExperiment, arms: readonly PairedArm[], acc: PairedAccumulator, perf: SchemaResults['perf'], path: string): SchemaResults {
  const all = game.outcomeFields!;
  const fields = schemaFields(game, e, path);
  const z = zFor(0.05);
  const n = acc.games;
  const at = (name: string) => all.findIndex((f) => f.name === name);
  const negligible = (f: OutcomeFieldDef) => e.negligible[f.name] ?? DEFAULT_NEGLIGIBLE[f.kind];
  const armResults: SchemaArmResult[] = arms.map((a, i) => {
    const s = acc.arms[i]!;
    const metrics: Record<string, Estimate> = {};
    for (const f of fields) {
      const k = at(f.name);
      if (f.kind === 'rate') {
        const [low, high] = wilson(s.sum[k]!, n, z);
        metrics[f.name] = { value: n ? s.sum[k]! / n : 0, low, high };
      } else {
        const mean = n ? s.sum[k]! / n : 0;
        const half = z * Math.sqrt(variance(s.sum[k]!, s.sumSq[k]!, n) / Math.max(1, n));
        metrics[f.name] = { value: mean, low: mean - half, high: mean + half };
      }
    }
    return { name: a.name, baseline: a.baseline >= 0 ? arms[a.baseline]!.name : null, policies: a.policies, identity: game.identity(a.cfg), metrics };
  });
  const raw: (Omit<SchemaComparison, 'reading'> & { silent: boolean })[] = [];
  arms.forEach((a, i) => {
    if (a.baseline < 0) return;
    const s = acc.arms[i]!;
    const sb = acc.arms[a.baseline]!;
    for (const f of fields) {
      const k = at(f.name);
      const c = f.kind === 'rate'
        ? pairedRateComparison(acc.b[i]![k]!, acc.c[i]![k]!, n, s.sum[k]!, sb.sum[k]!, z)
        : pairedMean(acc.sumD[i]![k]!, acc.sumD2[i]![k]!, n, z, variance(s.sum[k]!, s.sumSq[k]!, n), variance(sb.sum[k]!, sb.sumSq[k]!, n));
      const silent = acc.sumD2[i]![k]! === 0;
      raw.push({ ...c, arm: a.name, baseline: arms[a.baseline]!.name, metric: f.name, negligible: negligible(f), silent });
    }
  });
  const tested = raw.filter((c) => !c.silent);
  const adjusted = holm(tested.map((c) => c.p));
  tested.forEach((c, j) => {
    c.pHolm = adjusted[j]!;
    c.significantHolm = c.significant && adjusted[j]! < 0.05;
  });
  const comparisons: SchemaComparison[] = raw.map(({ silent, ...c }) => ({
    ...c,
    pHolm: c.pHolm ?? 1,
    significantHolm: c.significantHolm ?? false,
    reading: readingOf(c.diff, c.significantHolm ?? false, c.negligible, silent),
  }));
  const kindOf = new Map(fields.map((f) => [f.name, f] as const));
  const note = [
    ...comparisons.filter((c) => c.reading === 'effect')
      .sort((x, y) => Math.abs(y.diff.value) / y.negligible - Math.abs(x.diff.value) / x.negligible)
      .map((c) => `${c.arm} against ${c.baseline}: ${kindOf.get(c.metric)!.label} ${c.diff.value > 0 ? 'up' : 'down'} ${diffText(kindOf.get(c.metric)!, c.diff)}.`),
    ...arms.filter((a) => a.baseline >= 0 && !comparisons.some((c) => c.arm === a.name && c.reading === 'effect'))
      .map((a) => `${a.name} against ${arms[a.baseline]!.name}: ${noEffectText(comparisons.filter((c) => c.arm === a.name), kindOf)}.`),
  ];
  return {
    format: `${game.id}-experiment/1`, game: game.id, name: e.name, description: e.description ?? null, seed: e.seed, gamesPerArm: n, confidence: 0.95,
    metrics: fields.map((f) => ({ name: f.name, label: f.label, kind: f.kind, negligible: negligible(f) })),
    arms: armResults, comparisons, note, perf,
  };
}

/**
 * An arm without an effect, metric by metric: no change that matters only where the interval rules one
 * out (whether or not a small change is real); where it reaches beyond the negligible size, not clear yet.
 */
export function noEffectText(mine: readonly SchemaComparison[], kindOf: ReadonlyMap<string, OutcomeFieldDef>): string {
  const label = (c: SchemaComparison) => kindOf.get(c.metric)!.label;
  // Settled only where the interval rules out a change of the negligible size (a small but real one may not).
  const settled = mine.filter((c) => (c.reading === 'negligible' || c.reading === 'small') && !stillOpen(c, c.negligible)).map(label);
  const unclear = mine.filter((c) => stillOpen(c, c.negligible)).map(label);
  const same = mine.filter((c) => c.reading === 'no conclusion').map(label);
  return [
    settled.length ? `no change that matters in ${settled.join(', ')}` : '',
    unclear.length ? `no clear change in ${unclear.join(', ')} (more games are needed to rule one out)` : '',
    same.length ? `every game the same as the baseline's in ${same.join(', ')}` : '',
  ].filter(Boolean).join('; ');
}

function variance(sum: number, sumSq: number, n: number): number {
  return n > 1 ? Math.max(0, (sumSq - (sum * sum) / n) / (n - 1)) : 0;
}

/** "+3.1 points [+2.4, +3.8]" for a rate, "-0.21 [-0.25, -0.17]" for a mean. */
export function diffText(f: Pick<OutcomeFieldDef, 'kind'>, d: Estimate): string {
  const scale = f.kind === 'rate' ? 100 : 1;
  const k = f.kind === 'rate' ? 1 : 2;
  const s = (x: number) => {
    const t = (scale * x).toFixed(k);
    return Number(t) === 0 ? t.replace('-', '') : x > 0 ? `+${t}` : t;
  };
  return `${s(d.value)}${f.kind === 'rate' ? ' points' : ''} [${s(d.low)}, ${s(d.high)}]`;
}

/** The gate's record of a run: per arm and metric, the estimate, games and per-game standard deviation. */
export function gateRecord(r: SchemaResults, acc: PairedAccumulator, fingerprint: string): GateBaseline {
  const arms: GateBaseline['arms'] = {};
  const n = acc.games;
  r.arms.forEach((a, i) => {
    arms[a.name] = {};
    for (const m of r.metrics) {
      const k = acc.fields.findIndex((f) => f.name === m.name);
      const s = acc.arms[i]!;
      arms[a.name]![m.name] = { value: a.metrics[m.name]!.value, games: n, sd: Math.sqrt(variance(s.sum[k]!, s.sumSq[k]!, n)) };
    }
  });
  return { format: `${r.game}-gate-baseline/1`, experiment: r.name, fingerprint, gamesPerArm: n, arms };
}
