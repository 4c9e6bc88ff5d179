// The legions command line: one-line errors with exit code 2 for bad input, never a stack trace.
import yargs from 'yargs';
import { hideBin } from 'yargs/helpers';
import { InputError } from '../legions/params.js';
import { benchCommand } from './bench.js';
import { checkCommand, experimentCommand, schemaCommand } from './experiment.js';
import { exploitCommand } from './exploit.js';
import { mergeCommand } from './merge.js';
import { oddsCommand } from './odds.js';
import { replayCommand } from './replay.js';
import { simulateCommand } from './simulate.js';
import { tournamentCommand } from './tournament.js';
import { tuneCommand } from './tune.js';

function fail(msg: string): never {
  process.stderr.write(`legions: ${msg}\n`);
  process.exit(2);
}

try {
  await yargs(hideBin(process.argv))
    .scriptName('legions')
    .command(simulateCommand)
    .command(replayCommand)
    .command(oddsCommand)
    .command(benchCommand)
    .command(mergeCommand)
    .command(experimentCommand)
    .command(checkCommand)
    .command(schemaCommand)
    .command(tournamentCommand)
    .command(tuneCommand)
    .command(exploitCommand)
    .demandCommand(1, 'name a command: simulate, merge, experiment, check, replay, odds, bench, tournament, tune, exploit or schema')
    .strict()
    .fail((msg, err) => {
      if (err) throw err;
      fail(msg.split('\n')[0]!);
    })
    .help()
    .parseAsync();
} catch (e) {
  if (e instanceof InputError) fail(e.message);
  throw e;
}
