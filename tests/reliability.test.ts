// Issue 12, case by case: every finding of the adversarial run ("Why", items 1 to 10) as a test.
// Commands run as separate processes on compiled code (`npm run build`, which `npm test` does).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Lock, processStart } from '../src/sim/lock.js';
import { bin, cli, expectRefused, type Result, run, runAll, runAsync, snapshot, summaryOf } from './cli-run.js';
import { testTempDir } from './tmp.js';

const temp = testTempDir('rel');
const root = temp.path;
afterAll(() => temp.remove());
const dir = (name: string) => join(root, name);

// 3 players, three policies, small runs.
const PLAYERS = ['--players', '3', '--policies', 'statesman,opportunist,random'];
const GAME = [...PLAYERS, '--seed', 'rel'];
const FAST = ['--quiet', '--no-charts', '--threads', '1'];

/**
 * Refusals, each checked, and the whole root unchanged by all of them. They run in-process (the
 * compiled command line without process.exit); the binary's own wiring is checked by the tests that
 * run it as a process.
 */
async function expectAllRefused(cases: [string[], RegExp][], cwd = root): Promise<Result[]> {
  const before = snapshot(root);
  const results: Result[] = [];
  for (const [args, pattern] of cases) {
    const r = await cli(args, { cwd });
    expectRefused(r, pattern);
    results.push(r);
  }
  expect(snapshot(root)).toEqual(before);
  return results;
}

/** A lock file as another process would leave it. */
function fakeLock(path: string, over: Partial<{ pid: number; host: string; procStart: string | null }>): void {
  writeFileSync(path, JSON.stringify({ pid: process.pid, host: hostname(), startedAt: '2026-01-01T00:00:00Z', command: 'simulate', procStart: processStart(process.pid), token: 'fake', ...over }) + '\n');
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', '']);
  return r.pid!;
}

async function waitFor(cond: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 3000 && !cond(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(cond(), what).toBe(true);
}

// The reference: 300 games in one process, with the per-game CSV.
let ref = '';
const REF_ARGS = [...GAME, '--games', '300', ...FAST];
beforeAll(() => {
  ref = dir('ref');
  const r = run(['simulate', ...REF_ARGS, '--out', ref, '--per-game', join(ref, 'games.csv')]);
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});

describe('1. one writer per output folder', () => {
  it('a second run on the same --out is refused at once, naming the holder; the first finishes with its outputs and resume intact', async () => {
    const d = dir('two-writers');
    const args = ['simulate', ...REF_ARGS, '--batch', '10', '--checkpoint', '0', '--out', d, '--per-game', join(d, 'games.csv')];
    const first = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const done = new Promise<number | null>((resolve) => first.on('close', (c) => resolve(c)));
    first.stdout.resume();
    // The lock is there from the first run's start to its end (seconds): stop it there, so the second
    // run meets it mid-run however loaded the machine is.
    await waitFor(() => existsSync(join(d, '.legions.lock')), 'the first run holds the folder');
    first.kill('SIGSTOP');
    try {
      const before = snapshot(d);
      const second = run(['simulate', ...PLAYERS, '--games', '300', ...FAST, '--seed', 'other', '--out', d, '--per-game', join(d, 'games.csv')]);
      expectRefused(second, new RegExp(`--out .*two-writers is in use by another legions run \\(pid ${first.pid} on ${hostname()}, started \\d{4}-\\d\\d-\\d\\dT[\\d:]+Z\\)`));
      expect(snapshot(d)).toEqual(before);
    } finally {
      first.kill('SIGCONT');
    }
    expect(await done).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(ref));
    expect(readFileSync(join(d, 'games.csv'), 'utf8')).toBe(readFileSync(join(ref, 'games.csv'), 'utf8'));
    expect(existsSync(join(d, '.legions.lock'))).toBe(false);
    const resumed = run([...args, '--resume']);
    expect(resumed.status).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(ref));
  });

  it('a second writer of the same per-game CSV is refused, even with another --out', () => {
    const csv = dir('shared-games.csv');
    const lock = Lock.acquire(`${csv}.lock`, 'test', 'test');
    try {
      expectRefused(run(['simulate', ...GAME, '--games', '10', ...FAST, '--per-game', csv]), new RegExp(`--per-game .*shared-games\\.csv is in use by another legions run \\(pid ${process.pid} `));
    } finally {
      lock.release();
    }
    expect(existsSync(csv)).toBe(false);
  });

  it('a stale lock is taken over: a dead process, a reused pid, another host silent for too long; a live other host is refused', async () => {
    const cases: [string, Parameters<typeof fakeLock>[1], boolean][] = [
      ['dead-pid', { pid: deadPid() }, true],
      ['reused-pid', { procStart: '1' }, true], // this test's pid, but another start time
      ['other-host-silent', { host: 'some-other-host' }, true],
      ['other-host-alive', { host: 'some-other-host' }, false],
    ];
    for (const [name, over, stale] of cases) {
      const d = dir(`lock-${name}`);
      mkdirSync(d);
      fakeLock(join(d, '.legions.lock'), over);
      if (name === 'other-host-silent') utimesSync(join(d, '.legions.lock'), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
      const r = await cli(['simulate', ...GAME, '--games', '20', ...FAST, '--out', d]);
      if (stale) {
        expect(r.status, `${name}: ${r.stderr}`).toBe(0);
        expect(existsSync(join(d, '.legions.lock')), name).toBe(false); // released at the end
        expect(existsSync(join(d, 'summary.json')), name).toBe(true);
      } else expectRefused(r, /is in use by another legions run \(pid \d+ on some-other-host, started 2026-01-01T00:00:00Z\)/);
    }
  });
});

describe('2. merge verifies what it merges', () => {
  const shards = [dir('s0'), dir('s1')];
  beforeAll(async () => {
    const rs = await runAll(shards.map((d, i) => ['simulate', ...REF_ARGS, '--shard', `${i}/2`, '--out', d, '--per-game', join(d, 'games.csv')]));
    expect(rs.map((r) => r.status)).toEqual([0, 0]);
  });

  /** A copy of shard 0 with one thing done to it. */
  function tampered(name: string, change: (d: string) => void): string {
    const d = dir(`tampered-${name}`);
    cpSync(shards[0]!, d, { recursive: true });
    change(d);
    return d;
  }
  const editAcc = (f: (a: Record<string, any>) => void) => (d: string) => {
    const p = join(d, 'accumulator.json');
    const a = JSON.parse(readFileSync(p, 'utf8'));
    f(a);
    writeFileSync(p, JSON.stringify(a) + '\n');
  };
  const csvLines = (d: string) => readFileSync(join(d, 'games.csv'), 'utf8').split('\n');

  it('refuses a truncated, extended, edited or missing per-game CSV and any edited accumulator, naming the shard, writing nothing', async () => {
    const cases: [string, (d: string) => void, RegExp][] = [
      ['truncated', (d) => writeFileSync(join(d, 'games.csv'), csvLines(d).slice(0, 60).join('\n') + '\n'), /games\.csv holds 59 rows .*records 150 rows .*truncated/],
      ['extended', (d) => writeFileSync(join(d, 'games.csv'), readFileSync(join(d, 'games.csv'), 'utf8') + csvLines(d)[5] + '\n'), /holds 151 rows/],
      ['edited', (d) => {
        const lines = csvLines(d);
        lines[7] = lines[7]!.replace(/,(\d)(,|$)/, (_m, x: string, e: string) => `,${(Number(x) + 1) % 10}${e}`);
        writeFileSync(join(d, 'games.csv'), lines.join('\n'));
      }, /games\.csv was changed after it was written/],
      ['missing', (d) => rmSync(join(d, 'games.csv')), /games\.csv is missing/],
      ['loss-turn-bin', editAcc((a) => a.acc.lossTurn[2].counts[0]++), /accumulator\.json: was changed after it was written/],
      ['win-shares', editAcc((a) => (a.acc.winShares[0] += 60)), /accumulator\.json: was changed/],
      ['prestige', editAcc((a) => a.acc.prestige[1].counts[3]++), /accumulator\.json: was changed/],
      ['histogram-bin', editAcc((a) => a.acc.metrics.battles.counts[1]++), /accumulator\.json: was changed/],
      ['recorded-rows', editAcc((a) => (a.perGame.rows = 10)), /accumulator\.json: was changed/],
      ['no-hash', editAcc((a) => delete a.sha256), /not a legions accumulator file \(sha256/],
      ['older-format', editAcc((a) => (a.format = 'legions-accumulator/1')), /older legions .*cannot be verified/],
    ];
    const dirs = cases.map(([name, change]) => tampered(name, change));
    const out = dir('never-merged');
    await expectAllRefused(cases.map(([, , pattern], i) => [
      ['merge', '--out', out, '--per-game', join(out, 'games.csv'), '--no-charts', dirs[i]!, shards[1]!],
      new RegExp(`^legions: merge: shard .*tampered-${cases[i]![0]}: .*${pattern.source}`),
    ]));
    expect(existsSync(out)).toBe(false);
  });

  it('merges a moved shard folder (as copied off a cluster), byte-identical to one run', () => {
    const moved = join(dir('elsewhere'), 'deeper', 'shard-1');
    mkdirSync(join(dir('elsewhere'), 'deeper'), { recursive: true });
    cpSync(shards[1]!, moved, { recursive: true });
    renameSync(shards[0]!, dir('s0-moved'));
    try {
      const out = dir('merged-moved');
      const r = run(['merge', '--out', out, '--per-game', join(out, 'games.csv'), '--no-charts', moved, dir('s0-moved')]);
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      expect(summaryOf(out)).toBe(summaryOf(ref));
      expect(readFileSync(join(out, 'games.csv'), 'utf8')).toBe(readFileSync(join(ref, 'games.csv'), 'utf8'));
      expect(readdirSync(out).filter((f) => /\.(tmp|partial)$|staging/.test(f))).toEqual([]);
    } finally {
      renameSync(dir('s0-moved'), shards[0]!);
    }
  });
});

describe('3. /proc-like and system paths are refused at once, for every writing command', () => {
  it('refuses --out and --per-game under /proc, /sys, /dev, / itself and through a link', async () => {
    const exp = dir('proc-exp.json');
    writeFileSync(exp, JSON.stringify({ name: 'procx', games: 5, arms: [{ name: 'a' }], gate: { collapse: { practical: 0.1 } } }));
    symlinkSync('/proc', dir('link-to-proc'));
    const s = [dir('s0'), dir('s1')];
    await expectAllRefused([
      [['simulate', '--games', '5', '--out', '/proc/x'], /--out \/proc\/x: refusing to write into the system folder \/proc/],
      [['simulate', '--games', '5', '--per-game', '/proc/x.csv'], /system folder \/proc/],
      [['simulate', '--games', '5', '--out', '/sys/x'], /system folder \/sys/],
      [['simulate', '--games', '5', '--out', '/dev/shm/x'], /system folder \/dev/],
      [['simulate', '--games', '5', '--out', '/'], /--out \/: refusing to write into the system folder \//],
      [['simulate', '--games', '5', '--out', join(dir('link-to-proc'), 'x')], /system folder \/proc/],
      [['experiment', exp, '--out', '/proc/x'], /system folder \/proc/],
      [['tournament', '--policies', 'random,statesman', '--games', '2', '--out', '/proc/x'], /system folder \/proc/],
      [['tune', '--out', '/proc/x', '--generations', '1'], /system folder \/proc/],
      [['merge', '--out', '/proc/x', ...s], /system folder \/proc/],
      [['merge', '--out', dir('m'), '--per-game', '/proc/x.csv', ...s], /system folder \/proc/],
      [['check', exp, '--baseline', '/proc/b.json', '--update-baseline'], /system folder \/proc/],
    ].map(([a, p]) => [a as string[], p as RegExp]));
    rmSync(dir('link-to-proc'));
    rmSync(exp);
  });
});

describe('4. no stack traces, no aborts', () => {
  it('refuses a --per-game that names a folder, a repeated --per-game or --policies, a bad sweep, /dev/zero as rules', async () => {
    const sweep = (s: Record<string, unknown>, name: string) => {
      const f = dir(`sweep-${name}.json`);
      writeFileSync(f, JSON.stringify({ name: `sweep-${name}`, games: 5, sweep: { param: 'turns', ...s } }));
      return f;
    };
    const files = [sweep({ from: 9, to: 3, step: 1 }, 'backwards'), sweep({ from: 0, to: 1e9, step: 1 }, 'billion'), sweep({ values: [3, 4, 3] }, 'twice')];
    mkdirSync(dir('a-folder'), { recursive: true });
    await expectAllRefused([
      [['simulate', '--games', '5', '--per-game', dir('a-folder')], /--per-game .*a-folder: is a folder, not a file/],
      [['simulate', '--games', '5', '--per-game', 'a.csv', '--per-game', 'b.csv'], /--per-game is given twice/],
      [['simulate', '--games', '5', '--policies', 'random', '--policies', 'statesman'], /--policies is given twice/],
      [['experiment', files[0]!, '--out', dir('x')], /sweep: from \(9\) is above to \(3\)/],
      [['experiment', files[1]!, '--out', dir('x')], /sweep: from 0 to 1000000000 by 1 makes 1000000001 values; at most 200/],
      [['experiment', files[2]!, '--out', dir('x')], /sweep\.values: 3 is listed twice/],
      [['replay', '--rules', '/dev/zero'], /--rules \/dev\/zero: not a regular file/],
      [['replay', '--board', '/dev/urandom'], /not a regular file/],
      [['replay', '--rules', dir('a-folder')], /is a folder, not a file/],
    ]);
    expect(readdirSync(dir('a-folder'))).toEqual([]); // no a-folder.partial, nothing inside
    for (const f of files) rmSync(f);
  });

  it('replay --json into a reader that goes away (| head) ends quietly, without a stack trace', async () => {
    const p = spawn(process.execPath, [bin, 'replay', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stdout.destroy(); // the reader is gone before the first byte: every write is EPIPE
    let stderr = '';
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const code = await new Promise<number | null>((resolve) => p.on('close', (c) => resolve(c)));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('every command piped into a closed reader ends quietly', async () => {
    const cmds = [['replay'], ['odds', '--legions', '5', '--status', '3', '--armies', '3', '--turns', '5'], ['schema'], ['simulate', ...GAME, '--games', '20', ...FAST, '--json']];
    for (const c of cmds) {
      const p = spawn(process.execPath, [bin, ...c], { stdio: ['ignore', 'pipe', 'pipe'] });
      p.stdout.destroy();
      let stderr = '';
      p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const code = await new Promise<number | null>((resolve) => p.on('close', (x) => resolve(x)));
      expect(stderr, c.join(' ')).toBe('');
      expect(code, c.join(' ')).toBe(0);
    }
  });
  it('a closed stderr (progress piped into head) does not stop a run', async () => {
    const d = dir('closed-stderr');
    const p = spawn(process.execPath, [bin, 'simulate', ...GAME, '--games', '40', '--threads', '1', '--no-charts', '--out', d], { stdio: ['ignore', 'pipe', 'pipe'] });
    p.stderr.destroy();
    let stdout = '';
    p.stdout.on('data', (x: Buffer) => (stdout += x.toString()));
    const code = await new Promise<number | null>((resolve) => p.on('close', (c) => resolve(c)));
    expect(code).toBe(0);
    expect(stdout).toMatch(/^40 games: collapse/);
    expect(existsSync(join(d, 'manifest.json'))).toBe(true);
  });
});

describe('5. upper bounds', () => {
  it('refuses huge thread counts, game counts, generations and an experiment --games above its cap', async () => {
    const exp = dir('capped.json');
    writeFileSync(exp, JSON.stringify({ name: 'capped', games: 100, precision: 0.05, maxGames: 400, arms: [{ name: 'a' }] }));
    await expectAllRefused([
      [['simulate', '--games', '10', '--threads', '1000'], /--threads must be at most \d+ \(4 per core, 256 at most\), got 1000/],
      [['simulate', '--games', '1e15'], /--games must be 1\.\.100000000, got 1000000000000000/],
      [['simulate', '--games', '9007199254740993'], /--games 9007199254740993 is too large/],
      [['simulate', '--games', '10', '--batch', '1e9'], /--batch must be 1\.\.100000/],
      [['bench', '--games', '1e12'], /--games must be 1\.\.100000000/],
      [['tune', '--generations', '1000000000'], /--generations must be 1\.\.1000/],
      [['tune', '--population', '5000'], /--population must be 1\.\.1000/],
      [['tune', '--parents', '9', '--population', '4'], /--parents must be 1\.\.4/],
      [['tournament', '--policies', 'random,statesman', '--games', '1e9'], /--games must be 1\.\.1000000/],
      [['experiment', exp, '--games', '500', '--out', dir('x')], /--games 500 is above the file's maxGames \(400\)/],
      [['experiment', exp, '--games', '1e9', '--out', dir('x')], /--games must be 1\.\.100000000/],
      [['simulate', '--games', '10', '--checkpoint', '1e9'], /--checkpoint must be a number of seconds 0\.\.86400/],
    ]);
    rmSync(exp);
  });
});

describe('6. nothing accepted silently', () => {
  it('refuses prototype keys, options without values, coerced rule values, repeated options, bad game indices, empty boards and variant lists, repeated sweep values', async () => {
    const files: Record<string, unknown> = {
      'rules-proto.json': '{"__proto__": {"turns": 3}}',
      'rules-constructor.json': '{"constructor": 1}',
      'rules-string.json': '{"turns": "3"}',
      'rules-list.json': '{"donationThresholds": [8, 16]}',
      'exp-proto.json': '{"name": "p", "games": 5, "arms": [{"name": "a", "rules": {"__proto__": 1}}]}',
      'exp-twice.json': JSON.stringify({ name: 'tw', games: 5, arms: [{ name: 'a', variants: ['deaths', 'deaths'] }] }),
      'exp-dots.json': JSON.stringify({ name: '..', games: 5, arms: [{ name: 'a' }] }),
      'board-proto.json': '{"name": "b", "provinces": [], "constructor": {}}',
    };
    for (const [f, text] of Object.entries(files)) writeFileSync(dir(f), text as string);
    await expectAllRefused([
      [['replay', '--rule', '__proto__=1'], /the key "__proto__" is not allowed/],
      [['replay', '--rule', 'constructor=1'], /the key "constructor" is not allowed/],
      [['replay', '--rules', dir('rules-proto.json')], /the key "__proto__" is not allowed/],
      [['replay', '--rules', dir('rules-constructor.json')], /the key "constructor" is not allowed/],
      [['replay', '--rules', dir('rules-string.json')], /--rules .*rules-string\.json: turns: .*(expected int|number)/i],
      [['replay', '--rules', dir('rules-list.json')], /donationThresholds: needs exactly 3 numbers/],
      [['experiment', dir('exp-proto.json'), '--out', dir('x')], /the key "__proto__" is not allowed/],
      [['experiment', dir('exp-twice.json'), '--out', dir('x')], /arms\.0\.variants: the variant "deaths" is named twice/],
      [['experiment', dir('exp-dots.json')], /name: "\.\." is not a usable name/],
      [['replay', '--board', dir('board-proto.json')], /the key "constructor" is not allowed/],
      [['simulate', '--games'], /--games needs a value/],
      [['simulate', '--games', '--quiet'], /--games needs a value/],
      [['replay', '--rule'], /--rule needs a value/],
      [['replay', '--rule', 'turns='], /no value after "="/],
      [['replay', '--rule', 'turns=3', '--rule', 'turns=4'], /--rule turns is given twice/],
      [['replay', '--seed', 'a', '--seed', 'b'], /--seed is given twice/],
      [['replay', '--index', '-1'], /--index must be 0\.\.99999999, got -1/],
      [['replay', '--index', '1.5'], /--index must be a whole number, got 1\.5/],
      [['replay', '--index', 'NaN'], /--index must be a number, got "NaN"/],
      [['replay', '--index', '0x10'], /--index must be a number, got "0x10"/],
      [['replay', '--board', ''], /--board needs a value, got an empty one/],
      [['replay', '--variants', ','], /--variants: an empty variant name/],
      [['replay', '--variants', 'deaths,deaths'], /--variants: the variant "deaths" is named twice/],
      [['replay', '--json=yes'], /--json is a switch/],
      [['merge', '--out', dir('x'), ''], /a shard folder name is empty/],
    ]);
    for (const f of Object.keys(files)) rmSync(dir(f));
  });

  it('says so when a board is smaller than the printed one (documented as allowed)', () => {
    const board = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'board.json'), 'utf8'));
    board.provinces = board.provinces.slice(0, 9);
    const f = dir('nine.json');
    writeFileSync(f, JSON.stringify(board));
    const r = run(['replay', '--players', '3', '--board', f]);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^legions: note: board .*nine\.json has 9 provinces \(the printed board has 10\)\n$/);
    rmSync(f);
  });
});

describe('7. check refuses a baseline of another experiment', () => {
  it('names the field that differs and compares nothing (exit 2); the same experiment still passes', async () => {
    const body = { games: 60, seed: 'gate', players: 3, policies: 'statesman', arms: [{ name: 'base' }, { name: 'deaths', variants: ['deaths'] }], metrics: ['collapse'], gate: { collapse: { practical: 0.05 } } };
    const write = (name: string, over: Record<string, unknown>) => {
      const f = dir(`${name}.json`);
      writeFileSync(f, JSON.stringify({ name, ...body, ...over }));
      return f;
    };
    const base = dir('gate-baseline.json');
    const same = write('gate', {});
    expect((await cli(['check', same, '--baseline', base, '--update-baseline', '--quiet', '--threads', '1'])).status).toBe(0);
    expect(JSON.parse(readFileSync(base, 'utf8')).fingerprint.arms.map((a: { name: string }) => a.name)).toEqual(['base', 'deaths']);
    const cases: [string, RegExp][] = [
      [write('gate-seed', { seed: 'other' }), /seed differs: "gate" in the baseline, "other" in/],
      [write('gate-players', { players: 5 }), /players differs: 3 in the baseline, 5 in/],
      [write('gate-policies', { policies: 'opportunist' }), /arms differs: base \(statesman,statesman,statesman\), .* in the baseline, base \(opportunist/],
      [write('gate-arms', { arms: [{ name: 'base' }, { name: 'tempo', variants: ['tempo'] }] }), /arms differs/],
      [write('gate-rotation', { policies: ['statesman', 'opportunist', 'random'], seatRotation: 'latin' }), /arms differs|seatRotation differs/],
    ];
    for (const [f, pattern] of cases) expectRefused(await cli(['check', f, '--baseline', base, '--quiet', '--threads', '1']), new RegExp(`--baseline .*gate-baseline\\.json is of another experiment: ${pattern.source}`));
    expectRefused(await cli(['check', same, '--baseline', base, '--games', '80', '--quiet']), /games per arm differs: 60 in the baseline, 80 in/);
    const ok = await cli(['check', same, '--baseline', base, '--quiet', '--threads', '1']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/no metric moved/);
    // An older baseline (no fingerprint) is still checked on what it records: name, arms, games.
    const old = JSON.parse(readFileSync(base, 'utf8'));
    delete old.fingerprint;
    old.experiment = 'another';
    writeFileSync(dir('old-baseline.json'), JSON.stringify(old));
    expectRefused(await cli(['check', same, '--baseline', dir('old-baseline.json'), '--quiet']), /the name differs: "another" in the baseline, "gate" in/);
  });
});

describe('8. careless paths', () => {
  it('refuses merge --out onto a shard, --per-game onto the summary, --out /, an experiment named ..; changes nothing', async () => {
    const cwd = mkdtempSync(join(root, 'cwd-'));
    const exp = join(cwd, 'dots.json');
    writeFileSync(exp, JSON.stringify({ name: '..', games: 5, arms: [{ name: 'a' }] }));
    const rules = dir('rules-in-out.json');
    writeFileSync(rules, '{"turns": 5}');
    const shard0 = snapshot(dir('s0'));
    await expectAllRefused([
      [['merge', '--out', dir('s0'), dir('s0'), dir('s1')], /--out .*s0: is the input shard .*s0 \(or inside it\)/],
      [['merge', '--out', join(dir('s1'), 'merged'), dir('s0'), dir('s1')], /is the input shard .*s1/],
      [['merge', '--out', dir('m'), '--per-game', join(dir('s0'), 'games.csv'), dir('s0'), dir('s1')], /--per-game .*s0\/games\.csv: would overwrite the input/],
      [['simulate', '--games', '5', '--out', dir('o'), '--per-game', join(dir('o'), 'summary.json')], /--per-game .*summary\.json: is the name of one of the run's own outputs/],
      [['simulate', '--games', '5', '--out', dir('o'), '--per-game', join(dir('o'), 'accumulator.json')], /own outputs/],
      [['simulate', '--games', '5', '--out', '/'], /system folder \//],
      [['simulate', '--games', '5', '--out', root, '--rules', join(root, 'rules-in-out.json'), '--per-game', join(root, 'rules-in-out.json')], /would overwrite the input --rules/],
      [['simulate', '--games', '5', '--shard', '0/2', '--out', dir('o'), '--per-game', dir('elsewhere.csv')], /a shard keeps its per-game CSV inside its --out folder/],
      [['experiment', exp], /name: "\.\." is not a usable name/],
    ], cwd);
    expect(readdirSync(cwd)).toEqual(['dots.json']);
    expect(snapshot(dir('s0'))).toEqual(shard0);
    rmSync(rules);
  });

  it('a re-used --out holds only the new run\'s outputs (and the user\'s own files)', async () => {
    const d = dir('reused');
    expect((await cli(['simulate', ...GAME, '--games', '40', '--quiet', '--threads', '1', '--out', d, '--per-game', join(d, 'games.csv')])).status).toBe(0);
    expect(readdirSync(join(d, 'charts')).length).toBeGreaterThan(10);
    writeFileSync(join(d, 'notes.txt'), 'mine');
    const r = await cli(['simulate', ...GAME, '--games', '30', ...FAST, '--out', d]);
    expect(r.status).toBe(0);
    expect(readdirSync(d).sort()).toEqual(['.legions-outputs.json', 'accumulator.json', 'manifest.json', 'notes.txt', 'per-turn.csv', 'summary.csv', 'summary.json']);
    expect(JSON.parse(readFileSync(join(d, 'summary.json'), 'utf8')).games).toBe(30);
  });

  it('a folder legions did not write keeps its files; one of an older version is cleaned by its manifest', async () => {
    const mine = dir('not-legions');
    mkdirSync(mine);
    for (const f of ['index.html', 'metrics.csv', 'results.json']) writeFileSync(join(mine, f), 'mine');
    expect((await cli(['simulate', ...GAME, '--games', '20', ...FAST, '--out', mine])).status).toBe(0);
    for (const f of ['index.html', 'metrics.csv', 'results.json']) expect(readFileSync(join(mine, f), 'utf8')).toBe('mine');
    const old = dir('older-version');
    mkdirSync(join(old, 'charts'), { recursive: true });
    for (const f of ['summary.json', 'summary.csv', 'charts/ri-by-turn.svg', 'notes.txt']) writeFileSync(join(old, f), 'old');
    writeFileSync(join(old, 'manifest.json'), JSON.stringify({ tool: 'legions', command: 'simulate', files: ['summary.json', 'summary.csv', 'charts/ri-by-turn.svg', 'accumulator.json'] }));
    expect((await cli(['simulate', ...GAME, '--games', '20', ...FAST, '--out', old])).status).toBe(0);
    expect(existsSync(join(old, 'charts'))).toBe(false);
    expect(readFileSync(join(old, 'notes.txt'), 'utf8')).toBe('old');
    expect(readFileSync(join(old, 'summary.json'), 'utf8')).not.toBe('old');
  });

  it('a re-used experiment --out loses the previous report\'s charts and tables', async () => {
    const f = dir('reused-exp.json');
    const body = { name: 'reused', games: 40, players: 3, arms: [{ name: 'a' }, { name: 'b', variants: ['deaths'] }] };
    writeFileSync(f, JSON.stringify({ ...body, metrics: ['collapse', 'finalRI'] }));
    const out = dir('reused-exp');
    expect((await cli(['experiment', f, '--out', out, '--quiet', '--threads', '1'])).status).toBe(0);
    expect(existsSync(join(out, 'charts', 'metric-finalRI.svg'))).toBe(true);
    writeFileSync(f, JSON.stringify({ ...body, metrics: ['collapse'] }));
    expect((await cli(['experiment', f, '--out', out, '--quiet', '--threads', '1'])).status).toBe(0);
    expect(existsSync(join(out, 'charts', 'metric-finalRI.svg'))).toBe(false);
    expect(existsSync(join(out, 'charts', 'metric-collapse.svg'))).toBe(true);
  });
});

describe('9. signals while writing, and killed experiments', () => {
  /** Starts a simulate that holds before committing its outputs, and waits until it is there. */
  async function held(d: string): Promise<{ p: ReturnType<typeof spawn>; go: string; stderr: () => string; done: Promise<number | null> }> {
    const go = join(root, `go-${Math.random().toString(36).slice(2)}`);
    const p = spawn(process.execPath, [bin, 'simulate', ...REF_ARGS, '--out', d, '--per-game', join(d, 'games.csv')],
      { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LEGIONS_TEST_HOLD_COMMIT: go } });
    let err = '';
    p.stderr!.on('data', (x: Buffer) => (err += x.toString()));
    p.stdout!.resume();
    const done = new Promise<number | null>((resolve) => p.on('close', (c) => resolve(c)));
    await waitFor(() => existsSync(join(d, '.legions-test-held')), 'the run holds before its commit');
    return { p, go, stderr: () => err, done };
  }
  const strays = (d: string) => readdirSync(d).filter((f) => /\.tmp$|staging|\.partial$|held/.test(f));

  it('a signal while the outputs are written lets them finish, says so, and exits 130', async () => {
    const d = dir('sig-finish');
    const h = await held(d);
    h.p.kill('SIGINT');
    await waitFor(() => /finishing the outputs/.test(h.stderr()), 'the note on the first signal');
    writeFileSync(h.go, '');
    expect(await h.done).toBe(130);
    expect(h.stderr()).toMatch(/^legions: SIGINT: finishing the outputs in .*\nlegions: SIGINT while writing the outputs: finished writing them in .*, then stopped\n$/);
    const manifest = JSON.parse(readFileSync(join(d, 'manifest.json'), 'utf8'));
    for (const f of manifest.files as string[]) expect(existsSync(join(d, f)), f).toBe(true);
    expect(summaryOf(d)).toBe(summaryOf(ref));
    expect(strays(d)).toEqual([]);
  });

  it('a second signal rolls the outputs back, says so; the run can then write them with --resume', async () => {
    const d = dir('sig-rollback');
    const h = await held(d);
    h.p.kill('SIGINT');
    await waitFor(() => /finishing the outputs/.test(h.stderr()), 'the note on the first signal');
    h.p.kill('SIGTERM');
    expect(await h.done).toBe(143);
    expect(h.stderr()).toMatch(/legions: second SIGTERM while writing the outputs: rolled back, nothing new in .*sig-rollback/);
    expect(existsSync(join(d, 'summary.json'))).toBe(false);
    expect(existsSync(join(d, 'manifest.json'))).toBe(false);
    expect(strays(d)).toEqual([]);
    const r = run(['simulate', ...REF_ARGS, '--out', d, '--per-game', join(d, 'games.csv'), '--resume']);
    expect(r.status).toBe(0);
    expect(summaryOf(d)).toBe(summaryOf(ref));
  });

  it('temp files and staging folders of a killed writer do not survive the next run', () => {
    const d = dir('strays');
    cpSync(ref, d, { recursive: true });
    const dead = deadPid();
    writeFileSync(join(d, `summary.json.${dead}.3.tmp`), 'half'); // as older versions named them
    writeFileSync(join(d, `per-turn.csv.legions-${dead}-7.tmp`), 'half');
    writeFileSync(join(d, `notes.${dead}.1.tmp`), 'a file of the user\'s that only looks alike');
    mkdirSync(join(d, `.legions-staging-${dead}-abcd`, 'charts'), { recursive: true });
    writeFileSync(join(d, `.legions-staging-${dead}-abcd`, 'summary.json'), 'half');
    const r = run(['simulate', ...REF_ARGS, '--out', d, '--per-game', join(d, 'games.csv'), '--resume']);
    expect(r.status).toBe(0);
    expect(strays(d)).toEqual([`notes.${dead}.1.tmp`]);
  });

  const expFile = () => {
    const f = dir('killed-exp.json');
    writeFileSync(f, JSON.stringify({ name: 'killed', games: 400, seed: 'k', players: 3, policies: 'random', arms: [{ name: 'a' }, { name: 'b', variants: ['land-acts'] }] }));
    return f;
  };
  const expArgs = (out: string) => ['experiment', expFile(), '--out', out, '--quiet', '--threads', '1', '--checkpoint', '0'];
  const results = (d: string) => {
    const j = JSON.parse(readFileSync(join(d, 'results.json'), 'utf8'));
    delete j.perf;
    return JSON.stringify(j);
  };
  let whole = '';
  /** The uninterrupted experiment, made once for both tests below. */
  async function wholeRun(): Promise<string> {
    if (!whole) {
      whole = dir('exp-whole');
      expect((await cli(expArgs(whole))).status).toBe(0);
    }
    return whole;
  }
  async function expectLikeWhole(d: string): Promise<void> {
    const w = await wholeRun();
    expect(results(d)).toBe(results(w));
    for (const csv of ['metrics.csv', 'comparisons.csv', 'seats.csv', 'policies.csv', 'collapse-by-turn.csv']) {
      expect(readFileSync(join(d, csv), 'utf8'), csv).toBe(readFileSync(join(w, csv), 'utf8'));
    }
    expect(existsSync(join(d, 'experiment-checkpoint.json'))).toBe(false);
  }

  it('a killed experiment leaves no partial report and resumes, per arm, to byte-identical results', async () => {
    const killed = dir('exp-killed');
    const k = run(expArgs(killed), { env: { LEGIONS_TEST_CRASH_AFTER_CHECKPOINTS: '2' } });
    expect(k.signal).toBe('SIGKILL');
    expect(readdirSync(killed).sort()).toEqual(['.legions.lock', 'experiment-checkpoint.json']);
    const cp = JSON.parse(readFileSync(join(killed, 'experiment-checkpoint.json'), 'utf8'));
    expect(cp.state.accs.map((a: { n: number }) => a.n)).toEqual([200, 200]);
    expect((await cli([...expArgs(killed), '--resume'])).status).toBe(0);
    await expectLikeWhole(killed);
  });

  it('SIGINT stops an experiment at a checkpoint; a resume of other settings is refused; --resume finishes it', async () => {
    const stopped = dir('exp-stopped');
    // The process sends itself SIGINT after its first checkpoint (through the real handler), so the
    // stop comes at a known point however loaded the machine is.
    const r = await runAsync(expArgs(stopped), { env: { LEGIONS_TEST_SIGINT_AFTER_CHECKPOINTS: '1' } });
    const err = r.stderr;
    expect(r.status).toBe(130);
    expect(err).toMatch(/^legions: interrupted after \d+ games per arm; checkpoint in .*exp-stopped: run the same command with --resume to finish\n$/);
    expect(JSON.parse(readFileSync(join(stopped, 'experiment-checkpoint.json'), 'utf8')).state.done).toBeLessThan(400);
    expectRefused(await cli([...expArgs(stopped), '--games', '500', '--resume']), /--resume: .*experiment-checkpoint\.json is of another experiment: games per arm differs: 400 in the checkpoint, 500 in/);
    expect((await cli([...expArgs(stopped), '--resume'])).status).toBe(0);
    await expectLikeWhole(stopped);
  });
});

describe('10. messages name the problem, never internals or file contents', () => {
  it('does not echo a file named as weights, board, rules or experiment, nor Node error codes', async () => {
    const secret = dir('secret.txt');
    writeFileSync(secret, 'SECRET-TOKEN-123 not json at all');
    const results = await expectAllRefused([
      [['replay', '--policies', `parametric:${secret}`], /weights .*secret\.txt: not valid JSON/],
      [['replay', '--board', secret], /board .*secret\.txt: not valid JSON/],
      [['replay', '--rules', secret], /--rules .*secret\.txt: not valid JSON/],
      [['experiment', secret], /experiment .*secret\.txt: not valid JSON/],
      [['check', secret, '--baseline', secret], /not valid JSON/],
      [['simulate', '--games', '5', '--rules', secret, '--rules', secret], /--rules is given twice/],
      [['simulate', '--games', '10', '--shard', '-1/2'], /--shard must be i\/n with 0 <= i < n .*got "-1\/2"/],
      [['simulate', '--games', '10', '--out', secret], /--out .*secret\.txt: cannot write there \(ENOTDIR: it is a file\)/],
    ]);
    for (const r of results) expect(r.stderr).not.toMatch(/SECRET|TOKEN/);
  });
});

describe('the lock itself', () => {
  it('is refused to a second taker in the same process and released by its owner only', () => {
    const p = dir('unit.lock');
    const a = Lock.acquire(p, 'unit', 'test');
    expect(() => Lock.acquire(p, 'unit', 'test')).toThrow(/unit is in use by another legions run \(pid \d+ on .*, started /);
    fakeLock(p, { pid: deadPid() }); // replaced behind its back: release must not remove another's lock
    a.release();
    expect(existsSync(p)).toBe(true);
    const b = Lock.acquire(p, 'unit', 'test'); // the dead holder's lock is taken over
    b.release();
    expect(existsSync(p)).toBe(false);
  });
});
