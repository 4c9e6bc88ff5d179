// legions tune: evolve parametric weights against a field; writes policies/evolved/NAME.json.
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { SURVIVAL_WEIGHT, tune } from '../ai/tune.js';
import { InputError } from '../legions/params.js';
import { readJsonInput } from '../core/input.js';
import { claimOutputs } from '../sim/claim.js';
import { writeAtomic } from '../sim/files.js';
import { checkOutputDir, checkOutputFile } from '../sim/paths.js';
import { makePolicy } from '../../policies/index.js';
import { defaultWeightsPath, loadWeights } from '../../policies/weights.js';
import { intInRange, MAX_MAIN_THREAD_GAMES } from './args.js';
import { buildConfig, checkWeightFiles, type GameArgs, gameInputs, withGameOptions } from './options.js';

interface TuneArgs extends GameArgs {
  field: string;
  start?: string;
  generations: number;
  population: number;
  parents: number;
  games: number;
  sigma: number;
  name: string;
  out: string;
  quiet: boolean;
}

export const tuneCommand: CommandModule<object, TuneArgs> = {
  command: 'tune',
  describe: 'Evolve the parametric policy weights against a field of opponents (common random numbers)',
  builder: (y) =>
    withGameOptions(y)
      .option('field', { type: 'string', default: 'statesman,parametric', describe: 'Opponent policies, rotated over the other seats' })
      .option('start', { type: 'string', describe: 'Starting weight file (default: policies/parametric/default.json)' })
      .option('generations', { type: 'number', default: 8, describe: 'Generations, 1..1000' })
      .option('population', { type: 'number', default: 8, describe: 'Offspring per generation, 1..1000' })
      .option('parents', { type: 'number', default: 2, describe: 'Parents kept per generation (1..population)' })
      .option('games', { type: 'number', default: 200, describe: `Games per evaluation, 1..${MAX_MAIN_THREAD_GAMES}` })
      .option('sigma', { type: 'number', default: 0.15, describe: 'Mutation step as a share of each weight range' })
      .option('name', { type: 'string', default: 'evolved', describe: 'Name of the weight file written' })
      .option('out', { type: 'string', default: 'policies/evolved', describe: 'Folder for the weight file' })
      .option('quiet', { type: 'boolean', default: false }) as never,
  handler: (a) => {
    intInRange('--generations', a.generations, 1, 1000);
    intInRange('--population', a.population, 1, 1000);
    intInRange('--parents', a.parents, 1, Math.max(1, a.population));
    intInRange('--games', a.games, 1, MAX_MAIN_THREAD_GAMES);
    if (!(a.sigma > 0 && a.sigma <= 1)) throw new InputError(`--sigma must be in (0, 1], got ${a.sigma}`);
    if (!/^[A-Za-z0-9_-]+$/.test(a.name)) throw new InputError(`--name "${a.name}" may hold only letters, digits, - and _`);
    const field = a.field.split(',').map((s) => s.trim());
    if (field.some((n) => n === '')) throw new InputError('--field: an empty policy name');
    checkWeightFiles(field);
    field.forEach((n) => makePolicy(n));
    if (a.start !== undefined) readJsonInput(a.start, 'weights');
    const start = loadWeights(a.start ?? defaultWeightsPath());
    const cfg = buildConfig({ ...a, policies: 'statesman' });
    const inputs = [...gameInputs(a), ...(a.start !== undefined ? [{ path: a.start, what: '--start' }] : [])];
    const out = checkOutputDir(a.out, '--out', inputs);
    const file = checkOutputFile(join(out, `${a.name}.json`), '--name', inputs);
    const claim = claimOutputs('tune', { path: out, what: `--out ${a.out}` });
    try {
      tuneAndWrite(a, cfg, start, field, file);
    } finally {
      claim.release();
    }
  },
};

function tuneAndWrite(a: TuneArgs, cfg: ReturnType<typeof buildConfig>, start: ReturnType<typeof loadWeights>, field: string[], file: string): void {
  const r = tune(cfg, start, field, { generations: a.generations, population: a.population, parents: a.parents, games: a.games, sigma: a.sigma, seed: a.seed },
    (gen, best, mean) => {
      if (!a.quiet) process.stderr.write(`generation ${gen}/${a.generations}: best fitness ${best.toFixed(4)}, mean ${mean.toFixed(4)} (win share + ${SURVIVAL_WEIGHT} x survival)\n`);
    });
  const v = r.validation;
  const doc = {
    description: `Evolved by legions tune against ${field.join(', ')} (${a.players} players, seed ${a.seed}).`,
    field, players: a.players, seed: a.seed, generations: a.generations,
    validation: { games: v.games, winRate: v.winRate, ci95: v.ci95, startWinRate: v.startWinRate },
    history: r.history,
    weights: r.best,
  };
  writeAtomic(file, JSON.stringify(doc, null, 2) + '\n');
  process.stdout.write(`win share against the field ${(100 * v.winRate).toFixed(1)} % [${(100 * v.ci95[0]).toFixed(1)}, ${(100 * v.ci95[1]).toFixed(1)}] over ${v.games} validation games (start: ${(100 * v.startWinRate).toFixed(1)} %); written ${file}\n`);
}
