// Two builds of the engine timed against each other in one process: chunks of the bench's games (five
// players of POLICY) played alternately by build A and build B, CPU time per chunk, so that the machine's drift
// falls on both alike. Each ROOT is a checkout with its dist/ built (e.g. a `git worktree` of the
// commit to compare, `npx tsc -p tsconfig.json` run in it).
// Prints the median of A/B over the pairs (below 1: A is faster) and each build's fastest chunk per game.
// The build loaded first into a process tends to run up to 2 % faster, whichever it is (two copies of
// one build read 0.978-1.005), so by default the same run is made again in a second process with the
// builds loaded the other way round, and the effect of A is the geometric mean of A/B and 1/(B/A):
// the load-order bias cancels. Two copies of one build then read 0.993-1.007 (60 pairs). ORDERS=1
// makes one run only, in the given order.
// Usage: node scripts/ab-builds.mjs A_ROOT B_ROOT [CHUNK=300] [PAIRS=30] [POLICY=competent] [ORDERS=2]
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const [aRoot, bRoot, chunkArg = '300', pairsArg = '30', policy = 'competent', ordersArg = '2'] = process.argv.slice(2);
if (!aRoot || !bRoot) {
  process.stderr.write('usage: node scripts/ab-builds.mjs A_ROOT B_ROOT [CHUNK=300] [PAIRS=30] [POLICY=competent] [ORDERS=2]\n');
  process.exit(2);
}
const chunk = Number(chunkArg);
const pairs = Number(pairsArg);
if (!Number.isInteger(chunk) || chunk < 1 || !Number.isInteger(pairs) || pairs < 1) {
  process.stderr.write(`ab-builds: CHUNK and PAIRS must be positive whole numbers (got ${chunkArg}, ${pairsArg})\n`);
  process.exit(2);
}
if (ordersArg !== '1' && ordersArg !== '2') {
  process.stderr.write(`ab-builds: ORDERS must be 1 or 2 (got ${ordersArg})\n`);
  process.exit(2);
}

/** A player of `n` more games of the bench's workload with the build under `root`. */
async function builder(root) {
  if (!existsSync(resolve(root, 'dist', 'src/legions/game.js'))) {
    process.stderr.write(`ab-builds: ${root} has no build (dist/src/legions/game.js): run npx tsc -p tsconfig.json in it\n`);
    process.exit(2);
  }
  const load = (rel) => import(pathToFileURL(resolve(root, 'dist', rel)).href);
  const [game, params, board, variants, pol] = await Promise.all([
    load('src/legions/game.js'), load('src/legions/params.js'), load('src/legions/board.js'),
    load('src/legions/variants.js'), load('policies/index.js'),
  ]);
  const cfg = { players: 5, params: params.defaultParams(), board: board.defaultBoard(), variants: variants.noVariants() };
  let policies;
  try {
    policies = pol.parsePolicies(policy, 5);
  } catch (e) {
    process.stderr.write(`ab-builds: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  let next = 0;
  // The path simulate takes: playOutcome (a state reused between games) where the build has it.
  const play = game.playOutcome ?? game.playGame;
  return (n) => {
    for (let i = 0; i < n; i++) play(cfg, 'bench', next++ % 5000, policies);
  };
}

const a = await builder(aRoot);
const b = await builder(bRoot);
/** CPU milliseconds of one chunk. */
const time = (play) => {
  const c0 = process.cpuUsage();
  play(chunk);
  return process.cpuUsage(c0).user / 1000;
};
for (let w = 0; w < 3; w++) {
  time(a);
  time(b);
}
const ta = [];
const tb = [];
const ratios = [];
for (let r = 0; r < pairs; r++) {
  // Which build goes first alternates, so neither always runs on a warmer or cooler machine.
  const x = r % 2 === 0 ? time(a) : 0;
  const y = time(b);
  const xa = r % 2 === 0 ? x : time(a);
  ta.push(xa);
  tb.push(y);
  ratios.push(xa / y);
}
const median = (v) => [...v].sort((p, q) => p - q)[v.length >> 1];
const perGame = (v) => ((1000 * Math.min(...v)) / chunk).toFixed(0);
const forward = median(ratios);
process.stdout.write(`A/B median ${forward.toFixed(3)} over ${pairs} pairs of ${chunk} games; fastest chunk per game: A ${perGame(ta)} µs, B ${perGame(tb)} µs\n`);
if (ordersArg === '2') {
  // The same measurement with B loaded first, in a fresh process: its A/B is this one's B/A.
  const again = spawnSync(process.execPath, [fileURLToPath(import.meta.url), bRoot, aRoot, chunkArg, pairsArg, policy, '1'], { encoding: 'utf8' });
  const reverse = Number(/A\/B median ([0-9.]+)/.exec(again.stdout ?? '')?.[1]);
  if (again.status !== 0 || !(reverse > 0)) {
    process.stderr.write(`ab-builds: the run with B loaded first failed: ${(again.stderr || again.stdout || '').trim().split('\n').pop()}\n`);
    process.exit(1);
  }
  process.stdout.write(`B/A median ${reverse.toFixed(3)} with B loaded first; effect of A against B ${Math.sqrt(forward / reverse).toFixed(4)} (below 1: A is faster)\n`);
}
