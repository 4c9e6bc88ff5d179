// The legions command line: one-line errors with exit code 2 for bad input, never a stack trace.
import yargs, { type CommandModule } from 'yargs';
import { hideBin } from 'yargs/helpers';
import { InputError } from '../legions/params.js';
import { normalizeArgs } from './args.js';
import { benchCommand } from './bench.js';
import { checkCommand, experimentCommand, schemaCommand } from './experiment.js';
import { mergeCommand } from './merge.js';
import { oddsCommand } from './odds.js';
import { replayCommand } from './replay.js';
import { simulateCommand } from './simulate.js';
import { tournamentCommand } from './tournament.js';
import { tuneCommand } from './tune.js';

function fail(msg: string, code = 2): never {
  process.stderr.write(`legions: ${msg}\n`);
  process.exit(code);
}

// A reader that goes away (`legions replay --json | head`) is not an error: stop quietly, once, for
// every command. Node ignores SIGPIPE, so the failed write arrives here as an EPIPE error event.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(0);
    if (stream === process.stdout) fail(`cannot write to standard output (${e.code ?? e.message})`, 1);
    process.exit(1);
  });
}

/** A system error (disk full, permission lost mid-run, ...) as one line: what failed, on which path. */
function systemErrorLine(e: NodeJS.ErrnoException): string {
  return `${e.syscall ?? 'I/O'}${e.path ? ` ${e.path}` : ''} failed (${e.code})`;
}

const commands = [
  simulateCommand, replayCommand, oddsCommand, benchCommand, mergeCommand, experimentCommand, checkCommand, schemaCommand,
  tournamentCommand, tuneCommand,
] as CommandModule<object, never>[];

try {
  let y = yargs(normalizeArgs(hideBin(process.argv), commands)).scriptName('legions');
  for (const c of commands) y = y.command(c);
  await y
    .demandCommand(1, 'name a command: simulate, merge, experiment, check, replay, odds, bench, tournament, tune or schema')
    .strict()
    .fail((msg, err) => {
      if (err) throw err;
      fail(msg.split('\n')[0]!);
    })
    .help()
    .parseAsync();
} catch (e) {
  if (e instanceof InputError) fail(e.message);
  const code = (e as NodeJS.ErrnoException | null)?.code;
  if (typeof code === 'string' && /^E[A-Z]+$/.test(code)) fail(systemErrorLine(e as NodeJS.ErrnoException), 1);
  throw e;
}
