// legions tune: evolve parametric weights against a field; writes policies/evolved/NAME.json.
import { join } from 'node:path';
import type { CommandModule } from 'yargs';
import { EvalPool } from '../ai/pool.js';
import { selfPlay } from '../ai/selfplay.js';
import { SURVIVAL_WEIGHT, tune } from '../ai/tune.js';
import { defaultThreads } from '../sim/runner.js';
import { InputError } from '../core/errors.js';
import { readJsonInput } from '../core/input.js';
import { claimOutputs } from '../sim/claim.js';
import { writeAtomic } from '../sim/files.js';
import { checkOutputDir, checkOutputFile } from '../sim/paths.js';
import { makePolicy } from '../../policies/index.js';
import { defaultWeightsPath, loadWeights } from '../../policies/weights.js';
import { OPPORTUNIST, STATESMAN, type Weights } from '../../policies/parametric.js';
import type { GameConfig } from '../legions/game.js';
import { intInRange, MAX_MAIN_THREAD_GAMES, threadsInRange, weightKeys } from './args.js';
import { projectOnto } from '../ai/exploit.js';
import { buildConfig, checkWeightFiles, type GameArgs, gameInputs, withGameOptions } from './options.js';

interface TuneArgs extends GameArgs {
  field: string;
  selfPlay: boolean;
  rounds: number;
  measureGames: number;
  survivalWeight: number;
  opponents?: string;
  deviators: number;
  threads?: number;
  start?: string;
  generations: number;
  population: number;
  parents: number;
  games: number;
  sigma: number;
  name: string;
  out: string;
  quiet: boolean;
  only?: string;
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
      .option('self-play', { type: 'boolean', default: false, describe: 'Train by iterated best responses over a growing population (the competent policy) instead of against --field' })
      .option('rounds', { type: 'number', default: 3, describe: 'Self-play: rounds (a best response and a candidate update each)' })
      .option('measure-games', { type: 'number', default: 1000, describe: 'Self-play: paired games to measure each round\'s best response' })
      .option('survival-weight', { type: 'number', default: SURVIVAL_WEIGHT, describe: 'Weight of the Republic\'s survival beside the win share in the fitness' })
      .option('opponents', { type: 'string', describe: 'Self-play: weight files or built-in vectors (statesman, opportunist) to seed the population with, or none' })
      .option('deviators', { type: 'number', default: 3, describe: 'Self-play: the candidate is judged against the last this many deviators' })
      .option('threads', { type: 'number', describe: 'Worker threads (default: the machine\'s cores)' })
      .option('only', { type: 'string', describe: 'Change only these weights (comma-separated names, e.g. a variation\'s own: landActRI,coSponsorRI,landActVoteRI); the rest stay as in --start' })
      .option('quiet', { type: 'boolean', default: false, describe: 'No progress output' }) as never,
  handler: async (a) => {
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
    const cfg = buildConfig({ ...a, policies: 'statesman', field: undefined });
    if (!(a.survivalWeight >= 0 && a.survivalWeight <= 10)) throw new InputError(`--survival-weight must be in 0..10, got ${a.survivalWeight}`);
    threadsInRange(a.threads);
    const only = weightKeys('--only', a.only);
    if (a.selfPlay) {
      intInRange('--rounds', a.rounds, 1, 100);
      intInRange('--measure-games', a.measureGames, 10, MAX_MAIN_THREAD_GAMES);
      intInRange('--deviators', a.deviators, 1, 20);
    }
    const inputs = [...gameInputs(a), ...(a.start !== undefined ? [{ path: a.start, what: '--start' }] : [])];
    const out = checkOutputDir(a.out, '--out', inputs);
    const file = checkOutputFile(join(out, `${a.name}.json`), '--name', inputs);
    const claim = claimOutputs('tune', { path: out, what: `--out ${a.out}` });
    const pool = new EvalPool(a.threads ?? defaultThreads());
    try {
      if (a.selfPlay) await selfPlayAndWrite(a, pool, cfg, start, file, only);
      else await tuneAndWrite(a, pool, cfg, start, field, file, only);
    } finally {
      await pool.close();
      claim.release();
    }
  },
};

async function tuneAndWrite(a: TuneArgs, pool: EvalPool, cfg: GameConfig, start: Weights, field: string[], file: string, only: (keyof Weights)[] | undefined): Promise<void> {
  const r = await tune(pool, cfg, start, field, { generations: a.generations, population: a.population, parents: a.parents, games: a.games, sigma: a.sigma, seed: a.seed, survivalWeight: a.survivalWeight, only },
    (gen, best, mean) => {
      if (!a.quiet) process.stderr.write(`generation ${gen}/${a.generations}: best fitness ${best.toFixed(4)}, mean ${mean.toFixed(4)} (win share + ${a.survivalWeight} x survival)\n`);
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

/** The opponents that seed a self-play population: built-in vectors by name, or weight files. */
function opponentWeights(list: string | undefined): Weights[] {
  if (!list) return [STATESMAN, { ...OPPORTUNIST, cooperateRI: 30 }];
  if (list === 'none') return [];
  return list.split(',').map((x) => x.trim()).filter(Boolean).map((x) =>
    x === 'statesman' ? STATESMAN : x === 'opportunist' ? { ...OPPORTUNIST, cooperateRI: 30 } : loadWeights(x));
}

async function selfPlayAndWrite(a: TuneArgs, pool: EvalPool, cfg: GameConfig, start: Weights, file: string, only: (keyof Weights)[] | undefined): Promise<void> {
  // With --only, seed opponents differ from the start in those weights alone.
  const opponents = opponentWeights(a.opponents).map((w) => (only ? projectOnto(start, w, only) : w));
  const r = await selfPlay(pool, cfg, start, opponents, {
    rounds: a.rounds, generations: a.generations, population: a.population, parents: a.parents, games: a.games, sigma: a.sigma,
    measureGames: a.measureGames, survivalWeight: a.survivalWeight, seed: a.seed, deviators: a.deviators, only,
    starts: [{ label: 'statesman', weights: STATESMAN }, { label: 'opportunist', weights: { ...OPPORTUNIST, cooperateRI: 30 } }, { label: 'parametric', weights: loadWeights(defaultWeightsPath()) }],
  }, (m) => !a.quiet && process.stderr.write(`self-play: ${m}\n`));
  const doc = {
    description: `Trained by legions tune --self-play (${a.players} players, seed ${a.seed}): iterated best responses over a growing population.`,
    command: `legions ${process.argv.slice(2).join(' ')}`,
    players: a.players, seed: a.seed, chosenRound: r.chosenRound,
    rounds: r.rounds.map((x) => ({ round: x.round, bestResponseGain: x.exploit.gain, bestResponseWinShare: x.exploit.winShare, fieldWinShare: x.exploit.fieldWinShare, games: x.exploit.games, candidate: x.candidate })),
    weights: r.candidate,
  };
  writeAtomic(file, JSON.stringify(doc, null, 2) + '\n');
  const g = r.rounds.find((x) => x.round === r.chosenRound)!.exploit.gain;
  process.stdout.write(`self-play: ${a.rounds} rounds; kept the candidate of round ${r.chosenRound}, whose best response gained ${(100 * g.value).toFixed(1)} points [${(100 * g.ci95[0]).toFixed(1)}, ${(100 * g.ci95[1]).toFixed(1)}]; written ${file} (measure it afresh with legions exploit)\n`);
}
