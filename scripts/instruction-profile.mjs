// Where a warm game's instructions go, function by function: valgrind's callgrind counts the
// instructions at every address while the bench's games play (single-threaded V8, --perf-basic-prof,
// so that V8's map of its compiled code names each address), once for WARM games and once for
// WARM + MEASURE; the difference over MEASURE is a warm game's, the start and most compiling cancelled.
// Prints each function's instructions a game (self: what its own compiled code executes, including
// whatever V8 inlined into it) and its share. Unlike a CPU profile it does not move with the host's load.
// Slow: some two to four minutes on two cores. ROOT is a checkout with its dist/ built.
// With --mispredicts (first), callgrind also simulates a branch predictor and the profile counts mispredicted
// branches (conditional and indirect) instead of instructions: where a game pays for branches the processor
// cannot predict, which an instruction count does not show (the simulated predictor is simpler than a real one).
// Usage: node scripts/instruction-profile.mjs [--mispredicts] [ROOT=.] [TOP=40] [WARM=1000] [MEASURE=2000] [POLICY=competent]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const fail = (why) => {
  process.stderr.write(`instruction-profile: ${why}\n`);
  process.exit(2);
};
const mispredicts = process.argv[2] === '--mispredicts';
const args = process.argv.slice(mispredicts ? 3 : 2);
const what = mispredicts ? 'mispredicted branches' : 'instructions';
if (args.length > 5) fail('usage: node scripts/instruction-profile.mjs [--mispredicts] [ROOT=.] [TOP=40] [WARM=1000] [MEASURE=2000] [POLICY=competent]');
const [rootArg = '.', topArg = '40', warmArg = '1000', measureArg = '2000', policy = 'competent'] = args;
const root = resolve(rootArg);
const [top, warm, measure] = [topArg, warmArg, measureArg].map(Number);
if (![top, warm, measure].every((x) => Number.isInteger(x) && x >= 1)) {
  fail(`TOP, WARM and MEASURE must be positive whole numbers (got ${topArg}, ${warmArg}, ${measureArg})`);
}
if (!existsSync(join(root, 'dist', 'src/legions/game.js'))) fail(`${root} has no build (dist/src/legions/game.js): run npx tsc -p tsconfig.json in it`);
try {
  (await import(pathToFileURL(join(root, 'dist', 'policies/index.js')).href)).parsePolicies(policy, 5);
} catch (e) {
  fail(e instanceof Error ? e.message : String(e));
}
if (spawnSync('valgrind', ['--version']).status !== 0) fail('valgrind is not installed (apt-get install valgrind)');

const player = fileURLToPath(new URL('./ab-instructions.mjs', import.meta.url)); // its --play mode plays the games
const dir = mkdtempSync(join(tmpdir(), 'instruction-profile-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** Runs `games` games under callgrind; resolves with the callgrind file and V8's code map of that process. */
function record(games) {
  const out = join(dir, `cg.${games}`);
  return new Promise((done) => {
    const child = spawn('valgrind', [
      '--tool=callgrind', '--dump-instr=yes', `--branch-sim=${mispredicts ? 'yes' : 'no'}`, `--callgrind-out-file=${out}`,
      process.execPath, '--single-threaded', '--hash-seed=1', '--predictable-gc-schedule', '--perf-basic-prof',
      player, '--play', root, String(games), policy,
    ], { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir }); // (V8's isolate-*.log lands in the temporary folder, not the caller's)
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.on('close', (code) => {
      const pid = /==(\d+)==/.exec(err)?.[1];
      const map = `/tmp/perf-${pid}.map`; // where V8's --perf-basic-prof writes (valgrind keeps the pid)
      if (code !== 0 || !pid || !existsSync(map)) fail(`the profile of ${games} games failed (exit ${code}): ${err.trim().split('\n').pop()}`);
      done({ out, map });
    });
  });
}

/** Instructions by address (self cost only: a call's inclusive cost line is skipped), and each address's function as callgrind names it. */
function costsByAddress(file) {
  const cost = new Map();
  const fnOf = new Map();
  const names = new Map();
  let pos = 0;
  let fn = '';
  let callLine = false;
  let width = 1; // positions per cost line (instr, or instr line)
  let counted = [0]; // the events summed, as columns after the positions (Ir; or Bcm and Bim with --mispredicts)
  const sub = (p) => {
    if (p === '*') return pos;
    const sign = p[0] === '+' ? 1 : p[0] === '-' ? -1 : 0;
    const num = sign === 0 ? p : p.slice(1);
    const v = num.startsWith('0x') ? parseInt(num, 16) : parseInt(num, 10);
    return sign === 0 ? v : pos + sign * v;
  };
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.startsWith('positions:')) width = line.slice(10).trim().split(/\s+/).length;
    else if (line.startsWith('events:')) {
      const events = line.slice(7).trim().split(/\s+/);
      counted = mispredicts ? [events.indexOf('Bcm'), events.indexOf('Bim')] : [events.indexOf('Ir')];
      if (counted.some((k) => k < 0)) fail(`callgrind's events lack what is counted: ${line}`);
    }
    else if (line.startsWith('calls=')) callLine = true;
    else if (line.startsWith('fn=') || line.startsWith('cfn=')) {
      const m = /^c?fn=\((\d+)\)(?: (.*))?$/.exec(line);
      if (m && m[2] !== undefined) names.set(m[1], m[2]);
      if (m && line[0] === 'f') fn = names.get(m[1]) ?? '';
    } else {
      const c = line.charCodeAt(0);
      if (!(c === 43 || c === 45 || c === 42 || (c >= 48 && c <= 57))) continue;
      const parts = line.split(' ');
      pos = sub(parts[0]);
      if (callLine) {
        callLine = false;
        continue;
      }
      let ir = 0; // (a cost line leaves out its trailing zero events)
      for (const k of counted) ir += Number(parts[width + k] ?? 0);
      cost.set(pos, (cost.get(pos) ?? 0) + ir);
      fnOf.set(pos, fn);
    }
  }
  return { cost, fnOf };
}

/** Instructions by function: V8's code map names compiled code (a later entry wins where code was moved or replaced), callgrind the rest. */
function costsByFunction({ out, map }) {
  const { cost, fnOf } = costsByAddress(out);
  const entries = readFileSync(map, 'utf8').trim().split('\n').map((l, i) => {
    const a = l.indexOf(' ');
    const b = l.indexOf(' ', a + 1);
    return { start: parseInt(l.slice(0, a), 16), end: parseInt(l.slice(0, a), 16) + parseInt(l.slice(a + 1, b), 16), name: l.slice(b + 1), i };
  }).sort((x, y) => x.start - y.start);
  const maxSize = entries.reduce((m, e) => Math.max(m, e.end - e.start), 0);
  const byName = new Map();
  for (const [addr, ir] of cost) {
    // The last entry starting at or before addr, then back over those that could still cover it.
    let lo = 0;
    let hi = entries.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (entries[mid].start <= addr) lo = mid + 1;
      else hi = mid - 1;
    }
    let best = null;
    for (let k = hi; k >= 0 && entries[k].start > addr - maxSize; k--) {
      const e = entries[k];
      if (addr < e.end && (best === null || e.i > best.i)) best = e;
    }
    let name = best ? best.name.replace(/^JS:[*~^+]?/, 'JS:').replace(/file:\/\/\S*?\/dist\//, '') : null;
    if (name === null) {
      const f = fnOf.get(addr) ?? '';
      name = f === '' || f.startsWith('0x') ? '(unnamed code)' : `C++: ${f.replace(/\(.*$/, '')}`;
    }
    byName.set(name, (byName.get(name) ?? 0) + ir);
  }
  return byName;
}

const [short, long] = await Promise.all([record(warm), record(warm + measure)]);
const a = costsByFunction(short);
const b = costsByFunction(long);
const rows = [];
for (const name of new Set([...a.keys(), ...b.keys()])) rows.push([name, ((b.get(name) ?? 0) - (a.get(name) ?? 0)) / measure]);
const total = rows.reduce((s, r) => s + r[1], 0);
rows.sort((x, y) => y[1] - x[1]);
process.stdout.write(`${what} a warm game: ${Math.round(total)} (${measure} games after ${warm}, ${policy})\n`);
for (const [name, n] of rows.slice(0, top)) process.stdout.write(`${String(Math.round(n)).padStart(9)} ${(100 * n / total).toFixed(2).padStart(6)} %  ${name}\n`);
