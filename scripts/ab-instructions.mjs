// Two builds of the engine compared by the machine instructions a game executes, counted by valgrind
// (cachegrind, no cache simulation): a count does not depend on what else the machine is doing, so
// steps of well under 1 % can be told apart on a shared, drifting host where timings cannot
// (scripts/ab-builds.mjs). Instructions are not time (cache misses and mispredicted branches are
// left out): keep a step when it executes fewer instructions AND ab-builds does not find it slower.
// Each build plays WARM games, and separately WARM + MEASURE games, in one V8 thread with a garbage
// collector scheduled by allocation, not by time (--single-threaded, --predictable-gc-schedule: so the
// counts repeat, within about 0.1 % on a machine loaded four times over); the difference over MEASURE
// is the instructions of a warm game, the start and most of the compiling cancelled.
// Each ROOT is a checkout with its dist/ built. Under valgrind a game runs some 50 times slower: the
// defaults take about a minute and a half per build (the two builds are counted side by side).
// With --branches (first), valgrind also simulates a branch predictor and the mispredicted branches a game are
// printed: a step can remove instructions and still cost time in branches the processor cannot predict (a
// switch on each candidate's owner did, in the eighteenth round). The simulated predictor is simpler than a
// real one: read the count as a warning to confirm with scripts/ab-builds.mjs, not as time.
// Usage: node scripts/ab-instructions.mjs [--branches] A_ROOT B_ROOT [WARM=1000] [MEASURE=2000] [POLICY=competent]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const me = fileURLToPath(import.meta.url);
const fail = (why) => {
  process.stderr.write(`ab-instructions: ${why}\n`);
  process.exit(2);
};

if (process.argv[2] === '--play') {
  // The child: plays `games` games of the bench's workload with the build under `root`, and nothing else.
  const [root, gamesArg, policy] = process.argv.slice(3);
  const load = (rel) => import(pathToFileURL(resolve(root, 'dist', rel)).href);
  const [game, params, board, variants, pol] = await Promise.all([
    load('src/legions/game.js'), load('src/legions/params.js'), load('src/legions/board.js'),
    load('src/legions/variants.js'), load('policies/index.js'),
  ]);
  const cfg = { players: 5, params: params.defaultParams(), board: board.defaultBoard(), variants: variants.noVariants() };
  const policies = pol.parsePolicies(policy, 5);
  const play = game.playOutcome ?? game.playGame; // the path simulate takes, where the build has it
  for (let i = 0, n = Number(gamesArg); i < n; i++) play(cfg, 'bench', i, policies);
  process.exit(0);
}

const branches = process.argv[2] === '--branches';
const args = process.argv.slice(branches ? 3 : 2);
const [aRoot, bRoot, warmArg = '1000', measureArg = '2000', policy = 'competent'] = args;
if (!aRoot || !bRoot || args.length > 5) fail('usage: node scripts/ab-instructions.mjs [--branches] A_ROOT B_ROOT [WARM=1000] [MEASURE=2000] [POLICY=competent]');
const warm = Number(warmArg);
const measure = Number(measureArg);
if (!Number.isInteger(warm) || warm < 1 || !Number.isInteger(measure) || measure < 1) {
  fail(`WARM and MEASURE must be positive whole numbers (got ${warmArg}, ${measureArg})`);
}
for (const root of [aRoot, bRoot]) {
  if (!existsSync(resolve(root, 'dist', 'src/legions/game.js'))) fail(`${root} has no build (dist/src/legions/game.js): run npx tsc -p tsconfig.json in it`);
}
// The policy is checked here, where a bad name is one line, not under valgrind.
try {
  const pol = await import(pathToFileURL(resolve(aRoot, 'dist', 'policies/index.js')).href);
  pol.parsePolicies(policy, 5);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
if (spawnSync('valgrind', ['--version'], { encoding: 'utf8' }).status !== 0) fail('valgrind is not installed (apt-get install valgrind)');

/** Instructions (valgrind's "I refs") of one child playing `games` games with the build under `root`, and with --branches its mispredicted branches. */
function count(root, games) {
  return new Promise((done) => {
    const child = spawn('valgrind', [
      '--tool=cachegrind', '--cache-sim=no', `--branch-sim=${branches ? 'yes' : 'no'}`, '--cachegrind-out-file=/dev/null',
      process.execPath, '--single-threaded', '--hash-seed=1', '--predictable-gc-schedule', me, '--play', root, String(games), policy,
    ], { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (code) => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      const mis = /Mispredicts:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !m || (branches && !mis)) fail(`the count of ${games} games with ${root} failed (exit ${code}): ${err.trim().split('\n').pop()}`);
      done({ instructions: Number(m[1].replaceAll(',', '')), mispredicts: mis ? Number(mis[1].replaceAll(',', '')) : 0 });
    });
  });
}

/** Instructions (and mispredicted branches) of a warm game with the build under `root`. */
async function perGame(root) {
  const short = await count(root, warm);
  const long = await count(root, warm + measure);
  return { instructions: (long.instructions - short.instructions) / measure, mispredicts: (long.mispredicts - short.mispredicts) / measure };
}

const [a, b] = await Promise.all([perGame(aRoot), perGame(bRoot)]);
const i = (x) => Math.round(x.instructions);
process.stdout.write(`instructions a game (${measure} games after ${warm}, ${policy}): A ${i(a)}, B ${i(b)}; A/B ${(a.instructions / b.instructions).toFixed(4)}\n`);
if (branches) {
  const mp = (x) => Math.round(x.mispredicts);
  process.stdout.write(`mispredicted branches a game (simulated): A ${mp(a)}, B ${mp(b)}; A/B ${(a.mispredicts / b.mispredicts).toFixed(4)}\n`);
}
