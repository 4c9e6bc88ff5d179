// simulate / merge / bench through the command line (worker threads run compiled code: needs
// `npm run build`, which `npm test` does first). Reproducibility: threads, shards and resumes give
// byte-identical summaries; bad input is one line, exit 2, nothing written.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { warmRate } from '../src/cli/bench.js';
import { testTempDir } from './tmp.js';

const bin = join(__dirname, '..', 'bin', 'legions.js');
const temp = testTempDir('sim');
const root = temp.path;
afterAll(() => temp.remove());
const dir = (name: string) => join(root, name);

function run(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', env: { ...process.env, ...env } });
}

interface Result {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs several commands at once (separate processes). */
function runAll(commands: string[][]): Promise<Result[]> {
  return Promise.all(
    commands.map(
      (args) =>
        new Promise<Result>((resolve) => {
          const p = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
          let stdout = '';
          let stderr = '';
          p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
          p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
          p.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
        }),
    ),
  );
}

/** summary.json without its perf key (the only part allowed to differ between equal runs). */
function summaryOf(d: string): string {
  const text = readFileSync(join(d, 'summary.json'), 'utf8');
  const s = JSON.parse(text) as Record<string, unknown>;
  expect(s.perf).toBeDefined();
  // perf is last: cut it from the text itself, so the comparison is of the bytes written.
  const cut = text.indexOf(',\n  "perf":');
  expect(cut).toBeGreaterThan(0);
  return text.slice(0, cut);
}

// 3 players and three policies (so seats differ), 600 games.
const GAME = ['--players', '3', '--policies', 'statesman,opportunist,random', '--seed', 'sim-test', '--games', '600'];
const QUIET = ['--quiet', '--no-charts'];

function checkBadInput(r: { status?: number | null; code?: number | null; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(r.status ?? r.code).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^legions: /);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat \S+:\d+/); // no stack trace
}

const expectBadInput = (args: string[], pattern: RegExp) => checkBadInput(run(args), pattern);

/** Several bad commands at once (separate processes). */
async function expectBadInputs(cases: [string[], RegExp][]): Promise<void> {
  const results = await runAll(cases.map((c) => c[0]));
  results.forEach((r, i) => checkBadInput(r, cases[i]![1]));
}

let single = '';
beforeAll(() => {
  single = dir('single');
  const r = run(['simulate', ...GAME, ...QUIET, '--threads', '1', '--batch', '37', '--out', single, '--per-game', join(single, 'games.csv')]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

describe('reproducibility', () => {
  it('gives byte-identical summaries and per-game CSVs on 1 and 2 threads', () => {
    const two = dir('two');
    const r = run(['simulate', ...GAME, ...QUIET, '--threads', '2', '--out', two, '--per-game', join(two, 'games.csv'), '--json']);
    expect(r.status).toBe(0);
    expect(summaryOf(two)).toBe(summaryOf(single));
    expect(r.stdout).toBe(readFileSync(join(two, 'summary.json'), 'utf8'));
    const csv = readFileSync(join(two, 'games.csv'), 'utf8');
    expect(csv).toBe(readFileSync(join(single, 'games.csv'), 'utf8'));
    expect(csv.trim().split('\n')).toHaveLength(601);
    const perf = JSON.parse(r.stdout).perf;
    expect(perf.threads).toBe(2);
  });

  it('merges 4 shards run as separate processes into the single run, byte for byte', async () => {
    const shards = [0, 1, 2, 3].map((i) => dir(`shard${i}`));
    const results = await runAll(shards.map((d, i) => ['simulate', ...GAME, ...QUIET, '--threads', '1', '--shard', `${i}/4`, '--out', d, '--per-game', join(d, 'games.csv')]));
    expect(results.map((r) => r.stderr)).toEqual(['', '', '', '']);
    expect(results.map((r) => r.code)).toEqual([0, 0, 0, 0]);
    const merged = dir('merged');
    const m = run(['merge', '--out', merged, '--per-game', join(merged, 'games.csv'), '--no-charts', ...shards.slice().reverse()]);
    expect(m.stderr).toBe('');
    expect(m.status).toBe(0);
    expect(summaryOf(merged)).toBe(summaryOf(single));
    expect(readFileSync(join(merged, 'games.csv'), 'utf8')).toBe(readFileSync(join(single, 'games.csv'), 'utf8'));
    const acc = (d: string) => JSON.parse(readFileSync(join(d, 'accumulator.json'), 'utf8')).acc;
    expect(acc(merged)).toEqual(acc(single));
    // Shard folders may also follow `--` (so that a folder name may start with a dash).
    const dashed = dir('merged-dashed');
    const md = run(['merge', '--out', dashed, '--no-charts', '--', ...shards]);
    expect([md.stderr, md.status]).toEqual(['', 0]);
    expect(summaryOf(dashed)).toBe(summaryOf(single));
    // A shard's own summary covers its range only.
    const s1 = JSON.parse(readFileSync(join(shards[1]!, 'summary.json'), 'utf8'));
    expect(s1.config.range).toEqual([150, 300]);
    expect(s1.games).toBe(150);
  });

  it('resumes after a crash and finishes byte-identical to an uninterrupted run', () => {
    const d = dir('crash');
    const args = ['simulate', ...GAME, ...QUIET, '--threads', '2', '--batch', '50', '--checkpoint', '0', '--out', d, '--per-game', join(d, 'games.csv')];
    const crashed = run(args, { LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS: '3' });
    expect(crashed.signal).toBe('SIGKILL');
    expect(existsSync(join(d, 'checkpoint.json'))).toBe(true);
    expect(existsSync(join(d, 'summary.json'))).toBe(false);
    expect(existsSync(join(d, 'games.csv'))).toBe(false); // only games.csv.partial
    const ckpt = JSON.parse(readFileSync(join(d, 'checkpoint.json'), 'utf8'));
    expect(ckpt.next).toBeGreaterThanOrEqual(150);
    expect(ckpt.next).toBeLessThan(600);

    // A resume with other arguments is refused, naming the difference, and changes nothing.
    const before = readFileSync(join(d, 'checkpoint.json'), 'utf8');
    const other = run([...args.map((a) => (a === 'sim-test' ? 'other-seed' : a)), '--resume']);
    expect(other.status).toBe(2);
    expect(other.stderr.trim().split('\n')).toHaveLength(1);
    expect(other.stderr).toMatch(/^legions: --resume: .*--seed differs: "sim-test" in the checkpoint, "other-seed" in this command/);
    expect(readFileSync(join(d, 'checkpoint.json'), 'utf8')).toBe(before);
    const otherShard = run([...args, '--shard', '0/2', '--resume']);
    expect(otherShard.status).toBe(2);
    expect(otherShard.stderr).toMatch(/--shard differs/);

    const resumed = run([...args, '--resume']);
    expect(resumed.status).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(single));
    expect(readFileSync(join(d, 'games.csv'), 'utf8')).toBe(readFileSync(join(single, 'games.csv'), 'utf8'));
    expect(existsSync(join(d, 'checkpoint.json'))).toBe(false);
    expect(JSON.parse(readFileSync(join(d, 'summary.json'), 'utf8')).perf.resumedAt).toBe(ckpt.next);
    // Resuming a finished run only rewrites its outputs.
    const again = run([...args, '--resume']);
    expect(again.status).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(single));
  });

  it('stops on SIGINT with a checkpoint, and --resume finishes the run', async () => {
    const d = dir('sigint');
    const args = ['simulate', ...GAME, '--quiet', '--no-charts', '--threads', '1', '--batch', '1', '--checkpoint', '0', '--out', d];
    const p = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    p.stderr.on('data', (x: Buffer) => (stderr += x.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const poll = setInterval(() => {
        if (existsSync(join(d, 'checkpoint.json'))) {
          clearInterval(poll);
          p.kill('SIGINT');
        }
      }, 5);
      p.on('close', (c) => {
        clearInterval(poll);
        resolve(c);
      });
    });
    expect(code).toBe(130);
    expect(stderr).toMatch(/^legions: interrupted after \d+ of 600 games; checkpoint in .*--resume/);
    expect(existsSync(join(d, 'summary.json'))).toBe(false);
    const resumed = run([...args, '--resume']);
    expect(resumed.status).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(single));
  });
});

describe('merge refuses', () => {
  it('shards of different runs, naming the difference, and writes nothing', async () => {
    const a = dir('m-a');
    const b = dir('m-b');
    const results = await runAll([
      ['simulate', ...GAME, ...QUIET, '--threads', '1', '--shard', '0/2', '--out', a],
      ['simulate', ...GAME, ...QUIET, '--threads', '1', '--shard', '1/2', '--out', b, '--rule', 'turns=9'],
    ]);
    expect(results.map((r) => r.code)).toEqual([0, 0]);
    const out = dir('m-out');
    await expectBadInputs([
      [['merge', '--out', out, a, b], /merge: the shards are of different runs: the rules \(turns\) differs: 10 in .*m-a, 9 in .*m-b/],
      [['merge', '--out', out, a], /games 300\.\.599 are in no shard/],
      [['merge', '--out', out], /merge: name the shards' --out folders/],
      [['merge', '--out', out, a, a], /overlaps/],
      [['merge', '--out', out, dir('nothing-here')], /holds no accumulator\.json/],
    ]);
    expect(existsSync(out)).toBe(false);
  });
});

describe('bad input', () => {
  const before = () => readdirSync(root).sort();
  it('is one line, exit 2, and leaves nothing behind', async () => {
    const had = before();
    const out = dir('never');
    const file = join(root, 'a-file');
    writeFileSync(file, 'x');
    await expectBadInputs([
      [['simulate', '--games', '10', '--shard', '4/4', '--out', out], /--shard 4\/4: the shard index must be 0\.\.3/],
      [['simulate', '--games', '10', '--shard', 'two', '--out', out], /--shard must be i\/n/],
      [['simulate', '--games', '10', '--threads', '0', '--out', out], /--threads must be a positive integer, got 0/],
      [['simulate', '--games', '10', '--resume'], /--resume needs --out/],
      [['simulate', '--games', '10', '--out', join(file, 'sub')], /--out .*a-file\/sub: cannot write there \(ENOTDIR\)/],
      [['simulate', '--games', '10', '--per-game', join(file, 'sub', 'g.csv')], /--per-game .*: cannot write there/],
    ]);
    expect(existsSync(out)).toBe(false);
    expect(before()).toEqual([...had, 'a-file'].sort());
  });
  it('refuses a broken checkpoint on --resume', () => {
    const d = dir('broken');
    mkdirSync(d);
    writeFileSync(join(d, 'checkpoint.json'), '{"format": "legions-checkpoint/1"}');
    expectBadInput(['simulate', ...GAME, '--out', d, '--resume'], /checkpoint\.json: not a legions checkpoint file/);
  });
});

describe('outputs', () => {
  it('writes summary, CSVs, manifest and charts (Vega-Lite, SVG with axis titles, PNG)', () => {
    const d = dir('charts');
    const r = run(['simulate', '--players', '5', '--games', '300', '--seed', 'charts', '--threads', '1', '--quiet', '--out', d]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^300 games: collapse \d+\.\d\d % \[/);
    // The speed has a line of its own, not glued to the headline's last warning.
    expect(r.stdout).toMatch(/^[\d,]+ games\/s on 1 thread$/m);
    expect(r.stdout).toMatch(/^warning: \d+ % of the Senate's votes were unanimous[^\n]*decides little$/m);
    const manifest = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ tool: 'legions', command: 'simulate', games: 300, threads: 1, shard: null });
    expect(manifest.config.rulesHash).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.config.boardHash).toMatch(/^[0-9a-f]{16}$/);
    expect(manifest.throughput.gamesPerSecond).toBeGreaterThan(0);
    for (const f of manifest.files as string[]) expect(existsSync(join(d, f))).toBe(true);
    expect(readFileSync(join(d, 'summary.csv'), 'utf8').split('\n')[0]).toBe('metric,group,stat,value,ci95_low,ci95_high');
    const perTurn = readFileSync(join(d, 'per-turn.csv'), 'utf8').trim().split('\n');
    expect(perTurn[0]).toBe('turn,metric,value');
    expect(perTurn.some((l) => l.startsWith('10,ri_p95,'))).toBe(true);
    const titles: Record<string, string[]> = {
      'collapse-by-turn': ['Turn', 'Share of all games lost in the turn', 'Cause'],
      'ri-by-turn': ['Turn', 'Revolution Index'],
      'state-treasury-by-turn': ['Turn', 'State Treasury (talents)'],
      'prestige-spread': ['Highest minus lowest Prestige', 'Share of games'],
      'winner-margin': ["Winner's Prestige minus the runner-up's", 'Share of survived games'],
      'win-rate-by-seat': ['Seat', 'Win rate'],
      'legions-lost': ['Legions lost per game', 'Share of games'],
    };
    for (const [name, axis] of Object.entries(titles)) {
      const spec = JSON.parse(readFileSync(join(d, 'charts', `${name}.vl.json`), 'utf8'));
      expect(spec.$schema).toMatch(/vega-lite/);
      const svg = readFileSync(join(d, 'charts', `${name}.svg`), 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      for (const t of axis) expect(svg).toContain(`>${t}</text>`);
      const png = readFileSync(join(d, 'charts', `${name}.png`));
      expect(png.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
      expect(png.length).toBeGreaterThan(20000);
    }
    expect(readdirSync(d).filter((f) => f.endsWith('.tmp') || f.endsWith('.partial'))).toEqual([]);
  });
});

describe('bench', () => {
  it('gives the same signature on 1 and 2 threads (5 players, statesman, seed "bench")', () => {
    const r = run(['bench', '--games', '150', '--threads', '2', '--rollout-games', '1', '--json']);
    expect(r.status).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b.single.signature).toBe(b.signature);
    expect(b.threads).toBe(2);
    expect(b.scaling).toBeGreaterThan(0);
    expect(b.signature).toMatch(/^[0-9a-f]{16}$/);
  });

  // The shape only: timings depend on the machine and are never asserted.
  it('prints one JSON object with every figure: threads, floor, allocation, rollout cost', () => {
    const r = run(['bench', '--games', '40', '--threads', '1', '--rollout-games', '1', '--json']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(1);
    const b = JSON.parse(r.stdout);
    const positive = ['gamesPerSecond', 'gamesPerSecond1', 'gamesPerSecondAll', 'gamesPerSecondPerThread', 'scaling', 'rngFloorRatio', 'rolloutMsPerDecision', 'seconds'];
    for (const k of positive) {
      expect(typeof b[k], k).toBe('number');
      expect(Number.isFinite(b[k]) && b[k] > 0, k).toBe(true);
    }
    for (const k of ['allocBytesPerGame', 'gcMsPerGame']) expect(Number.isFinite(b[k]) && b[k] >= 0, k).toBe(true);
    expect(b.gamesPerSecondMain).toBe(b.single.gamesPerSecond);
    expect(Number.isFinite(b.gamesPerSecondMain) && b.gamesPerSecondMain > 0).toBe(true);
    expect(b.gamesPerSecondAll).toBe(b.gamesPerSecond);
    expect(b.scaling).toBeCloseTo(b.gamesPerSecondAll / b.gamesPerSecond1, 10);
    // The whole runs, start-up included, beside the warm figures.
    for (const k of ['gamesPerSecond1', 'gamesPerSecondAll', 'scaling']) expect(Number.isFinite(b.withStartUp[k]) && b.withStartUp[k] > 0, k).toBe(true);
    expect(b.withStartUp.gamesPerSecondAll).toBeCloseTo(b.games / b.seconds, 6);
    expect(b.withStartUp.scaling).toBeCloseTo(b.withStartUp.gamesPerSecondAll / b.withStartUp.gamesPerSecond1, 10);
    // On one thread the pool's run is the one-worker run: each figure is the same on both sides.
    expect(b.gamesPerSecond1).toBe(b.gamesPerSecondAll);
    expect(b.withStartUp.gamesPerSecond1).toBe(b.withStartUp.gamesPerSecondAll);
    // 40 games on one worker come in batches of 16, 16 and 8: warm after the first (10 games, a quarter), the other two counted.
    expect(b.warmGames1).toBe(24);
    expect(b.warmGamesAll).toBe(24);
    expect(b.gamesPerSecond1).not.toBe(b.withStartUp.gamesPerSecond1);
    expect(b.games).toBe(40);
    expect(b.single).toMatchObject({ games: 40, signature: b.signature });
    expect(b.rngFloor).toMatchObject({ streamsPerGame: 16 });
    // Streams are mixed in at their first draw: the floor pays for those a game draws from, not all 16.
    expect(b.rngFloor.streamsDrawnPerGame).toBeGreaterThanOrEqual(2);
    expect(b.rngFloor.streamsDrawnPerGame).toBeLessThan(16);
    expect(b.rngFloor.drawsPerGame).toBeGreaterThan(100);
    expect(b.rngFloorRatio).toBeCloseTo(b.single.seconds / b.rngFloor.seconds, 10);
    // The floor is the median of its passes: within the fastest and slowest.
    expect(b.rngFloor.passes).toBe(5);
    expect(b.rngFloor.microsPerGameRange[0]).toBeLessThanOrEqual(b.rngFloor.microsPerGame);
    expect(b.rngFloor.microsPerGame).toBeLessThanOrEqual(b.rngFloor.microsPerGameRange[1]);
    expect(b.rollout).toMatchObject({ games: 1 });
    expect(b.rollout.decisions).toBeGreaterThan(0);
    expect(b.rolloutMsPerDecision).toBe(b.rollout.msPerDecision);
    // The machine it ran on, read from the operating system (the figures above mean little without it).
    expect(b.machine).toEqual({ cpu: os.cpus()[0]!.model.trim(), cores: os.cpus().length, mhz: os.cpus()[0]!.speed, node: process.version });
  });

  it('skips the rollout run with --rollout-games 0 (its cost is null) and prints every figure as text', () => {
    const j = run(['bench', '--games', '20', '--threads', '1', '--rollout-games', '0', '--json']);
    expect(j.status).toBe(0);
    const b = JSON.parse(j.stdout);
    expect(b.rollout).toBeNull();
    expect(b.rolloutMsPerDecision).toBeNull();
    const t = run(['bench', '--games', '40', '--threads', '1', '--rollout-games', '1']); // (40: enough to time the worker warm)
    expect(t.status).toBe(0);
    for (const line of [/^games\/s 1 thread [\d,]+ \(worker, warm; [\d,]+ with start-up; [\d,]+ on the main thread, warm, games alone\)$/m,
      /^games\/s 1 threads [\d,]+ \(warm, [\d,]+ per thread; [\d,]+ with start-up\)$/m, /^scaling \d+\.\d\dx \(warm; \d+\.\d\dx with start-up\)$/m,
      /^random-number floor [\d.]+ us\/game \(median of 5 passes, [\d.]+-[\d.]+; 16 streams, \d+\.\d drawn from, \d+ draws\); a game costs \d+x its floor$/m,
      /^allocation [\d.]+ KiB\/game, GC [\d.]+ us\/game \(1 thread\)$/m, /^rollout [\d.]+ ms\/decision \(\d+ decisions in 1 games\)$/m,
      /^signature [0-9a-f]{16}$/m, /^machine .+, \d+ cores( at \d+ MHz)?, Node v\d+\.\d+\.\d+$/m]) expect(t.stdout).toMatch(line);
  });

  it('times the workers once warm: from the first quarter or 2,000 games a thread, each batch for its time inside the window', () => {
    // One thread, batches one after another (ms): warm once 10 of 40 games are done (the first batch, at 1 ms); 24 games in 2 ms.
    expect(warmRate([{ games: 16, startedAt: 0, endedAt: 1 }, { games: 16, startedAt: 1, endedAt: 2 }, { games: 8, startedAt: 2, endedAt: 3 }], 40, 1, 5))
      .toEqual({ gamesPerSecond: 12000, games: 24 });
    // Two threads: warm once 100 of 400 games are done (at 10 ms). The batch under way then (5 to 15 ms) counts for its half
    // inside the window: 50 + 100 + 100 games in 15 ms. (Counting every batch finished after 10 ms would say 20,000 games/s.)
    const twoThreads = [
      { games: 100, startedAt: 0, endedAt: 10 }, { games: 100, startedAt: 5, endedAt: 15 },
      { games: 100, startedAt: 10, endedAt: 20 }, { games: 100, startedAt: 15, endedAt: 25 },
    ];
    const w = warmRate(twoThreads, 400, 2, 5);
    expect(w.games).toBe(250);
    expect(w.gamesPerSecond).toBeCloseTo(250 / 0.015, 8);
    // The order batches come back in does not matter.
    expect(warmRate([...twoThreads].reverse(), 400, 2, 5)).toEqual(w);
    // 2,000 games a thread when that is fewer than a quarter: 20,000 games on 2 threads, warm from 4,000 (at 40 ms).
    const long = Array.from({ length: 20 }, (_, k) => ({ games: 1000, startedAt: 10 * k, endedAt: 10 * (k + 1) }));
    expect(warmRate(long, 20000, 2, 5)).toEqual({ gamesPerSecond: 16000 / 0.16, games: 16000 });
    // Too short to tell: one batch (the window is empty), or a window holding under a quarter of the games.
    expect(warmRate([{ games: 10, startedAt: 0, endedAt: 4 }], 10, 1, 321)).toEqual({ gamesPerSecond: 321, games: 0 });
    expect(warmRate([{ games: 16, startedAt: 0, endedAt: 10 }, { games: 16, startedAt: 1, endedAt: 10.5 }], 32, 2, 321)).toEqual({ gamesPerSecond: 321, games: 0 });
    expect(warmRate([], 10, 1, 321)).toEqual({ gamesPerSecond: 321, games: 0 });
  });

  it('says when a run is too short to time the workers warm', () => {
    const j = JSON.parse(run(['bench', '--games', '10', '--threads', '1', '--rollout-games', '0', '--json']).stdout);
    expect(j.warmGames1).toBe(0); // one batch of 10 games: nothing after the warm-up
    expect(j.gamesPerSecond1).toBe(j.withStartUp.gamesPerSecond1);
    const t = run(['bench', '--games', '10', '--threads', '1', '--rollout-games', '0']);
    expect(t.stdout).toMatch(/^games\/s 1 thread [\d,]+ \(worker, whole run: too short to time warm; /m);
    expect(t.stdout).toMatch(/^scaling \d+\.\d\dx \(not all warm; /m);
    expect(t.stdout).toMatch(/^note: 10 games is a short run for 1 thread: .* \(use 8,000 games or more\)$/m);
  });

  it('measures a named rollout variant and refuses a policy that is not a rollout one', () => {
    const r = run(['bench', '--games', '10', '--threads', '1', '--rollout-games', '1', '--rollout-policy', 'rollout:classic', '--json']);
    expect(r.status).toBe(0);
    const b = JSON.parse(r.stdout);
    expect(b.rollout).toMatchObject({ policy: 'rollout:classic', games: 1, playoutsPerDecision: 20 });
    const bad = run(['bench', '--games', '2', '--rollout-policy', 'competent']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^legions: --rollout-policy must be a rollout policy .*got competent$/m);
  });

  it('refuses a bad --rollout-games', () => {
    for (const v of ['-1', '1001', '2.5']) {
      const r = run(['bench', '--games', '2', '--rollout-games', v]);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(/^legions: --rollout-games must be (0\.\.1000|a whole number), got /);
    }
  });
});
