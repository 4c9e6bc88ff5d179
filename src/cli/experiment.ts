// legions experiment FILE and legions check FILE --baseline B: compare arms on common random numbers,
// write the report, and gate balance drift in CI.
import { rmSync } from 'node:fs';
import { dirname, isAbsolute, join } from 'node:path';
import type { CommandModule } from 'yargs';
import { z } from 'zod';
import { readJsonInput } from '../core/input.js';
import { type Arm, buildArms } from '../games/legions/experiment/arms.js';
import { type ExperimentFingerprint, experimentFingerprint, fingerprintMismatch, resumeIdentity, resumeMismatch } from '../games/legions/experiment/fingerprint.js';
import { buildResults, type ExperimentResults, writeReport } from '../games/legions/experiment/report.js';
import { EXPERIMENT_CHECKPOINT, type ExperimentState, readExperimentCheckpoint, writeExperimentCheckpoint } from '../games/legions/experiment/resume.js';
import { type ExperimentRun, runExperiment } from '../games/legions/experiment/run.js';
import { type Experiment, experimentJsonSchema, loadExperiment, type Metric, resolveFrom } from '../games/legions/experiment/schema.js';
import { isRate, zFor } from '../games/legions/experiment/stats.js';
import { InputError } from '../core/errors.js';
import { claimOutputs } from '../sim/claim.js';
import { writeAtomic } from '../sim/files.js';
import { checkOutputDir, checkOutputFile, type InputPath } from '../sim/paths.js';
import { Progress } from '../sim/progress.js';
import { defaultThreads } from '../sim/runner.js';
import { Interrupted, runSession } from '../sim/session.js';
import { pairedGame } from '../sim/paired.js';
import { getGame } from '../games/index.js';
import { buildPairedArms, gateRecord, parseSchemaExperiment, schemaExperimentSchema, schemaFields, schemaResults } from '../experiment/schema-experiment.js';
import { type GateBaseline, gateBaselineSchema, type GateRow, gateRows, reportGate } from '../experiment/gate.js';
import { runPool } from '../sim/runner.js';
import { shortHash } from '../sim/spec.js';
import { writeSchemaReport } from '../experiment/schema-report.js';
import { signalExitCode, StopSignals } from '../sim/signals.js';
import { cleanPreviousOutputs, writeTransaction } from '../sim/transaction.js';
import { intInRange, MAX_GAMES, threadsInRange } from './args.js';
import { checkVariantList, checkWeightFiles } from './options.js';
import { FIELD_NAMES } from '../../policies/fields.js';

interface ExpArgs {
  file: string;
  /** --game: the game the file must be of when given (the file names its own; default legions). */
  game?: string;
  field?: string;
  out?: string;
  threads?: number;
  games?: number;
  quiet: boolean;
  json: boolean;
  resume?: boolean;
  checkpoint?: number;
}

/** The most arms a sweep may make (and what arms.ts enforces after generating them). */
const MAX_SWEEP = 200;

/** What an experiment writes in its --out folder. */
const EXPERIMENT_OUTPUTS = ['checkpoint.json', 'accumulator.json', 'design-note.txt', 'results.json', 'metrics.csv', 'comparisons.csv', 'seats.csv', 'policies.csv', 'collapse-by-turn.csv', 'manifest.json', 'index.html', 'charts', EXPERIMENT_CHECKPOINT];

/**
 * Checks of an experiment file beyond its schema, made before any arm is built: a name that is a
 * folder name of its own, sweeps that make a sane number of distinct values, variant lists without
 * empty or repeated names, and the board and weight files it names read as files.
 */
function checkExperiment(e: Experiment & { dir: string }, file: string): InputPath[] {
  const where = `experiment ${file}`;
  if (/^\.+$/.test(e.name)) throw new InputError(`${where}: name: "${e.name}" is not a usable name (it names a folder above the reports)`);
  checkVariantList(e.variants, `${where}: variants`);
  e.arms.forEach((a, i) => checkVariantList(a.variants ?? [], `${where}: arms.${i}.variants`));
  const s = e.sweep;
  if (s) {
    if (s.values) {
      if (s.values.length > MAX_SWEEP) throw new InputError(`${where}: sweep.values: ${s.values.length} values; at most ${MAX_SWEEP}`);
      const twice = s.values.find((v, i) => s.values!.indexOf(v) !== i);
      if (twice !== undefined) throw new InputError(`${where}: sweep.values: ${twice} is listed twice`);
    } else {
      const [from, to, step] = [s.from!, s.to!, s.step!];
      if (from > to) throw new InputError(`${where}: sweep: from (${from}) is above to (${to})`);
      // Counted before any value is made: a billion-value sweep is refused, not built.
      const n = Math.floor((to - from) / step + 1e-9) + 1;
      if (n > MAX_SWEEP) throw new InputError(`${where}: sweep: from ${from} to ${to} by ${step} makes ${n} values; at most ${MAX_SWEEP}`);
      const values = Array.from({ length: n }, (_, k) => Math.round((from + k * step) * 1e6) / 1e6);
      if (new Set(values).size !== values.length) throw new InputError(`${where}: sweep: step ${step} is too small (values repeat at 6 decimals)`);
    }
  }
  const inputs: InputPath[] = [];
  for (const b of [e.board, ...e.arms.map((a) => a.board)]) {
    if (b === undefined) continue;
    const path = resolveFrom(e.dir, b);
    readJsonInput(path, 'board');
    inputs.push({ path, what: 'board' });
  }
  const names = [e.policies, ...e.arms.map((a) => a.policies)].flatMap((p) => (p === undefined ? [] : typeof p === 'string' ? p.split(',') : p));
  inputs.push(...checkWeightFiles(names));
  return inputs;
}

/** Loads, validates and checks an experiment file, applies --games, and builds its arms: nothing is written. */
function prepare(a: ExpArgs): { e: Experiment & { dir: string }; built: { arms: Arm[]; baseline: number }; inputs: InputPath[] } {
  readJsonInput(a.file, 'experiment'); // a regular, bounded JSON file without prototype keys
  const e = loadExperiment(a.file);
  const inputs = [{ path: a.file, what: 'experiment file' }, ...checkExperiment(e, a.file)];
  if (a.games !== undefined) {
    intInRange('--games', a.games, 1, MAX_GAMES);
    if (e.precision && e.maxGames !== undefined && a.games > e.maxGames) throw new InputError(`--games ${a.games} is above the file's maxGames (${e.maxGames})`);
    if (e.precision) {
      // With a precision target --games is the cap: the run starts at the file's size (or the cap) and stops there.
      e.games = Math.min(e.games, a.games);
      e.maxGames = a.games;
    } else e.games = a.games;
  }
  if (a.field !== undefined) {
    // --field plays every arm under that one field, in place of the file's players.
    if (e.arms.some((x) => x.policies !== undefined)) throw new InputError(`--field: the experiment's arms name their own policies`);
    e.fields = [a.field];
  }
  threadsInRange(a.threads);
  if (a.checkpoint !== undefined && !(a.checkpoint >= 0 && a.checkpoint <= 86_400)) throw new InputError(`--checkpoint must be a number of seconds 0..86400, got ${a.checkpoint}`);
  return { e, built: buildArms(e), inputs };
}

export const experimentCommand: CommandModule<object, ExpArgs> = {
  command: 'experiment <file>',
  describe: 'Run an experiment file: arms on common random numbers, paired comparisons, HTML report',
  builder: (y) =>
    y.positional('file', { type: 'string', demandOption: true, describe: 'Experiment JSON file' })
      .option('out', { type: 'string', describe: 'Report folder (default reports/NAME)' })
      .option('threads', { type: 'number', describe: 'Worker threads (default: all cores; at most 4 per core)' })
      .option('games', { type: 'number', describe: `Games per arm (1..${MAX_GAMES}); with a precision target, the most games per arm (at most the file's maxGames)` })
      .option('field', { type: 'string', describe: `Play every arm under this field instead of the file's players: ${FIELD_NAMES.join(', ')}, or a field FILE.json` })
      .option('resume', { type: 'boolean', default: false, describe: 'Continue from the checkpoint in --out' })
      .option('checkpoint', { type: 'number', default: 10, describe: 'Seconds between checkpoints in --out, 0..86400 (0: after every batch)' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the results JSON' }) as never,
  handler: async (a) => {
    const raw = readJsonInput(a.file, 'experiment');
    const game = fileGame(a, raw);
    if (game !== undefined && game !== 'legions') return schemaExperiment(a, raw, String(game));
    const { e, built, inputs } = prepare(a);
    const outName = a.out ?? join('reports', e.name);
    const out = checkOutputDir(outName, '--out', inputs, EXPERIMENT_OUTPUTS);
    const claim = claimOutputs('experiment', { path: out, what: `--out ${outName}` });
    const signals = new StopSignals().install();
    try {
      await experiment(a, e, built, out, outName, signals);
    } finally {
      signals.uninstall();
      claim.release();
    }
  },
};

async function experiment(a: ExpArgs, e: Experiment & { dir: string }, built: { arms: Arm[]; baseline: number }, out: string, outName: string, signals: StopSignals): Promise<void> {
  const identity = resumeIdentity(e, built.arms, built.baseline);
  const note = (m: string) => {
    if (!a.quiet) process.stderr.write(`legions: ${m}\n`);
  };
  let from: ExperimentState | undefined;
  if (a.resume) {
    const cp = readExperimentCheckpoint(out);
    if (cp) {
      const m = resumeMismatch(cp.identity, identity, 'the checkpoint', a.file);
      if (m) throw new InputError(`--resume: ${join(outName, EXPERIMENT_CHECKPOINT)} is of another experiment: ${m}`);
      from = cp.state;
    } else note(`no checkpoint in ${outName}: starting from the first game`);
  }
  if (!from) {
    rmSync(join(out, EXPERIMENT_CHECKPOINT), { force: true });
    const old = cleanPreviousOutputs(out, 'experiment');
    if (old.length) note(`removed ${old.length} output file${old.length > 1 ? 's' : ''} of the previous run in ${outName}`);
  }
  // Test hooks: a hard crash, or a SIGINT through the real handler, after so many checkpoints.
  const crashAfter = Number(process.env.LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS ?? 0);
  const interruptAfter = Number(process.env.LEGIONS_TEST_SIGINT_AFTER_CHECKPOINTS ?? 0);
  let written = 0;
  let last = performance.now();
  const every = (a.checkpoint ?? 10) * 1000;
  const save = (st: ExperimentState) => {
    writeExperimentCheckpoint(out, identity, st);
    last = performance.now();
    written++;
    if (crashAfter && written >= crashAfter) process.kill(process.pid, 'SIGKILL');
    if (interruptAfter && written === interruptAfter) process.kill(process.pid, 'SIGINT');
  };
  const progress = new Progress(e.games, { quiet: a.quiet, label: 'experiment' });
  progress.start(from?.done ?? 0);
  const run = await runExperiment(e, threadsOf(a.threads), {
    built, from,
    progress: (done) => progress.update(done),
    shouldStop: () => signals.signal !== null,
    checkpoint: (st) => {
      if (performance.now() - last >= every && st.done < st.target) save(st);
    },
  });
  if (run.stopped) {
    save(run.state);
    progress.finish('(interrupted)');
    process.stderr.write(`legions: interrupted after ${run.state.done} games per arm; checkpoint in ${outName}: run the same command with --resume to finish\n`);
    process.exitCode = signalExitCode(signals.signal ?? 'SIGINT');
    return;
  }
  progress.finish();
  const r = buildResults(e, run);
  await writeTransaction(out, 'experiment', signals, async (tx) => {
    await writeReport(tx.staging, e, r);
  });
  rmSync(join(out, EXPERIMENT_CHECKPOINT), { force: true });
  if (a.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
  else {
    for (const h of r.headlines) process.stdout.write(`${h}\n`);
    process.stdout.write(`report: ${join(outName, 'index.html')} (${r.gamesPerArm} games per arm, ${r.perf.seconds.toFixed(1)} s)\n`);
  }
}

function threadsOf(t: number | undefined): number {
  return t ?? defaultThreads();
}

// ---- the CI balance gate ----

const fingerprintSchema = z.strictObject({
  players: z.number(),
  seed: z.string(),
  gamesPerArm: z.number(),
  precision: z.number().nullable(),
  maxGames: z.number().nullable(),
  seatRotation: z.string(),
  arms: z.array(z.strictObject({ name: z.string(), policies: z.array(z.string()) })),
});
const baselineSchema = z.object({
  experiment: z.string(),
  gamesPerArm: z.number(),
  /** What the baseline was measured on (absent in baselines of older versions). */
  fingerprint: fingerprintSchema.optional(),
  arms: z.record(z.string(), z.record(z.string(), z.object({ value: z.number(), low: z.number(), high: z.number(), games: z.number(), sd: z.number() }))),
});
type Baseline = z.infer<typeof baselineSchema>;

/** Per arm and metric: the estimate and the per-game standard deviation (for the two-sample test). */
function toBaseline(r: ExperimentResults, sds: Record<string, Record<string, number>>, fingerprint: ExperimentFingerprint): Baseline {
  const arms: Baseline['arms'] = {};
  for (const a of r.arms) {
    arms[a.name] = {};
    for (const m of r.metrics) arms[a.name]![m] = { ...a.metrics[m]!, games: a.games, sd: sds[a.name]![m]! };
  }
  return { experiment: r.name, gamesPerArm: r.gamesPerArm, fingerprint, arms };
}

/**
 * Refuses a baseline measured on another experiment: its fingerprint must equal this run's. A
 * baseline without one (older versions) is checked on what it records: the experiment's name, the
 * arm names and the games per arm.
 */
function checkBaselineIdentity(base: Baseline, fp: ExperimentFingerprint, e: Experiment, a: CheckArgs, note: (m: string) => void): void {
  const where = `--baseline ${a.baseline}`;
  if (base.fingerprint) {
    const m = fingerprintMismatch(base.fingerprint, fp, 'the baseline', a.file);
    if (m) throw new InputError(`${where} is of another experiment: ${m} (rewrite it with --update-baseline if intended)`);
    return;
  }
  // All an older baseline records of its experiment: the name, the arms, the games per arm.
  if (base.experiment !== e.name) throw new InputError(`${where} is of another experiment: the name differs: "${base.experiment}" in the baseline, "${e.name}" in ${a.file}`);
  const names = Object.keys(base.arms);
  const mine = fp.arms.map((x) => x.name);
  if (names.length !== mine.length || names.some((n, i) => n !== mine[i])) {
    throw new InputError(`${where} is of another experiment: arms differ: ${names.join(', ')} in the baseline, ${mine.join(', ')} in ${a.file}`);
  }
  if (fp.precision === null && base.gamesPerArm !== fp.gamesPerArm) {
    throw new InputError(`${where} is of another experiment: games per arm differs: ${base.gamesPerArm} in the baseline, ${fp.gamesPerArm} in ${a.file}`);
  }
  note(`note: ${a.baseline} has no fingerprint (an older baseline): only its name, arms and games per arm were checked; rewrite it with --update-baseline`);
}

function perGameSd(r: ExperimentResults): Record<string, Record<string, number>> {
  // Rates: sqrt(p(1-p)); means: recovered from the interval half-width (z * sd / sqrt(n)).
  const out: Record<string, Record<string, number>> = {};
  const z = zFor(1 - r.confidence);
  for (const a of r.arms) {
    out[a.name] = {};
    for (const m of r.metrics) {
      const e = a.metrics[m]!;
      out[a.name]![m] = isRate(m) ? Math.sqrt(e.value * (1 - e.value)) : ((e.high - e.low) / 2 / z) * Math.sqrt(a.games);
    }
  }
  return out;
}

/** Writes a gate baseline (--update-baseline), claimed against a second writer, atomically. */
function writeBaseline(target: string, name: string, record: unknown): void {
  const claim = claimOutputs('check', null, [{ path: target, what: `--baseline ${name}` }]);
  try {
    writeAtomic(target, JSON.stringify(record, null, 2) + '\n');
  } finally {
    claim.release();
  }
  process.stdout.write(`baseline written: ${name}\n`);
}

/** The LEGIONS gate: src/experiment/gate.ts over the experiment's gated metrics. */
export function gate(e: Experiment, base: Baseline, cur: Baseline): GateRow[] {
  return gateRows(Object.fromEntries(Object.entries(e.gate).map(([m, g]) => [m, g!.practical])), base, cur);
}

interface CheckArgs extends ExpArgs {
  baseline: string;
  updateBaseline: boolean;
}

export const checkCommand: CommandModule<object, CheckArgs> = {
  command: 'check <file>',
  describe: 'CI balance gate: re-run an experiment and fail (exit 1) when a gated metric moved',
  builder: (y) =>
    y.positional('file', { type: 'string', demandOption: true })
      .option('baseline', { type: 'string', demandOption: true, describe: 'Baseline JSON (written by --update-baseline); must be of the same experiment' })
      .option('update-baseline', { type: 'boolean', default: false, describe: 'Rewrite the baseline on purpose' })
      .option('threads', { type: 'number', describe: 'Worker threads (default: all cores; at most 4 per core)' })
      .option('games', { type: 'number', describe: `Override the games per arm (1..${MAX_GAMES})` })
      .option('quiet', { type: 'boolean', default: false, describe: 'Print only the gate table' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the gate rows as JSON' }) as never,
  handler: async (a) => {
    const raw = readJsonInput(a.file, 'experiment');
    const game = fileGame(a, raw);
    if (game !== undefined && game !== 'legions') return schemaCheck(a, raw, String(game));
    const { e, built, inputs } = prepare(a);
    if (Object.keys(e.gate).length === 0) throw new InputError(`experiment ${a.file}: gate: name at least one metric with its practical threshold`);
    const fp = experimentFingerprint(e, built.arms);
    const note = (m: string) => {
      if (!a.quiet) process.stderr.write(`legions: ${m}\n`);
    };
    let base: Baseline | null = null;
    let target: string | null = null;
    if (a.updateBaseline) target = checkOutputFile(a.baseline, '--baseline', inputs);
    else {
      const raw = readJsonInput(a.baseline, '--baseline');
      const parsed = baselineSchema.safeParse(raw);
      if (!parsed.success) throw new InputError(`--baseline ${a.baseline}: ${parsed.error.issues[0]!.path.join('.') || '(root)'}: ${parsed.error.issues[0]!.message}`);
      base = parsed.data;
      checkBaselineIdentity(base, fp, e, a, note);
    }
    const progress = new Progress(e.games, { quiet: a.quiet, label: 'check' });
    progress.start();
    const run: ExperimentRun = await runExperiment(e, threadsOf(a.threads), { built, progress: (done) => progress.update(done) });
    progress.finish();
    const r = buildResults(e, run);
    const cur = toBaseline(r, perGameSd(r), fp);
    if (target) return writeBaseline(target, a.baseline, cur);
    reportGate(gate(e, base!, cur), (m) => isRate(m as Metric), a.json);
  },
};

export const schemaCommand: CommandModule<object, { game?: string }> = {
  command: 'schema',
  describe: 'Print the JSON Schema of experiment files (of --game\'s experiments: LEGIONS by default)',
  handler: (a) => {
    const schema = a.game !== undefined && a.game !== 'legions' ? z.toJSONSchema(schemaExperimentSchema, { io: 'input' }) : experimentJsonSchema();
    process.stdout.write(JSON.stringify(schema, null, 2) + '\n');
  },
};

/** The game an experiment file names (undefined: LEGIONS'); an explicit --game other than the default must be it. */
function fileGame(a: { file: string; game?: string }, raw: unknown): unknown {
  const named = raw !== null && typeof raw === 'object' && !Array.isArray(raw) ? (raw as { game?: unknown }).game : undefined;
  const own = named === undefined ? 'legions' : String(named);
  if (a.game !== undefined && a.game !== 'legions' && a.game !== own) throw new InputError(`--game ${a.game}, but ${a.file} is a ${own} experiment`);
  return named;
}

/**
 * An experiment of a game other than LEGIONS (the file names it in "game"): arms compared game by game
 * through the generic runner (src/experiment/schema-experiment.ts), with its report.
 */
async function schemaExperiment(a: ExpArgs, raw: unknown, gameId: string): Promise<void> {
  const entry = getGame(gameId);
  if (!entry.experimentArm || !entry.definition.outcomeFields) throw new InputError(`experiment ${a.file}: ${gameId} has no experiments`);
  if (a.field !== undefined) throw new InputError('--field is a LEGIONS option');
  const e = parseSchemaExperiment(raw, a.file);
  if (a.games !== undefined) {
    intInRange('--games', a.games, 2, MAX_GAMES);
    e.games = a.games;
  }
  threadsInRange(a.threads);
  if (a.checkpoint !== undefined && !(a.checkpoint >= 0 && a.checkpoint <= 86_400)) throw new InputError(`--checkpoint must be a number of seconds 0..86400, got ${a.checkpoint}`);
  schemaFields(entry.definition, e, a.file);
  const arms = buildPairedArms(e, a.file, dirname(a.file), entry.experimentArm);
  const inputs: InputPath[] = [{ path: a.file, what: 'experiment file' }];
  for (const arm of e.arms) if (typeof arm.battle === 'string') inputs.push({ path: isAbsolute(arm.battle) ? arm.battle : join(dirname(a.file), arm.battle), what: 'battle' });
  const outName = a.out ?? join('reports', e.name);
  const out = checkOutputDir(outName, '--out', inputs, EXPERIMENT_OUTPUTS);
  const claim = claimOutputs('experiment', { path: out, what: `--out ${outName}` });
  const signals = new StopSignals().install();
  try {
    const note = (m: string) => {
      if (!a.quiet) process.stderr.write(`legions: ${m}\n`);
    };
    if (!a.resume) {
      const old = cleanPreviousOutputs(out, 'experiment');
      if (old.length) note(`removed ${old.length} output file${old.length > 1 ? 's' : ''} of the previous run in ${outName}`);
    }
    const threads = threadsOf(a.threads);
    const game = pairedGame(entry.definition);
    const progress = new Progress(e.games, { quiet: a.quiet, label: 'experiment' });
    const spec = { game, cfg: { arms }, policies: [], seed: e.seed, games: e.games, start: 0, end: e.games, shard: null };
    // The runner's session: checkpoints in --out every --checkpoint seconds, --resume continues them.
    let r;
    try {
      r = await runSession(spec, { threads, out, resume: a.resume === true, checkpointEvery: a.checkpoint ?? 10, progress, note, signals });
    } catch (err) {
      if (!(err instanceof Interrupted)) throw err;
      process.stderr.write(`legions: interrupted after ${err.next} games per arm; checkpoint in ${outName}: run the same command with --resume to finish\n`);
      process.exitCode = signalExitCode(err.signal);
      return;
    }
    const results = schemaResults(entry.definition, e, arms, r.acc, { threads, seconds: Number(r.seconds.toFixed(3)), gamesPerSecond: r.seconds > 0 ? Math.round(e.games / r.seconds) : null }, a.file);
    await writeTransaction(out, 'experiment', signals, async (tx) => {
      await writeSchemaReport(tx.staging, results, `legions experiment ${a.file}`);
    });
    if (a.json) process.stdout.write(JSON.stringify(results, null, 2) + '\n');
    else {
      for (const line of results.note) process.stdout.write(`${line}\n`);
      process.stdout.write(`report: ${join(outName, 'index.html')} (${e.games} games per arm, ${r.seconds.toFixed(1)} s)\n`);
    }
  } finally {
    signals.uninstall();
    claim.release();
  }
}

/** legions check on a schema experiment: the same gate as LEGIONS' (src/experiment/gate.ts), its own baseline format. */
async function schemaCheck(a: CheckArgs, raw: unknown, gameId: string): Promise<void> {
  const entry = getGame(gameId);
  if (!entry.experimentArm || !entry.definition.outcomeFields) throw new InputError(`experiment ${a.file}: ${gameId} has no experiments`);
  const e = parseSchemaExperiment(raw, a.file);
  if (Object.keys(e.gate).length === 0) throw new InputError(`experiment ${a.file}: gate: name at least one metric with its practical threshold`);
  if (a.games !== undefined) {
    intInRange('--games', a.games, 2, MAX_GAMES);
    e.games = a.games;
  }
  threadsInRange(a.threads);
  const wanted = schemaFields(entry.definition, e, a.file).map((f) => f.name);
  const arms = buildPairedArms(e, a.file, dirname(a.file), entry.experimentArm);
  // What makes two runs the same experiment: not the arms' configurations, whose change the gate measures.
  const fingerprint = shortHash({ game: gameId, experiment: e.name, seed: e.seed, games: e.games, metrics: wanted, arms: arms.map((x) => ({ name: x.name, baseline: x.baseline })) });
  let base: GateBaseline | null = null;
  let target: string | null = null;
  if (a.updateBaseline) target = checkOutputFile(a.baseline, '--baseline', [{ path: a.file, what: 'experiment file' }]);
  else {
    const parsed = gateBaselineSchema.safeParse(readJsonInput(a.baseline, '--baseline'));
    if (!parsed.success) throw new InputError(`--baseline ${a.baseline}: ${parsed.error.issues[0]!.path.join('.') || '(root)'}: ${parsed.error.issues[0]!.message}`);
    base = parsed.data;
    if (base.fingerprint !== fingerprint) throw new InputError(`--baseline ${a.baseline} is of another experiment (its fingerprint ${base.fingerprint} is not this run's ${fingerprint}: the name, arms, seed, games or metrics differ); rewrite it with --update-baseline if intended`);
  }
  const threads = threadsOf(a.threads);
  const progress = new Progress(e.games, { quiet: a.quiet, label: 'check' });
  progress.start();
  const r = await runPool({ game: pairedGame(entry.definition), cfg: { arms }, policies: [], seed: e.seed, games: e.games, start: 0, end: e.games, shard: null }, { threads }, { onProgress: (d) => progress.update(d) });
  progress.finish();
  const results = schemaResults(entry.definition, e, arms, r.acc, { threads, seconds: r.seconds, gamesPerSecond: null }, a.file);
  const cur = gateRecord(results, r.acc, fingerprint);
  if (target) return writeBaseline(target, a.baseline, cur);
  const kind = new Map(results.metrics.map((m) => [m.name, m.kind]));
  reportGate(gateRows(Object.fromEntries(Object.entries(e.gate).map(([m, g]) => [m, g.practical])), base!, cur), (m) => kind.get(m) === 'rate', a.json);
}
