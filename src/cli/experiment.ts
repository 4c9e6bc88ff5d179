// legions experiment FILE and legions check FILE --baseline B: compare arms on common random numbers,
// write the report, and gate balance drift in CI.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { z } from 'zod';
import { buildResults, type ExperimentResults, writeReport } from '../experiment/report.js';
import { runExperiment } from '../experiment/run.js';
import { type Experiment, experimentJsonSchema, loadExperiment, type Metric } from '../experiment/schema.js';
import { isRate, zFor } from '../experiment/stats.js';
import { InputError } from '../legions/params.js';
import { defaultThreads } from '../sim/runner.js';
import { ensureWritableDir, writeAtomic } from '../sim/files.js';
import { Progress } from '../sim/progress.js';

interface ExpArgs {
  file: string;
  out?: string;
  threads?: number;
  games?: number;
  quiet: boolean;
  json: boolean;
}

function threadsOf(t: number | undefined): number {
  if (t === undefined) return defaultThreads();
  if (!Number.isInteger(t) || t < 1) throw new InputError(`--threads must be a positive whole number, got ${t}`);
  return t;
}

async function run(a: ExpArgs, label: string): Promise<{ e: Experiment & { dir: string }; r: ExperimentResults }> {
  const e = loadExperiment(a.file);
  if (a.games !== undefined) {
    if (!Number.isInteger(a.games) || a.games < 1) throw new InputError(`--games must be a positive whole number, got ${a.games}`);
    e.games = a.games;
  }
  const progress = new Progress(e.games, { quiet: a.quiet, label });
  progress.start();
  const run = await runExperiment(e, threadsOf(a.threads), (done) => progress.update(done));
  progress.finish();
  return { e, r: buildResults(e, run) };
}

export const experimentCommand: CommandModule<object, ExpArgs> = {
  command: 'experiment <file>',
  describe: 'Run an experiment file: arms on common random numbers, paired comparisons, HTML report',
  builder: (y) =>
    y.positional('file', { type: 'string', demandOption: true, describe: 'Experiment JSON file' })
      .option('out', { type: 'string', describe: 'Report folder (default reports/NAME)' })
      .option('threads', { type: 'number', describe: 'Worker threads (default: all cores)' })
      .option('games', { type: 'number', describe: 'Override the games per arm' })
      .option('quiet', { type: 'boolean', default: false })
      .option('json', { type: 'boolean', default: false, describe: 'Print the results JSON' }) as never,
  handler: async (a) => {
    const e0 = loadExperiment(a.file);
    const out = a.out ?? join('reports', e0.name);
    ensureWritableDir(out, '--out');
    const { e, r } = await run(a, 'experiment');
    await writeReport(out, e, r);
    if (a.json) process.stdout.write(JSON.stringify(r, null, 2) + '\n');
    else {
      for (const h of r.headlines) process.stdout.write(`${h}\n`);
      process.stdout.write(`report: ${join(out, 'index.html')} (${r.gamesPerArm} games per arm, ${r.perf.seconds.toFixed(1)} s)\n`);
    }
  },
};

// ---- the CI balance gate ----

const baselineSchema = z.object({
  experiment: z.string(),
  gamesPerArm: z.number(),
  arms: z.record(z.string(), z.record(z.string(), z.object({ value: z.number(), low: z.number(), high: z.number(), games: z.number(), sd: z.number() }))),
});
type Baseline = z.infer<typeof baselineSchema>;

/** Per arm and metric: the estimate and the per-game standard deviation (for the two-sample test). */
function toBaseline(r: ExperimentResults, sds: Record<string, Record<string, number>>): Baseline {
  const arms: Baseline['arms'] = {};
  for (const a of r.arms) {
    arms[a.name] = {};
    for (const m of r.metrics) arms[a.name]![m] = { ...a.metrics[m]!, games: a.games, sd: sds[a.name]![m]! };
  }
  return { experiment: r.name, gamesPerArm: r.gamesPerArm, arms };
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

export interface GateRow {
  arm: string;
  metric: Metric;
  baseline: number;
  current: number;
  change: number;
  practical: number;
  z: number;
  moved: boolean;
}

/** A metric moved when its change is statistically significant (|z| > 1.96) AND larger than its practical threshold. */
export function gate(e: Experiment, base: Baseline, cur: Baseline): GateRow[] {
  const rows: GateRow[] = [];
  for (const [m, g] of Object.entries(e.gate) as [Metric, { practical: number }][]) {
    for (const [arm, metrics] of Object.entries(cur.arms)) {
      const c = metrics[m];
      const b = base.arms[arm]?.[m];
      if (!c) continue;
      if (!b) throw new InputError(`baseline: no value for arm "${arm}", metric ${m}: update it with --update-baseline`);
      const change = c.value - b.value;
      const se = Math.sqrt((c.sd * c.sd) / c.games + (b.sd * b.sd) / b.games);
      const z = se > 0 ? change / se : change === 0 ? 0 : Infinity;
      rows.push({ arm, metric: m, baseline: b.value, current: c.value, change, practical: g.practical, z, moved: Math.abs(z) > 1.959963984540054 && Math.abs(change) > g.practical });
    }
  }
  return rows;
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
      .option('baseline', { type: 'string', demandOption: true, describe: 'Baseline JSON (written by --update-baseline)' })
      .option('update-baseline', { type: 'boolean', default: false, describe: 'Rewrite the baseline on purpose' })
      .option('threads', { type: 'number' })
      .option('games', { type: 'number' })
      .option('quiet', { type: 'boolean', default: false })
      .option('json', { type: 'boolean', default: false }) as never,
  handler: async (a) => {
    const e0 = loadExperiment(a.file);
    if (Object.keys(e0.gate).length === 0) throw new InputError(`experiment ${a.file}: gate: name at least one metric with its practical threshold`);
    let base: Baseline | null = null;
    if (!a.updateBaseline) {
      if (!existsSync(a.baseline)) throw new InputError(`--baseline ${a.baseline}: no such file (create it with --update-baseline)`);
      let raw: unknown;
      try {
        raw = JSON.parse(readFileSync(a.baseline, 'utf8'));
      } catch (err) {
        throw new InputError(`--baseline ${a.baseline}: not valid JSON (${(err as Error).message.split('\n')[0]})`);
      }
      const parsed = baselineSchema.safeParse(raw);
      if (!parsed.success) throw new InputError(`--baseline ${a.baseline}: ${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`);
      base = parsed.data;
    }
    const { e, r } = await run(a, 'check');
    const cur = toBaseline(r, perGameSd(r));
    if (a.updateBaseline) {
      writeAtomic(a.baseline, JSON.stringify(cur, null, 2) + '\n');
      process.stdout.write(`baseline written: ${a.baseline}\n`);
      return;
    }
    const rows = gate(e, base!, cur);
    const f = (m: Metric, v: number) => (isRate(m) ? `${(100 * v).toFixed(2)} %` : v.toFixed(3));
    const lines = ['arm                  metric          baseline    current     change      threshold   z       moved'];
    for (const x of rows) {
      lines.push([x.arm.padEnd(20), x.metric.padEnd(15), f(x.metric, x.baseline).padEnd(11), f(x.metric, x.current).padEnd(11),
        f(x.metric, x.change).padEnd(11), f(x.metric, x.practical).padEnd(11), (Number.isFinite(x.z) ? x.z.toFixed(2) : 'inf').padEnd(7), x.moved ? 'MOVED' : 'ok'].join(' '));
    }
    process.stdout.write(lines.join('\n') + '\n');
    const moved = rows.filter((x) => x.moved).length;
    if (moved) {
      process.stdout.write(`balance gate: ${moved} metric(s) moved beyond tolerance (significant and larger than the threshold); rerun with --update-baseline if intended\n`);
      process.exitCode = 1;
    } else process.stdout.write('balance gate: no metric moved beyond its tolerance\n');
  },
};

export const schemaCommand: CommandModule<object, object> = {
  command: 'schema',
  describe: 'Print the JSON Schema of experiment files',
  handler: () => {
    process.stdout.write(JSON.stringify(experimentJsonSchema(), null, 2) + '\n');
  },
};
