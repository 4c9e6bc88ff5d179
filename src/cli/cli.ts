// The legions command line as a function: parse, run one command, and return its exit status (0;
// 1 for a failed gate or a system error; 2 for bad input, with one line "legions: ..." on stderr and
// never a stack trace). main.ts runs it for the binary; tests can run it in-process.
import yargs, { type CommandModule } from 'yargs';
import { InputError } from '../core/errors.js';
import { DEFAULT_GAME, GAME_IDS, getGame } from '../games/index.js';
import { normalizeArgs } from './args.js';
import { benchCommand } from './bench.js';
import { checkCommand, experimentCommand, schemaCommand } from './experiment.js';
import { exploitCommand } from './exploit.js';
import { mergeCommand } from './merge.js';
import { oddsCommand } from './odds.js';
import { replayCommand } from './replay.js';
import { simulateCommand } from './simulate.js';
import { tournamentCommand } from './tournament.js';
import { tuneCommand } from './tune.js';

/** Commands that play a game of their own choosing: --game picks it. The others play LEGIONS only. */
const MULTI_GAME = new Set(['simulate', 'merge', 'odds', 'experiment', 'check', 'schema']);

const commands = [
  simulateCommand, replayCommand, oddsCommand, benchCommand, mergeCommand, experimentCommand, checkCommand, schemaCommand,
  tournamentCommand, tuneCommand, exploitCommand,
] as CommandModule<object, never>[];

/** A system error (disk full, permission lost mid-run, ...) as one line: what failed, on which path. */
function systemErrorLine(e: NodeJS.ErrnoException): string {
  return `${e.syscall ?? 'I/O'}${e.path ? ` ${e.path}` : ''} failed (${e.code})`;
}

/**
 * Runs the command line `args` (without node and the script). Errors that are not bad input or a
 * system error are bugs: they are thrown, with their stack.
 */
export async function runCli(args: readonly string[]): Promise<number> {
  process.exitCode = undefined;
  try {
    let y = yargs(normalizeArgs(args, commands)).scriptName('legions').exitProcess(false);
    for (const c of commands) y = y.command(c);
    await y
      .option('game', { type: 'string', default: DEFAULT_GAME, global: true, describe: `The game played: ${GAME_IDS.join(', ')}` })
      .middleware((argv) => {
        const game = String(argv.game);
        if (/^\d+$/.test(game) && argv._[0] === 'replay') throw new InputError(`--game names the game played (${GAME_IDS.join(', ')}); replay's game index is --index ${game}`);
        getGame(game); // an unknown name is refused with the known ones
        const command = String(argv._[0] ?? '');
        if (command && game !== DEFAULT_GAME && !MULTI_GAME.has(command)) throw new InputError(`${command}: plays ${DEFAULT_GAME} only (--game ${game} works with ${[...MULTI_GAME].join(', ')})`);
      }, true)
      .demandCommand(1, 'name a command: simulate, merge, experiment, check, replay, odds, bench, tournament, tune, exploit or schema')
      .strict()
      .fail((msg, err) => {
        throw err ?? new InputError(msg.split('\n')[0]!);
      })
      .help()
      .wrap(null) // no wrapping: yargs would break words mid-word at 80 columns; terminals wrap lines themselves
      .parseAsync();
  } catch (e) {
    const code = (e as NodeJS.ErrnoException | null)?.code;
    let line: string;
    let status: number;
    if (e instanceof InputError) [line, status] = [e.message, 2];
    else if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) [line, status] = [systemErrorLine(e as NodeJS.ErrnoException), 1];
    else throw e;
    process.stderr.write(`legions: ${line}\n`);
    process.exitCode = undefined;
    return status;
  }
  const status = typeof process.exitCode === 'number' ? process.exitCode : 0;
  process.exitCode = undefined;
  return status;
}
