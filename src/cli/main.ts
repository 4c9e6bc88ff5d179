// The legions binary: runs the command line (cli.ts) and exits with its status.
import { hideBin } from 'yargs/helpers';
import { runCli } from './cli.js';

// A reader that goes away (`legions replay --json | head`) is not an error: stop quietly, once, for
// every command. Node ignores SIGPIPE, so the failed write arrives here as an EPIPE error event.
// Commands write stdout last, after their outputs are complete, so stopping there loses nothing.
process.stdout.on('error', (e: NodeJS.ErrnoException) => {
  if (e.code === 'EPIPE') process.exit(0);
  process.stderr.write(`legions: cannot write to standard output (${e.code ?? e.message})\n`);
  process.exit(1);
});
// A closed stderr (progress piped into head) must not stop a run: its messages are lost, not its work.
process.stderr.on('error', () => {});

const status = await runCli(hideBin(process.argv));
// A refusal or failure ends at once; success lets pending output drain first.
if (status !== 0) process.exit(status);
process.exitCode = 0;
