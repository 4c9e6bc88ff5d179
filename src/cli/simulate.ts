// legions simulate: many games of one configuration on a pool of worker threads, summarised;
// shardable (--shard i/n, merged by `legions merge`), resumable (--resume) and reproducible (the
// summary depends on the configuration, seed and game count only, never on threads or shards).
import { relative } from 'node:path';
import type { CommandModule } from 'yargs';
import { InputError } from '../core/errors.js';
import { ACCUMULATOR_FILE, CHECKPOINT_FILE } from '../sim/checkpoint.js';
import { claimOutputs } from '../sim/claim.js';
import { checkOutputDir, checkOutputFile, isWithin } from '../sim/paths.js';
import { Progress } from '../sim/progress.js';
import { defaultThreads } from '../sim/runner.js';
import { Interrupted, runSession } from '../sim/session.js';
import { signalExitCode, StopSignals } from '../sim/signals.js';
import { fingerprint, parseShard, runIdentity, type RunSpec, type Shard, shardRange } from '../sim/spec.js';
import { type GameEntry, getGame } from '../games/index.js';
import { battleInputs, loadBattle, refuseLegionsOptions } from './caesar.js';
import { battlePolicySpec } from '../games/caesar-xl/index.js';
import { writeTransaction } from '../sim/transaction.js';
import { intInRange, MAX_GAMES, threadsInRange } from './args.js';
import { buildConfig, buildPolicies, type GameArgs, gameInputs, withGameOptions } from './options.js';

/** What simulate and merge write in their --out folder: no input, per-game CSV or lock may take these names. */
export const RUN_OUTPUTS = ['summary.json', 'summary.csv', 'per-turn.csv', 'manifest.json', ACCUMULATOR_FILE, CHECKPOINT_FILE, 'charts'];

interface SimArgs extends GameArgs {
  game: string;
  battle?: string;
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

/**
 * The policy spec of every seat, as typed ("a" for all seats, or "a,b,c"): what the workers rebuild
 * their policies from, and what identifies them in the run's identity (names such as rollout:N or
 * parametric:FILE carry their settings).
 */
export function seatPolicies(spec: string, players: number): string[] {
  const names = spec.split(',').map((s) => s.trim()).filter((s) => s !== '');
  return names.length === 1 ? Array<string>(players).fill(names[0]!) : names;
}

export const simulateCommand: CommandModule<object, SimArgs> = {
  command: 'simulate',
  describe: 'Play many games on worker threads and summarise collapse, win rates, Prestige spread and per-turn curves',
  builder: (y) =>
    withGameOptions(y)
      .option('games', { type: 'number', default: 10000, describe: `Games in the whole run (all shards), 1..${MAX_GAMES}` })
      .option('threads', { type: 'number', describe: 'Worker threads (default: the machine\'s cores; at most 4 per core)' })
      .option('out', { type: 'string', describe: 'Output folder: summary.json/.csv, per-turn.csv, charts/, manifest.json, checkpoints' })
      .option('per-game', { type: 'string', describe: 'CSV file with one row per game (streamed in game order)' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the summary JSON on stdout' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' })
      .option('shard', { type: 'string', describe: 'Play only shard i of n (0 <= i < n) of the game indices: i/n' })
      .option('resume', { type: 'boolean', default: false, describe: 'Continue from the checkpoint in --out' })
      .option('batch', { type: 'number', describe: 'Games per worker task, 1..100000 (never changes the results)' })
      .option('checkpoint', { type: 'number', default: 10, describe: 'Seconds between checkpoints in --out, 0..86400 (0: after every batch)' })
      .option('charts', { type: 'boolean', default: true, describe: 'Render the charts (--no-charts to skip)' })
      .option('battle', { type: 'string', describe: 'With --game caesar-xl: the battle FILE (JSON: both sides\' units and tactic, the rules; see battles/)' }) as never,
  handler: async (a) => {
    // Every check first: bad input leaves nothing behind.
    intInRange('--games', a.games, 1, MAX_GAMES);
    threadsInRange(a.threads);
    intInRange('--batch', a.batch, 1, 100_000);
    if (!(a.checkpoint >= 0 && a.checkpoint <= 86_400)) throw new InputError(`--checkpoint must be a number of seconds 0..86400, got ${a.checkpoint}`);
    const entry = getGame(a.game);
    let cfg: unknown;
    let policies: string[];
    let inputs;
    if (entry.definition.id === 'caesar-xl') {
      refuseLegionsOptions(a);
      if (a.players !== 5) throw new InputError('--game caesar-xl: --players is a LEGIONS option (a battle has two sides)');
      cfg = { setup: loadBattle(a.battle) };
      policies = battlePolicySpec(a.policies);
      inputs = battleInputs(a);
      a.rotation = 'none';
    } else {
      if (a.battle !== undefined) throw new InputError('--battle is a Caesar XL option (--game caesar-xl)');
      cfg = buildConfig(a);
      buildPolicies(a); // validates the names (and loads any weight files) before anything starts
      policies = seatPolicies(a.policies, a.players);
      inputs = gameInputs(a);
    }
    const shard = parseShard(a.shard, a.games);
    if (a.resume && !a.out) throw new InputError('--resume needs --out (the folder holding the checkpoint)');
    const threads = a.threads ?? defaultThreads();
    const out = a.out !== undefined ? checkOutputDir(a.out, '--out', inputs, RUN_OUTPUTS) : undefined;
    const perGame = a['per-game'] !== undefined ? checkOutputFile(a['per-game'], '--per-game', inputs, out, RUN_OUTPUTS) : undefined;
    if (shard && out && perGame && !isWithin(perGame, out)) {
      throw new InputError(`--per-game ${a['per-game']}: a shard keeps its per-game CSV inside its --out folder (so the folder can be moved and merged)`);
    }

    // The commit point: the folders are created and locked; a second writer is refused here.
    const claim = claimOutputs('simulate', out ? { path: out, what: `--out ${a.out}` } : null, perGame ? [{ path: perGame, what: `--per-game ${a['per-game']}` }] : []);
    const signals = new StopSignals().install();
    try {
      await simulate(a, { entry, cfg, policies, shard, threads, out, perGame, signals });
    } finally {
      signals.uninstall();
      claim.release();
    }
  },
};

interface Checked {
  entry: GameEntry;
  cfg: unknown;
  policies: string[];
  shard: Shard | null;
  threads: number;
  out: string | undefined;
  perGame: string | undefined;
  signals: StopSignals;
}

async function simulate(a: SimArgs, c: Checked): Promise<void> {
  const { entry, cfg, policies, shard, threads, out, perGame, signals } = c;
  const [start, end] = shardRange(a.games, shard);
  const spec: RunSpec = { game: entry.definition, cfg, policies, rotation: a.rotation ?? 'none', seed: a.seed, games: a.games, start, end, shard };
  const note = (m: string) => {
    if (!a.quiet) process.stderr.write(`legions: ${m}\n`);
  };
  const progress = new Progress(end - start, { quiet: a.quiet });
  let r;
  try {
    r = await runSession(spec, {
      threads, batchSize: a.batch, out, perGame, resume: a.resume, checkpointEvery: a.checkpoint, progress, note, signals,
    });
  } catch (e) {
    if (!(e instanceof Interrupted)) throw e;
    const where = e.checkpointDir ? `; checkpoint in ${a.out}: run the same command with --resume to finish` : '';
    process.stderr.write(`legions: interrupted after ${e.next - start} of ${end - start} games${where}\n`);
    process.exitCode = signalExitCode(e.signal);
    return;
  }
  const id = runIdentity(spec);
  const report = entry.report(r.acc, id, fingerprint(id), [start, end]);
  const perf = {
    threads,
    games: end - start,
    seconds: Number(r.seconds.toFixed(3)),
    gamesPerSecond: r.seconds > 0 ? Math.round((end - start) / r.seconds) : null,
    ...(r.resumedAt !== start ? { resumedAt: r.resumedAt } : {}),
  };
  if (out) {
    const own = [ACCUMULATOR_FILE, ...(perGame && isWithin(perGame, out) ? [relative(out, perGame)] : [])];
    const info = { command: 'simulate' as const, shard: shard ? `${shard.index}/${shard.count}` : null, perGame: perGame ? relative(out, perGame) : null, perf };
    await writeTransaction(out, 'simulate', signals, (tx) => report.write(tx.put.bind(tx), info, a.charts).then(() => {}), own);
  }
  if (report.policyErrors.total > 0) note(`warning: ${report.policyErrors.total} policy errors${report.policyErrors.games !== null ? ` in ${report.policyErrors.games} games` : ''}`);
  if (a.json) process.stdout.write(report.json(perf));
  else {
    // On a line of its own: the headline may end with a warning, which the speed is no part of.
    const rate = perf.gamesPerSecond ? `\n${perf.gamesPerSecond.toLocaleString('en-US')} games/s on ${threads} thread${threads > 1 ? 's' : ''}` : '';
    process.stdout.write(`${report.headline()}${rate}${a.out ? `\noutputs in ${a.out}` : ''}\n`);
  }
}
