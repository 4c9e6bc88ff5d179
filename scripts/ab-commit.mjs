// This checkout's build timed against a reference commit's, on this machine, in one command: a speed
// figure as a ratio to a known commit rather than in games/s, which differ some 2.5 times between
// machines of the same size (README, Performance). It checks out REF in a temporary git worktree
// (this checkout's node_modules linked in), builds it with tsc, runs scripts/ab-builds.mjs with this
// checkout as A and REF as B (both load orders), and removes the worktree, whatever happens.
// Build this checkout first (npx tsc -p tsconfig.json): its dist/ is what is timed.
// Usage: node scripts/ab-commit.mjs REF [CHUNK=300] [PAIRS=30] [POLICY=competent]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const [ref, chunk = '300', pairs = '30', policy = 'competent'] = process.argv.slice(2);
const fail = (why) => {
  process.stderr.write(`ab-commit: ${why}\n`);
  process.exit(2);
};
if (!ref) fail('usage: node scripts/ab-commit.mjs REF [CHUNK=300] [PAIRS=30] [POLICY=competent]');
if (![chunk, pairs].every((x) => /^[1-9][0-9]*$/.test(x))) fail(`CHUNK and PAIRS must be positive whole numbers (got ${chunk}, ${pairs})`);
const git = (...args) => spawnSync('git', args, { cwd: root, encoding: 'utf8' });
const commit = git('rev-parse', '--verify', '--quiet', `${ref}^{commit}`);
if (commit.error) fail(`git cannot be run: ${commit.error.message}`);
if (commit.status !== 0) fail(commit.stderr.trim() ? `git: ${commit.stderr.trim().split('\n')[0]}` : `${ref} is not a commit of this repository`);
const sha = commit.stdout.trim();
if (!existsSync(join(root, 'dist', 'src/legions/game.js'))) fail('this checkout has no build (dist/src/legions/game.js): run npx tsc -p tsconfig.json first');
if (!existsSync(join(root, 'node_modules'))) fail('this checkout has no node_modules: run npm ci first');

// Ctrl-C stops the child (same process group); it and a kill are caught here, so the worktree is still removed below.
for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(sig, () => {});
const dir = mkdtempSync(join(tmpdir(), 'legions-ab-commit-'));
const tree = join(dir, 'ref');
let status = 1;
try {
  const add = git('worktree', 'add', '--detach', tree, sha);
  if (add.status !== 0) throw new Error(`git worktree add failed: ${add.stderr.trim().split('\n')[0]}`);
  symlinkSync(join(root, 'node_modules'), join(tree, 'node_modules'), 'dir');
  process.stderr.write(`ab-commit: building ${sha.slice(0, 10)} in ${tree}\n`);
  const tsc = spawnSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.json'], { cwd: tree, encoding: 'utf8' });
  if (tsc.signal) throw new Error('interrupted');
  if (tsc.status !== 0) throw new Error(`${sha.slice(0, 10)} does not build: ${tsc.error?.message ?? (tsc.stdout || tsc.stderr).trim().split('\n')[0]}`);
  const run = spawnSync(process.execPath, [join(root, 'scripts', 'ab-builds.mjs'), root, tree, chunk, pairs, policy], { stdio: 'inherit' });
  if (run.signal) throw new Error('interrupted');
  status = run.status ?? 1;
} catch (e) {
  process.stderr.write(`ab-commit: ${e instanceof Error ? e.message : String(e)}\n`);
  status = 2;
} finally {
  git('worktree', 'remove', '--force', tree);
  rmSync(dir, { recursive: true, force: true });
  git('worktree', 'prune');
}
process.exit(status);
