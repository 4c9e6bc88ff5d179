// legions simulate: many games of one configuration on a pool of worker threads, summarised;
// shardable (--shard i/n, merged by `legions merge`), resumable (--resume) and reproducible (the
// summary depends on the configuration, seed and game count only, never on threads or shards).
import { dirname, resolve } from 'node:path';
import type { CommandModule } from 'yargs';
import { InputError } from '../legions/params.js';
import { writeOutputs } from '../report/outputs.js';
import { ensureWritableDir } from '../sim/files.js';
import { Progress } from '../sim/progress.js';
import { defaultThreads } from '../sim/runner.js';
import { Interrupted, runSession } from '../sim/session.js';
import { fingerprint, parseShard, runIdentity, type RunSpec, shardRange } from '../sim/spec.js';
import { type Summary, summarise, summaryText } from '../sim/summary.js';
import { buildConfig, buildPolicies, type GameArgs, withGameOptions } from './options.js';

interface SimArgs extends GameArgs {
  games: number;
  threads?: number;
  out?: string;
  'per-game'?: string;
  json: boolean;
  quiet: boolean;
  shard?: string;
  resume: boolean;
  batch?: number;
  checkpoint: number;
  charts: boolean;
}

export function positiveInt(name: string, v: number | undefined): void {
  if (v !== undefined && (!Number.isInteger(v) || v < 1)) throw new InputError(`${name} must be a positive integer, got ${v}`);
}

/**
 * The policy spec of every seat, as typed ("a" for all seats, or "a,b,c"): what the workers rebuild
 * their policies from, and what identifies them in the run's identity (names such as rollout:N or
 * parametric:FILE carry their settings).
 */
export function seatPolicies(spec: string, players: number): string[] {
  const names = spec.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return names.length === 1 ? Array<string>(players).fill(names[0]!) : names;
}

const pct = (x: number) => (100 * x).toFixed(2);

/** One line for a person: the collapse rate with its interval and the causes. */
export function headline(s: Summary): string {
  const c = s.collapse;
  const causes = Object.entries(s.causes).map(([k, r]) => `${k} ${pct(r.rate)} %`).join(', ');
  const tc = s.winRate.temporaryConsulFaction;
  const sen = s.senate;
  return `${s.games} games: collapse ${pct(c.rate)} % [${pct(c.ci95[0])}, ${pct(c.ci95[1])}] (${causes})\n` +
    `Temporary Consul's faction wins ${pct(tc.rate)} % [${pct(tc.ci95[0])}, ${pct(tc.ci95[1])}] of all games (fair share ${pct((1 - c.rate) / s.config.players)} %); ` +
    `kept the Consulship all game in ${pct(sen.consulKeptAllGame.rate)} %\n` +
    `Senate per game: ${sen.motions.mean?.toFixed(1)} motions voted (${sen.motionsByPresiding.mean?.toFixed(1)} by the Consul's faction), ` +
    `${sen.vetoes.mean?.toFixed(2)} vetoes, ${sen.tabledByTribune.mean?.toFixed(2)} tabled by tribune, ${sen.consulChanges.mean?.toFixed(2)} Consulship changes` +
    Object.entries(s.triggers).map(([v, t]) => t.count === 0
      ? `\n${v}: never came into play (${t.what}: in no game), so these games say nothing about it`
      : `\n${v}: came into play in ${pct(t.rate)} % [${pct(t.ci95[0])}, ${pct(t.ci95[1])}] of games (${t.what}; ${t.perGame?.toFixed(2)} per game)`).join('') +
    s.warnings.map((w) => `\nwarning: ${w}`).join('');
}

export const simulateCommand: CommandModule<object, SimArgs> = {
  command: 'simulate',
  describe: 'Play many games on worker threads and summarise collapse, win rates, Prestige spread and per-turn curves',
  builder: (y) =>
    withGameOptions(y)
      .option('games', { type: 'number', default: 10000, describe: 'Games in the whole run (all shards)' })
      .option('threads', { type: 'number', describe: 'Worker threads (default: the machine\'s cores)' })
      .option('out', { type: 'string', describe: 'Output folder: summary.json/.csv, per-turn.csv, charts/, manifest.json, checkpoints' })
      .option('per-game', { type: 'string', describe: 'CSV file with one row per game (streamed in game order)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary JSON on stdout' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' })
      .option('shard', { type: 'string', describe: 'Play only shard i of n (0 <= i < n) of the game indices: i/n' })
      .option('resume', { type: 'boolean', default: false, describe: 'Continue from the checkpoint in --out' })
      .option('batch', { type: 'number', describe: 'Games per worker task (never changes the results)' })
      .option('checkpoint', { type: 'number', default: 10, describe: 'Seconds between checkpoints in --out (0: after every batch)' })
      .option('charts', { type: 'boolean', default: true, describe: 'Render the charts (--no-charts to skip)' }) as never,
  handler: async (a) => {
    // Every check first: bad input leaves nothing behind.
    positiveInt('--games', a.games);
    positiveInt('--threads', a.threads);
    positiveInt('--batch', a.batch);
    if (!(a.checkpoint >= 0)) throw new InputError(`--checkpoint must be a number of seconds >= 0, got ${a.checkpoint}`);
    const cfg = buildConfig(a);
    buildPolicies(a); // validates the names (and loads any weight files) before anything starts
    const policies = seatPolicies(a.policies, a.players);
    const shard = parseShard(a.shard, a.games);
    if (a.resume && !a.out) throw new InputError('--resume needs --out (the folder holding the checkpoint)');
    const threads = a.threads ?? defaultThreads();
    const perGame = a['per-game'] ? resolve(a['per-game']) : undefined;
    if (a.out) ensureWritableDir(a.out, '--out');
    if (perGame) ensureWritableDir(dirname(perGame), '--per-game');

    const [start, end] = shardRange(a.games, shard);
    const spec: RunSpec = { cfg, policies, seed: a.seed, games: a.games, start, end, shard };
    const note = (m: string) => {
      if (!a.quiet) process.stderr.write(`legions: ${m}\n`);
    };
    const progress = new Progress(end - start, { quiet: a.quiet });
    let r;
    try {
      r = await runSession(spec, {
        threads, batchSize: a.batch, out: a.out, perGame, resume: a.resume, checkpointEvery: a.checkpoint, progress, note,
      });
    } catch (e) {
      if (!(e instanceof Interrupted)) throw e;
      const where = e.checkpointDir ? `; checkpoint in ${e.checkpointDir}: run the same command with --resume to finish` : '';
      process.stderr.write(`legions: interrupted after ${e.next - start} of ${end - start} games${where}\n`);
      process.exitCode = e.signal === 'SIGTERM' ? 143 : 130;
      return;
    }
    const id = runIdentity(spec);
    const summary = summarise(r.acc, id, fingerprint(id), [start, end]);
    const perf = {
      threads,
      games: end - start,
      seconds: Number(r.seconds.toFixed(3)),
      gamesPerSecond: r.seconds > 0 ? Math.round((end - start) / r.seconds) : null,
      ...(r.resumedAt !== start ? { resumedAt: r.resumedAt } : {}),
    };
    if (a.out) {
      await writeOutputs(a.out, summary, r.acc, { command: 'simulate', shard: shard ? `${shard.index}/${shard.count}` : null, perGame: perGame ?? null, perf }, a.charts);
    }
    if (summary.policyErrors.total > 0) note(`warning: ${summary.policyErrors.total} policy errors in ${summary.policyErrors.games} games`);
    if (a.json) process.stdout.write(summaryText(summary, perf));
    else {
      const rate = perf.gamesPerSecond ? `; ${perf.gamesPerSecond} games/s on ${threads} thread${threads > 1 ? 's' : ''}` : '';
      process.stdout.write(`${headline(summary)}${rate}${a.out ? `\noutputs in ${a.out}` : ''}\n`);
    }
  },
};
