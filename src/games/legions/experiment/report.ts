// Experiment results: JSON, a CSV for every table, Vega-Lite charts (spec + SVG) and a self-contained
// offline index.html: the verdict first (forest plots and a design note), the Republic over time, the
// definitions of every figure, then the tables. Every file is written atomically.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { shortHash } from '../../../sim/spec.js';
import { enabledVariants } from '../definition.js';
import { writeAtomic } from '../../../sim/files.js';
import { gitCommit, toolVersion } from '../../../report/outputs.js';
import { wilson } from '../../../stats/intervals.js';
import { CAUSES, type Cause, type PairAcc, type SenateMetric, WIN_UNIT } from './accumulator.js';
import { experimentCharts, fieldSuffix, fieldsOf } from './charts.js';
import { METRIC_DEFS, OVER_TIME_DEFS, READING_DEFS, riScale, riScaleText } from '../metric-defs.js';
import { type OverTime, overTime, survivalDifference, type TurnEstimate } from './survival.js';
import { designNote, diffText, type Reading, readingOf, withinBand } from './verdict.js';
import { TRIGGERS } from '../triggers.js';
import { degeneracyWarnings } from '../warnings.js';
import type { VariantName } from '../../../legions/variants.js';
import { paramDocs } from '../../../legions/params.js';
import { type OutOfSeedParam, outOfSeedParams } from '../../../legions/ror/sources.js';
import { SENATE_METRICS } from '../accumulator.js';
import type { ExperimentRun } from './run.js';
import { type Experiment, type Metric } from './schema.js';
import { type Comparison, compare, type Estimate, estimate, holm, isRate, zFor } from './stats.js';
import { pClause, pText } from '../../../experiment/paired.js';

export interface ArmResult {
  name: string;
  /** The arm's own name and the field it played under (when the experiment names fields). */
  base: string;
  field?: string;
  /** The arm it is compared with (its field's baseline). */
  baseline: string;
  x?: number;
  variants: string[];
  policies: string[];
  games: number;
  metrics: Partial<Record<Metric, Estimate>>;
  collapseByTurn: number[];
  /** Games lost to each cause (counts over all games). */
  collapses: Record<Cause, number>;
  /** Survival, fallen by cause and lost per turn, with intervals (survival.ts). */
  overTime: OverTime;
  /** Survival minus the baseline's by turn, paired, with intervals (absent for a baseline). */
  survivalDifference?: TurnEstimate[];
  winRateBySeat: Estimate[];
  winRateByPolicy: (Estimate & { policy: string; games: number })[];
  policyErrors: number;
  /** Win share of the Temporary Consul's faction (a collapse is no win) and how often it kept the Consulship. */
  temporaryConsulWinRate: Estimate;
  consulKeptAllGame: Estimate;
  /** Per-game means of the Senate's business. */
  senate: Record<SenateMetric, Estimate>;
  /** Per variation switched on in this arm: share of games in which it came into play. */
  triggers: Record<string, Estimate>;
  /** Figures that look like a quirk rather than a property of the game (src/games/legions/warnings.ts). */
  warnings: string[];
  /** Parameters of its Republic of Rome modules whose numbers the seeds do not give (ror/sources.ts). */
  outOfSeed: OutOfSeedParam[];
}

export interface ComparisonRow extends Comparison {
  arm: string;
  base: string;
  field?: string;
  baseline: string;
  metric: Metric;
  /** Why no conclusion can be drawn for this arm in this field (its variations never fired, or every game equals the baseline's). */
  silent: string | null;
  /** What the difference means against the metric's negligible size (verdict.ts). */
  reading: Reading;
}

/** Across fields, per arm and metric: robust, field-dependent, no effect, or no conclusion. */
export interface Verdict {
  arm: string;
  metric: Metric;
  verdict: 'robust' | 'field-dependent' | 'no effect' | 'no conclusion';
  text: string;
  perField: { field: string; diff: Estimate; significant: boolean; silent: boolean }[];
}

export interface ExperimentResults {
  name: string;
  description: string;
  players: number;
  seed: string;
  gamesPerArm: number;
  looks: number;
  confidence: number;
  baseline: string;
  metrics: Metric[];
  arms: ArmResult[];
  comparisons: ComparisonRow[];
  headlines: string[];
  /** The fields every arm was played under (empty: the experiment names none). */
  fields: string[];
  verdicts: Verdict[];
  /** Per metric: the largest change that does not matter, and where it comes from. */
  negligible: Partial<Record<Metric, number>>;
  negligibleFrom: Partial<Record<Metric, 'experiment file' | 'gate threshold' | 'default'>>;
  /** The verdict in a few sentences, ranked by effect size (verdict.ts designNote). */
  designNote: string[];
  /** Figures of the whole experiment that limit what it can say (e.g. a cause of collapse that never happened). */
  warnings: string[];
  perf: { threads: number; seconds: number; gamesPerSecond: number };
}

const name = (m: Metric): string => METRIC_DEFS[m].name;

const fmtCI = (m: Metric, e: Estimate): string => (isRate(m) ? `${(100 * e.value).toFixed(1)} % [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]` : `${e.value.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}]`);
const fmtDiff = (m: Metric, e: Estimate): string => (isRate(m) ? `${(100 * e.value).toFixed(1)} points [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]` : `${e.value.toFixed(2)} [${e.low.toFixed(2)}, ${e.high.toFixed(2)}]`);

/** Whether every paired game of an arm equals the baseline's on every metric (no discordant pair, no difference). */
function identicalToBaseline(p: PairAcc): boolean {
  if (p.n === 0) return false;
  for (const v of Object.values(p.b)) if (v) return false;
  for (const v of Object.values(p.c)) if (v) return false;
  for (const v of Object.values(p.sumD2)) if (v) return false;
  return true;
}

function rateEstimate(k: number, n: number, z: number): Estimate {
  const [low, high] = wilson(k, n, z);
  return { value: n ? k / n : 0, low, high };
}

function meanEstimate(sum: number, sumSq: number, n: number, z: number): Estimate {
  if (n === 0) return { value: 0, low: 0, high: 0 };
  const mean = sum / n;
  const v = n > 1 ? Math.max(0, (sumSq - n * mean * mean) / (n - 1)) : 0;
  const h = z * Math.sqrt(v / n);
  return { value: mean, low: mean - h, high: mean + h };
}

const SENATE_LABELS: Record<SenateMetric, string> = {
  motions: 'motions voted', motionsPassed: 'passed', motionsByPresiding: "by the Consul's faction", motionsByOthers: 'by other factions',
  tabledByTribune: 'tabled by tribune', vetoes: 'vetoes', votesBought: 'Talents on votes', unanimousVotes: 'unanimous votes',
  allowanceBinding: 'allowance binding', motionsLapsed: 'lapsed', consulChanges: 'Consulship changes',
};

/** Default sizes of a change too small to matter, per metric (rates in points as fractions). */
const NEGLIGIBLE: Record<Metric, number> = {
  collapse: 0.01, revolt: 0.01, bankruptcy: 0.01, wars: 0.01, finalRI: 0.25, prestigeSpread: 0.5, legionsLost: 0.1,
  warsWon: 0.1, turnsPlayed: 0.1, stateTreasury: 5,
};

export function negligibleOf(e: Experiment, m: Metric): number {
  return e.negligible[m] ?? e.gate[m]?.practical ?? NEGLIGIBLE[m];
}

const negligibleFrom = (e: Experiment, m: Metric): 'experiment file' | 'gate threshold' | 'default' =>
  e.negligible[m] !== undefined ? 'experiment file' : e.gate[m] !== undefined ? 'gate threshold' : 'default';

/** A cause of collapse that ended no game in any arm: every figure about it is 0 and says nothing. */
export function causeWarnings(arms: readonly { collapses: Record<Cause, number>; games: number }[]): string[] {
  const games = arms.reduce((t, a) => t + a.games, 0);
  return CAUSES.filter((c) => arms.every((a) => a.collapses[c] === 0)).map((c) =>
    `${name(c)} never happened: 0 of ${games.toLocaleString('en-US')} games in all ${arms.length} arm${arms.length > 1 ? 's' : ''} ended by ${c}, so nothing here says how the variations affect it (its rates and differences are 0 by default, not by evidence).`);
}

/**
 * One comparison in a sentence: an effect when it survives Holm's adjustment over the report's
 * `comparisons`, else unchanged within the noise. A difference whose own interval excludes 0 but
 * which the adjustment leaves in doubt says so, so that its interval is not read as a contradiction.
 */
export function headline(c: ComparisonRow, from: Estimate, to: Estimate, negligible: number, comparisons: number): string {
  const what = name(c.metric);
  const diff = fmtDiff(c.metric, c.diff);
  if (!c.significantHolm) {
    if (c.significant) {
      return `${c.arm} leaves ${what} without a clear change: ${fmtCI(c.metric, to)} against ${fmtCI(c.metric, from)} for ${c.baseline} (paired difference ${diff}, p ${pClause(c.p)}: its interval excludes 0 on its own, but not once Holm's adjustment for the report's ${comparisons} comparisons is made, adjusted p ${pClause(c.pHolm ?? 1)}).`;
    }
    return `${c.arm} leaves ${what} unchanged within the noise: ${fmtCI(c.metric, to)} against ${fmtCI(c.metric, from)} for ${c.baseline} (paired difference ${diff}).`;
  }
  const verb = c.diff.value < 0 ? 'lowers' : 'raises';
  // A real but trivial change is said to be one, never left to look important; "too small to matter"
  // only when its interval rules out the negligible size too.
  const size = isRate(c.metric) ? `${(100 * negligible).toFixed(1)} points` : `${negligible}`;
  const trivial = c.reading !== 'small' ? ''
    : withinBand(c.diff, negligible) ? `; smaller than the negligible ${size}, so too small to matter`
      : `; its estimate is below the negligible ${size}, but its interval reaches beyond it`;
  return `${c.arm} ${verb} ${what} from ${fmtCI(c.metric, from)} to ${fmtCI(c.metric, to)} (paired difference ${diff}, p ${pClause(c.p)}${trivial}).`;
}

export function buildResults(e: Experiment, run: ExperimentRun): ExperimentResults {
  const z = zFor(run.alpha);
  const docs = new Map(paramDocs().map((d) => [d.key, d]));
  const arms: ArmResult[] = run.arms.map((a, i) => {
    const acc = run.accs[i]!;
    const metrics: Partial<Record<Metric, Estimate>> = {};
    for (const m of e.metrics) metrics[m] = estimate(acc, m, z);
    const byPolicy = Object.keys(acc.gamesByPolicy).sort().map((p) => {
      const w = (acc.winsByPolicy[p] ?? 0) / WIN_UNIT;
      const g = acc.gamesByPolicy[p]!;
      const [low, high] = wilson(w, g, z);
      return { policy: p, games: g, value: w / g, low, high };
    });
    return {
      name: a.name, base: a.base, ...(a.field !== undefined ? { field: a.field } : {}), baseline: run.arms[a.baselineIndex]!.name,
      ...(a.x !== undefined ? { x: a.x } : {}), variants: enabledVariants(a.cfg), policies: a.policies,
      games: acc.n, metrics,
      collapseByTurn: Array.from({ length: a.cfg.params.turns }, (_, t) => (acc.collapseByTurn[t + 1] ?? 0) / acc.n),
      collapses: { revolt: acc.rates.revolt, bankruptcy: acc.rates.bankruptcy, wars: acc.rates.wars },
      overTime: overTime(acc, a.cfg.params.turns, z),
      ...(i !== a.baselineIndex ? { survivalDifference: survivalDifference(run.pairs[i]!, a.cfg.params.turns, z) } : {}),
      winRateBySeat: acc.winsBySeat.map((w) => {
        const [low, high] = wilson(w / WIN_UNIT, acc.n, z);
        return { value: w / WIN_UNIT / acc.n, low, high };
      }),
      winRateByPolicy: byPolicy, policyErrors: acc.policyErrors,
      temporaryConsulWinRate: rateEstimate(acc.tcWins / WIN_UNIT, acc.n, z),
      consulKeptAllGame: rateEstimate(acc.consulKept, acc.n, z),
      senate: Object.fromEntries(SENATE_METRICS.map((m) => [m, meanEstimate(acc.senateSum[m], acc.senateSumSq[m], acc.n, z)])) as Record<SenateMetric, Estimate>,
      triggers: Object.fromEntries(enabledVariants(a.cfg).map((v) => [v, rateEstimate(acc.fired[v] ?? 0, acc.n, z)])),
      warnings: degeneracyWarnings({
        games: acc.n, survived: acc.n - acc.rates.collapse, players: a.cfg.players, seatWins: acc.winsBySeat.map((w) => w / WIN_UNIT),
        policyWins: Object.keys(acc.gamesByPolicy).sort().map((p) => ({ policy: p, wins: (acc.winsByPolicy[p] ?? 0) / WIN_UNIT, seatGames: acc.gamesByPolicy[p]! })),
        temporaryConsulWins: acc.tcWins / WIN_UNIT, motions: acc.senateSum.motions, unanimousVotes: acc.senateSum.unanimousVotes,
      }),
      outOfSeed: outOfSeedParams(a.cfg.variants, a.cfg.params as unknown as Record<string, unknown>, docs),
    };
  });
  // An arm whose own variations never fired, or whose games all equal the baseline's, supports no conclusion.
  const silent = (i: number): string | null => {
    const arm = arms[i]!;
    const b = run.arms[i]!.baselineIndex;
    const where = arm.field ? ` in the ${arm.field} field` : ' in this field';
    const own = arm.variants.filter((v) => !arms[b]!.variants.includes(v));
    const never = own.filter((v) => (run.accs[i]!.fired[v] ?? 0) === 0);
    if (own.length && never.length === own.length) return `${arm.name}: ${never.join(', ')} never came into play${where} (${never.map((v) => TRIGGERS[v as VariantName].what).join('; ')}: in no game), so no conclusion about it can be drawn here.`;
    if (identicalToBaseline(run.pairs[i]!)) return `${arm.name}: every game was identical to ${arms[b]!.name}'s, so no conclusion about it can be drawn here.`;
    return null;
  };
  const comparisons: ComparisonRow[] = [];
  run.arms.forEach((a, i) => {
    if (i === a.baselineIndex) return;
    const why = silent(i);
    for (const m of e.metrics) {
      comparisons.push({
        arm: a.name, base: a.base, ...(a.field !== undefined ? { field: a.field } : {}), baseline: run.arms[a.baselineIndex]!.name, metric: m,
        silent: why, ...compare(run.accs[i]!, run.accs[a.baselineIndex]!, run.pairs[i]!, m, z), reading: 'no conclusion',
      });
    }
  });
  // Multiplicity: Holm over every comparison that can say something; an effect is reported as one only
  // when its interval excludes 0 and it survives the adjustment.
  const live = comparisons.filter((c) => c.silent === null);
  const adjusted = holm(live.map((c) => c.p));
  live.forEach((c, i) => {
    c.pHolm = adjusted[i]!;
    c.significantHolm = c.significant && adjusted[i]! < run.alpha;
  });
  for (const c of comparisons) c.reading = readingOf(c.diff, c.significantHolm ?? false, negligibleOf(e, c.metric), c.silent !== null);
  const said = new Set<string>();
  const headlines = comparisons.flatMap((c) => {
    if (c.silent !== null) {
      if (said.has(c.arm)) return [];
      said.add(c.arm);
      return [c.silent];
    }
    const from = arms.find((x) => x.name === c.baseline)!.metrics[c.metric]!;
    const to = arms.find((x) => x.name === c.arm)!.metrics[c.metric]!;
    return [headline(c, from, to, negligibleOf(e, c.metric), live.length)];
  });
  const fields = [...new Set(run.arms.flatMap((a) => (a.field !== undefined ? [a.field] : [])))];
  const vs = fields.length ? verdicts(e, comparisons) : [];
  const negligible = Object.fromEntries(e.metrics.map((m) => [m, negligibleOf(e, m)])) as Partial<Record<Metric, number>>;
  const baseName = run.arms[run.baseline]!.base;
  const note = comparisons.length ? designNote({
    baseline: baseName, fields, metrics: [...e.metrics], negligible, comparisons, verdicts: vs,
    arms: arms.map((a) => {
      const b = arms.find((x) => x.name === a.baseline)!;
      const T = a.overTime.survival.length - 1;
      return {
        name: a.name, base: a.base, ...(a.field !== undefined ? { field: a.field } : {}),
        own: a.variants.filter((v) => !b.variants.includes(v)).map((v) => ({ variant: v, share: a.triggers[v]!.value })),
        fell: { collapse: 1 - a.overTime.survival[T]!.value, revolt: a.overTime.fallenBy.revolt[T]!.value, bankruptcy: a.overTime.fallenBy.bankruptcy[T]!.value, wars: a.overTime.fallenBy.wars[T]!.value },
      };
    }),
  }) : [];
  return {
    name: e.name, description: e.description ?? '', players: e.players, seed: e.seed, gamesPerArm: run.games, looks: run.looks,
    confidence: 1 - run.alpha, baseline: baseName, metrics: [...e.metrics], arms, comparisons, headlines,
    fields, verdicts: vs, negligible,
    negligibleFrom: Object.fromEntries(e.metrics.map((m) => [m, negligibleFrom(e, m)])),
    designNote: note, warnings: causeWarnings(arms),
    perf: { threads: run.threads, seconds: Math.round(run.seconds * 100) / 100, gamesPerSecond: Math.round((run.games * run.arms.length) / Math.max(run.seconds, 1e-9)) },
  };
}

/**
 * Robustness across fields, per arm and metric: no effect (in no field both significant and at least
 * the negligible size, so a consistent but trivial change is no effect), robust (otherwise, significant
 * with the same sign in every field where the arm came into play), field-dependent (anything else:
 * the text says where it goes which way).
 */
export function verdicts(e: Experiment, comparisons: readonly ComparisonRow[]): Verdict[] {
  const out: Verdict[] = [];
  const keys = [...new Set(comparisons.map((c) => `${c.base}\u0000${c.metric}`))];
  for (const key of keys) {
    const [arm, metric] = key.split('\u0000') as [string, Metric];
    const rows = comparisons.filter((c) => c.base === arm && c.metric === metric);
    const perField = rows.map((c) => ({ field: c.field ?? '', diff: c.diff, significant: c.significantHolm ?? c.significant, silent: c.silent !== null }));
    const live = perField.filter((p) => !p.silent);
    const small = negligibleOf(e, metric);
    const what = name(metric);
    const fmt = (p: (typeof perField)[number]) => `${p.field} ${fmtDiff(metric, p.diff)}`;
    let verdict: Verdict['verdict'];
    let text: string;
    if (live.length === 0) {
      verdict = 'no conclusion';
      text = `${arm}: ${what}: never came into play, or identical to the baseline, in every field.`;
    } else if (live.every((p) => !p.significant || Math.abs(p.diff.value) < small)) {
      verdict = 'no effect';
      const size = isRate(metric) ? `${(100 * small).toFixed(1)} points` : `${small}`;
      // Said to be absent only where every interval stays within the negligible size; else it is not clear.
      const open = live.some((p) => !withinBand(p.diff, small));
      text = open
        ? `${arm}: no clear effect on ${what} in any field (an interval reaches beyond ${size}, so an effect that size is not ruled out): ${live.map(fmt).join('; ')}.`
        : `${arm}: no effect on ${what} larger than ${size} in any field: ${live.map(fmt).join('; ')}.`;
    } else if (live.every((p) => p.significant) && (live.every((p) => p.diff.value > 0) || live.every((p) => p.diff.value < 0))) {
      verdict = 'robust';
      text = `${arm} ${live[0]!.diff.value > 0 ? 'raises' : 'lowers'} ${what} in every field: ${live.map(fmt).join('; ')}.`;
    } else {
      verdict = 'field-dependent';
      const up = live.filter((p) => p.significant && p.diff.value > 0).map((p) => p.field);
      const down = live.filter((p) => p.significant && p.diff.value < 0).map((p) => p.field);
      const none = live.filter((p) => !p.significant).map((p) => p.field);
      const parts = [up.length ? `raises it with ${up.join(', ')}` : '', down.length ? `lowers it with ${down.join(', ')}` : '', none.length ? `no change that survives Holm's adjustment with ${none.join(', ')}` : ''].filter(Boolean);
      text = `${arm}: ${what} depends on who plays: ${parts.join('; ')} (${live.map(fmt).join('; ')}).`;
    }
    const silentFields = perField.filter((p) => p.silent).map((p) => p.field);
    if (silentFields.length && live.length) text += ` Never came into play with ${silentFields.join(', ')}.`;
    out.push({ arm, metric, verdict, text, perField });
  }
  return out;
}

// ---- tables as CSV ----
const csv = (rows: (string | number)[][]): string => rows.map((r) => r.map((x) => (typeof x === 'string' && /[",\n]/.test(x) ? `"${x.replace(/"/g, '""')}"` : String(x))).join(',')).join('\n') + '\n';
/** A value's unit in the CSVs (rates stay fractions there, as they always were). */
const csvUnit = (m: Metric): string => (isRate(m) ? 'share of games (0-1)' : METRIC_DEFS[m].unit);
const csvDiffUnit = (m: Metric): string => (isRate(m) ? 'difference in share of games (0-1; x100 = points)' : METRIC_DEFS[m].diffUnit);

export function tables(r: ExperimentResults): Record<string, string> {
  const out: Record<string, string> = {};
  out['metrics.csv'] = csv([['arm', 'x', 'metric', 'value', 'low', 'high', 'games', 'unit'],
    ...r.arms.flatMap((a) => r.metrics.map((m) => [a.name, a.x ?? '', m, a.metrics[m]!.value, a.metrics[m]!.low, a.metrics[m]!.high, a.games, csvUnit(m)]))]);
  // One row per arm, a column (and its interval) per metric, named by the metric definitions.
  out['arms.csv'] = csv([['arm', 'field', 'x', 'games', ...r.metrics.flatMap((m) => [METRIC_DEFS[m].csv, `${METRIC_DEFS[m].csv}_low`, `${METRIC_DEFS[m].csv}_high`])],
    ...r.arms.map((a) => [a.base, a.field ?? '', a.x ?? '', a.games, ...r.metrics.flatMap((m) => [a.metrics[m]!.value, a.metrics[m]!.low, a.metrics[m]!.high])])]);
  out['comparisons.csv'] = csv([['arm', 'baseline', 'metric', 'difference', 'low', 'high', 'p', 'p_holm', 'significant', 'significant_holm', 'variance_reduction', 'reading', 'negligible', 'unit'],
    ...r.comparisons.map((c) => [c.arm, c.baseline, c.metric, c.diff.value, c.diff.low, c.diff.high, c.p, c.pHolm ?? '', c.significant ? 1 : 0, c.significantHolm ? 1 : 0, c.varianceReduction ?? '', c.reading, r.negligible[c.metric] ?? '', csvDiffUnit(c.metric)])]);
  out['seats.csv'] = csv([['arm', 'seat', 'win_rate', 'low', 'high'], ...r.arms.flatMap((a) => a.winRateBySeat.map((w, s) => [a.name, s, w.value, w.low, w.high]))]);
  out['policies.csv'] = csv([['arm', 'policy', 'seat_games', 'win_rate', 'low', 'high'],
    ...r.arms.flatMap((a) => a.winRateByPolicy.map((w) => [a.name, w.policy, w.games, w.value, w.low, w.high]))]);
  // Shares of all games lost in each turn: in all (with its interval) and per cause.
  out['collapse-by-turn.csv'] = csv([['arm', 'turn', 'collapse', 'low', 'high', ...CAUSES],
    ...r.arms.flatMap((a) => a.overTime.lostIn.map((l, t) => [a.name, l.turn, a.collapseByTurn[t]!, l.low, l.high,
      ...CAUSES.map((c) => a.overTime.fallenBy[c][l.turn]!.value - a.overTime.fallenBy[c][l.turn - 1]!.value)]))]);
  out['survival.csv'] = csv([['arm', 'turn', 'survival', 'survival_low', 'survival_high', ...CAUSES.flatMap((c) => [`fallen_${c}`, `fallen_${c}_low`, `fallen_${c}_high`])],
    ...r.arms.flatMap((a) => a.overTime.survival.map((s) => [a.name, s.turn, s.value, s.low, s.high,
      ...CAUSES.flatMap((c) => [a.overTime.fallenBy[c][s.turn]!.value, a.overTime.fallenBy[c][s.turn]!.low, a.overTime.fallenBy[c][s.turn]!.high])]))]);
  out['survival-difference.csv'] = csv([['arm', 'baseline', 'turn', 'difference', 'low', 'high'],
    ...r.arms.flatMap((a) => (a.survivalDifference ?? []).map((d) => [a.name, a.baseline, d.turn, d.value, d.low, d.high]))]);
  if (r.verdicts.length) {
    out['verdicts.csv'] = csv([['arm', 'metric', 'verdict', 'field', 'difference', 'low', 'high', 'significant', 'came_into_play'],
      ...r.verdicts.flatMap((v) => v.perField.map((p) => [v.arm, v.metric, v.verdict, p.field, p.diff.value, p.diff.low, p.diff.high, p.significant ? 1 : 0, p.silent ? 0 : 1]))]);
  }
  out['triggers.csv'] = csv([['arm', 'variation', 'fired_share', 'low', 'high'], ...r.arms.flatMap((a) => Object.entries(a.triggers).map(([v, e]) => [a.name, v, e.value, e.low, e.high]))]);
  out['senate.csv'] = csv([['arm', 'metric', 'value', 'low', 'high'], ...r.arms.flatMap((a) => [
    [a.name, 'temporary_consul_faction_win_rate', a.temporaryConsulWinRate.value, a.temporaryConsulWinRate.low, a.temporaryConsulWinRate.high],
    [a.name, 'consul_kept_all_game', a.consulKeptAllGame.value, a.consulKeptAllGame.low, a.consulKeptAllGame.high],
    ...SENATE_METRICS.map((m) => [a.name, `${m.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())}_per_game`, a.senate[m].value, a.senate[m].low, a.senate[m].high]),
  ])]);
  out['definitions.csv'] = csv([['metric', 'csv_name', 'label', 'unit', 'difference_unit', 'over', 'counts', 'negligible'],
    ...glossaryMetrics(r).map((m) => [m, METRIC_DEFS[m].csv, METRIC_DEFS[m].label, METRIC_DEFS[m].unit, METRIC_DEFS[m].diffUnit, METRIC_DEFS[m].over, METRIC_DEFS[m].counts, r.negligible[m as Metric] ?? ''])]);
  const seedless = r.arms.flatMap((a) => a.outOfSeed.map((o) => [a.name, o.module, o.param, o.value, o.isDefault ? 1 : 0, o.source]));
  if (seedless.length) out['out-of-seed.csv'] = csv([['arm', 'module', 'parameter', 'value', 'is_default', 'source'], ...seedless]);
  if (r.designNote.length) out['design-note.txt'] = r.designNote.join('\n') + '\n';
  return out;
}

/** The metrics the glossary defines: the report's own, collapse and every cause, and both Prestige figures. */
function glossaryMetrics(r: ExperimentResults): (keyof typeof METRIC_DEFS)[] {
  const set = new Set<keyof typeof METRIC_DEFS>(['collapse', ...CAUSES, ...r.metrics, 'prestigeSpread', 'winnerMargin']);
  return (Object.keys(METRIC_DEFS) as (keyof typeof METRIC_DEFS)[]).filter((k) => set.has(k));
}

// ---- HTML ----
const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** "95 %", or "99.9939 %" after several looks: enough digits that it never rounds to 100. */
export function confidenceLabel(confidence: number): string {
  const a = 100 * (1 - confidence);
  const digits = a >= 1 ? 1 : Math.min(8, Math.ceil(-Math.log10(a)) + 1);
  return `${(100 - a).toFixed(digits)} %`;
}

/** What the report's games were, from the run itself (never the file's own prose, which may be stale). */
export function whatWasRun(r: ExperimentResults): string {
  const bases = [...new Set(r.arms.map((a) => a.base))];
  const arms = bases.map((b) => {
    const a = r.arms.find((x) => x.base === b)!;
    return `${b}${a.variants.length ? ` (${a.variants.join(', ')})` : ''}`;
  });
  const who = r.fields.length ? `under the fields ${r.fields.join(', ')}` : `with ${[...new Set(r.arms[0]!.policies)].join(', ')}`;
  return `What was run: ${r.arms.length} arm${r.arms.length > 1 ? 's' : ''} — ${arms.join('; ')} — ${who}, ${r.players} players, ${r.gamesPerArm.toLocaleString('en-US')} games each.`;
}

function htmlTable(head: string[], rows: string[][], cls = ''): string {
  return `<table${cls ? ` class="${cls}"` : ''}><thead><tr>${head.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${esc(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`;
}

const negText = (m: Metric, x: number | undefined): string => (x === undefined ? '-' : isRate(m) ? `${(100 * x).toFixed(1)} points` : `${x} ${METRIC_DEFS[m].diffUnit}`);

function glossary(r: ExperimentResults): string {
  const defs = glossaryMetrics(r).map((k) => {
    const d = METRIC_DEFS[k];
    const m = k as Metric;
    const neg = r.negligible[m] !== undefined ? `${negText(m, r.negligible[m])} (${r.negligibleFrom[m]})` : k === 'winnerMargin' ? 'reported by simulate' : 'not compared here';
    return [`${d.label} (${d.key})`, d.counts, d.over, `${d.unit}; differences in ${d.diffUnit}`, neg];
  });
  const ri = riScale();
  return `<section id="glossary"><h2>Definitions</h2>
<p>Every figure of this report, of <code>legions simulate</code> and of the CSV headers comes from one table of definitions (<code>src/games/legions/metric-defs.ts</code>). A <b>rate</b> is a share of games, shown in %; a difference between two rates is in <b>percentage points</b> (37.6 % to 32.9 % is −4.7 points). Every arm plays the same game seeds as its <b>baseline</b> (the baseline arm of its own field), so a <b>paired difference</b> compares the two game by game. A <b>field</b> is who plays (a policy per seat). The <b>negligible size</b> is the largest change that does not matter for design: from the experiment file's <code>negligible</code>, else the metric's gate threshold, else a default.</p>
${htmlTable(['Metric', 'What it counts', 'Over', 'Unit', 'Negligible change'], defs, 'defs')}
<h3>Over time</h3>
${htmlTable(['Figure', 'What it counts'], Object.values(OVER_TIME_DEFS).map((d) => [d.title, d.counts]), 'defs')}
<h3>Reading an effect</h3>
<p>An effect is <b>significant</b> when its ${confidenceLabel(r.confidence)} interval excludes 0 and its p-value survives Holm's adjustment over the report's comparisons. The verdict then weighs it against the negligible size:</p>
${htmlTable(['Reading', 'Meaning'], Object.entries(READING_DEFS).map(([k, v]) => [k, v]), 'defs')}
<p>Across fields, per arm and metric: <b>robust</b>: the same direction, significant, in every field where the arm came into play, and at least the negligible size somewhere; <b>no effect</b>: in no field both significant and at least the negligible size; <b>field-dependent</b>: anything else, which says as much about the players as about the rules; <b>no conclusion</b>: the variation never came into play (its trigger never fired) or every game equals the baseline's.</p>
<h3 id="ri-scale">The Revolution Index scale</h3>
<p>${esc(riScaleText())}</p>
${htmlTable(['RI', 'Chance of a revolt this turn (Consul\'s Prestige 0)', 'Expected RI rise from the State of the Republic, when there is no revolt'], ri.map((x) => [String(x.ri), `${(100 * x.revolt).toFixed(0)} %`, x.rise === null ? '-' : x.rise.toFixed(2)]))}
<p><a href="definitions.csv">definitions.csv</a></p>
</section>`;
}

export function html(r: ExperimentResults, svgs: Record<string, string>, manifest: unknown): string {
  const pct = (e: Estimate) => `${(100 * e.value).toFixed(1)} % [${(100 * e.low).toFixed(1)}, ${(100 * e.high).toFixed(1)}]`;
  const metricRows = r.arms.map((a) => [a.name, String(a.games), ...r.metrics.map((m) => fmtCI(m, a.metrics[m]!)), String(a.policyErrors)]);
  const fp = (p: number | undefined) => (p === undefined ? '-' : pText(p));
  const compRows = r.comparisons.map((c) => [c.arm, METRIC_DEFS[c.metric].label, diffText(c.metric, c.diff), fp(c.p), fp(c.pHolm), c.silent !== null ? 'no conclusion' : c.significantHolm ? 'yes' : 'no', c.reading, c.varianceReduction !== null ? `${c.varianceReduction.toFixed(1)}x` : '-']);
  const seatRows = r.arms.map((a) => [a.name, ...a.winRateBySeat.map(pct)]);
  const polRows = r.arms.flatMap((a) => a.winRateByPolicy.map((w) => [a.name, w.policy, String(w.games), pct(w)]));
  const triggerRows = r.arms.flatMap((a) => Object.entries(a.triggers).map(([v, e]) => [a.name, v, TRIGGERS[v as VariantName].what, pct(e)]));
  const senateRows = r.arms.map((a) => [a.name, pct(a.temporaryConsulWinRate), pct(a.consulKeptAllGame), ...SENATE_METRICS.map((m) => a.senate[m].value.toFixed(2))]);
  const fig = (name: string) => (svgs[name] ? `<figure id="chart-${name}">${svgs[name]}<figcaption><a href="charts/${name}.vl.json">Vega-Lite spec</a></figcaption></figure>` : '');
  const fields = fieldsOf(r);
  const warnings = [...r.warnings, ...r.arms.flatMap((a) => a.warnings.map((w) => `${a.name}: ${w}`))];
  const conf = confidenceLabel(r.confidence);
  const seedless = r.arms.flatMap((a) => a.outOfSeed.map((o) => [a.name, o.module, o.param, o.value + (o.isDefault ? '' : ' (set by the run)'), o.source]));
  const seedlessArms = r.arms.filter((a) => a.outOfSeed.length).length;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>LEGIONS experiment: ${esc(r.name)}</title>
<style>body{font-family:"DejaVu Sans",Verdana,sans-serif;max-width:1240px;margin:1.5em auto;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.6em;margin-bottom:.2em}h2{border-bottom:1px solid #ccc;padding-bottom:.2em;margin-top:2em}
table{border-collapse:collapse;margin:1em 0}th,td{border:1px solid #bbb;padding:.25em .6em;text-align:right;vertical-align:top}th:first-child,td:first-child{text-align:left}
table.defs td{text-align:left}figure{margin:1.5em 0}li{margin:.3em 0}pre{background:#f4f4f4;padding:1em;overflow:auto}
#verdict{background:#fafaf7;border:1px solid #ddd;border-radius:6px;padding:.2em 1.2em 1em}#verdict h2{margin-top:.6em}
ol.note{font-size:1.05em}ol.note li{margin:.5em 0}.quiet{color:#555;font-size:.92em}</style></head>
<body>
<h1>LEGIONS experiment: ${esc(r.name)}</h1>
<section id="verdict">
<h2>Verdict</h2>
<p>${esc(whatWasRun(r))} Baseline <b>${esc(r.baseline)}</b>${r.fields.length ? ' of each field' : ''}; ${conf} intervals.</p>
${r.designNote.length ? `<ol class="note">${r.designNote.map((x) => `<li>${esc(x)}</li>`).join('')}</ol>
<p class="quiet">Ranked by each arm's largest effect, measured in its metric's negligible size; effects below the negligible size are left out as too small to matter. The same text: <a href="design-note.txt">design-note.txt</a>.</p>` : `<p>One arm${r.fields.length ? ' per field' : ''}: there is nothing to compare it with, so no verdict; its figures follow.</p>`}
${r.comparisons.length ? `<p class="quiet">How to read the plots: one per field; each row is an arm, each mark its paired difference from the baseline on the same games with its ${conf} interval. Collapse and each of its causes share one scale in percentage points; every other metric has its own panel in its own unit. The grey band is the change too small to matter (see <a href="#glossary">Definitions</a>); a filled mark is an effect that matters, a hollow one is none or not clear.</p>` : ''}
${fields.map((f) => fig(`verdict${fieldSuffix(f)}`)).join('\n')}
${seedlessArms ? `<p class="quiet">${seedlessArms} arm${seedlessArms > 1 ? 's play' : ' plays'} Republic of Rome modules with numbers the seeds do not give (from the design study or an outside source): see <a href="#out-of-seed">Numbers not in the seeds</a>.</p>` : ''}
</section>
${warnings.length ? `<section id="warnings"><h2>Warnings</h2>
<p>Figures that limit what this report can say, or that usually reveal a quirk of the players or the engine rather than a property of the game; check them before reading an effect.</p>
<ul>${warnings.map((w) => `<li>${esc(w)}</li>`).join('')}</ul></section>` : ''}
<section id="survival"><h2>Over time</h2>
<p>How long the Republic stands, per arm: the share of games still standing after each turn, the share fallen to each cause by then, and the arm's survival minus its baseline's on the same games, turn by turn, all with ${conf} intervals${r.fields.length ? ', field by field' : ''}.</p>
${fields.map((f) => ['survival', 'fallen-by-cause', 'survival-difference'].map((c) => fig(`${c}${fieldSuffix(f)}`)).join('\n')).join('\n')}
${fig('collapse-by-turn')}
<p><a href="survival.csv">survival.csv</a>, <a href="survival-difference.csv">survival-difference.csv</a>, <a href="collapse-by-turn.csv">collapse-by-turn.csv</a></p>
</section>
${r.verdicts.length ? `<section id="across-fields"><h2>Across fields</h2>
<p>Every arm was played under each field (${r.fields.map(esc).join(', ')}) on the same game seeds and compared with the baseline of the same field. <b>Robust</b>: significant with the same sign in every field where the arm came into play, and at least the negligible size somewhere; <b>no effect</b>: nowhere both significant and at least the negligible size; <b>field-dependent</b>: anything else, which is a statement about the players as much as about the rules.</p>
${htmlTable(['Arm', 'Metric', 'Verdict', 'Across the fields'], r.verdicts.map((v) => [v.arm, METRIC_DEFS[v.metric].label, v.verdict, v.text]))}
<p><a href="verdicts.csv">verdicts.csv</a></p></section>` : ''}
<section id="headlines"><h2>Headlines</h2>
<p class="quiet">Every comparison in the experiment's order, one sentence each.</p>
<ul>${r.headlines.map((h) => `<li>${esc(h)}</li>`).join('')}</ul></section>
<section id="metrics"><h2>Metrics by arm</h2>
${htmlTable(['Arm', 'Games', ...r.metrics.map((m) => `${METRIC_DEFS[m].label} (${isRate(m) ? '%' : METRIC_DEFS[m].unit})`), 'Policy errors'], metricRows)}
<p><a href="metrics.csv">metrics.csv</a>, <a href="arms.csv">arms.csv</a></p>
${r.metrics.map((m) => fig(`metric-${m}`)).join('\n')}</section>
${r.comparisons.length ? `<section id="comparisons"><h2>Paired comparisons with ${esc(r.baseline)}</h2>
${htmlTable(['Arm', 'Metric', 'Difference (arm - baseline)', 'p', 'p after Holm', 'Significant', 'Reading', 'Variance reduction from pairing'], compRows)}
<p>Rate differences carry the interval that matches McNemar's test on the discordant games: exact (Clopper-Pearson on the discordant games) up to 50 of them, Tango's score interval above; means a paired z-test on per-game differences. An effect counts as significant when its interval excludes 0 <em>and</em> its p-value survives Holm's adjustment for the ${r.comparisons.filter((c) => c.silent === null).length} comparisons of this report (the raw p is in comparisons.csv). The variance reduction is the variance the difference would have if the arms were played on independent seeds, over its paired variance. <a href="comparisons.csv">comparisons.csv</a></p>
${fig('paired-differences')}</section>` : ''}
<section id="seats"><h2>Seats and policies</h2>
${htmlTable(['Arm', ...r.arms[0]!.winRateBySeat.map((_, s) => `Seat ${s}`)], seatRows)}
${fig('win-rate-by-seat')}
${htmlTable(['Arm', 'Policy', 'Seat-games', 'Win rate'], polRows)}
<p><a href="seats.csv">seats.csv</a>, <a href="policies.csv">policies.csv</a></p></section>
<section id="senate"><h2>The Senate and fairness</h2>
<p>Win share of the faction that held the Temporary Consul (fair share ${(100 / r.players).toFixed(1)} % of surviving games; a collapse is no win), how often it kept the Consulship all game, and the Senate's business per game.</p>
${htmlTable(['Arm', "Temporary Consul's faction wins", 'Consulship kept all game', ...SENATE_METRICS.map((m) => SENATE_LABELS[m])], senateRows)}
<p><a href="senate.csv">senate.csv</a></p></section>
${triggerRows.length ? `<section id="triggers"><h2>Did each variation come into play?</h2>
<p>Share of games in which each variation switched on in an arm actually fired. A variation that never fired leaves its arm's games as the base game's: read no effect from it.</p>
${htmlTable(['Arm', 'Variation', 'What counts', 'Games where it fired'], triggerRows)}
<p><a href="triggers.csv">triggers.csv</a></p></section>` : ''}
${seedless.length ? `<section id="out-of-seed"><h2>Numbers not in the seeds</h2>
<p>Per arm, every parameter of its Republic of Rome modules whose number the source documents do not give, its value in this run and where that number comes from (<code>src/legions/ror/sources.ts</code>; docs/rules.md gives the readings). An effect of such an arm holds for these numbers, not for Republic of Rome as printed.</p>
${htmlTable(['Arm', 'Module', 'Parameter', 'Value', 'Where the number comes from'], seedless, 'defs')}
<p><a href="out-of-seed.csv">out-of-seed.csv</a></p></section>` : ''}
${glossary(r)}
<section id="run"><h2>What was run</h2>
<p>${esc(whatWasRun(r))}</p>
<p>${r.players} players; ${r.gamesPerArm.toLocaleString('en-US')} games per arm, every arm on the same game seeds (seed "${esc(r.seed)}", common random numbers); baseline <b>${esc(r.baseline)}</b>; ${conf} intervals${r.looks > 1 ? ` after ${r.looks} looks (alpha spent at 0.05 / 2^k per look)` : ''}.</p>
<h3>Manifest</h3>
<pre>${esc(JSON.stringify(manifest, null, 2))}</pre></section>
</body></html>
`;
}

export async function writeReport(dir: string, e: Experiment, r: ExperimentResults): Promise<string[]> {
  const { renderSvg } = await import('../../../report/render.js');
  mkdirSync(join(dir, 'charts'), { recursive: true });
  const files: string[] = [];
  const put = (name: string, data: string) => {
    writeAtomic(join(dir, name), data);
    files.push(name);
  };
  for (const [name, text] of Object.entries(tables(r))) put(name, text);
  const svgs: Record<string, string> = {};
  for (const [name, spec] of Object.entries(experimentCharts(r))) {
    put(`charts/${name}.vl.json`, JSON.stringify(spec, null, 2) + '\n');
    svgs[name] = await renderSvg(spec);
    put(`charts/${name}.svg`, svgs[name]);
  }
  const { perf, ...stable } = r;
  put('results.json', JSON.stringify({ ...stable, perf }, null, 2) + '\n');
  const manifest = {
    tool: 'legions', version: toolVersion(), gitCommit: gitCommit(), command: 'experiment', experiment: e.name,
    experimentHash: shortHash(e), seed: e.seed, players: e.players, gamesPerArm: r.gamesPerArm,
    arms: r.arms.map((a) => ({ name: a.name, variants: a.variants, policies: a.policies })),
    threads: perf.threads, throughput: { seconds: perf.seconds, gamesPerSecond: perf.gamesPerSecond },
  };
  put('manifest.json', JSON.stringify(manifest, null, 2) + '\n');
  put('index.html', html(r, svgs, manifest));
  return files;
}
