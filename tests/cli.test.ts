// The command line: bad input gives one clear line and exit code 2; good input works. Needs `npm run build`.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testTempDir } from './tmp.js';

const bin = join(__dirname, '..', 'bin', 'legions.js');
const run = (...args: string[]) => spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

function expectBadInput(args: string[], pattern: RegExp): void {
  const r = run(...args);
  expect(r.status).toBe(2);
  expect(r.stdout).toBe('');
  const lines = r.stderr.trim().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/\bat \S+:\d+/); // no stack trace
}

describe('bad input', () => {
  const temp = testTempDir('cli');
  const dir = temp.path;
  afterAll(() => temp.remove());
  it('rejects 4 players', () => expectBadInput(['replay', '--players', '4'], /players must be 3 or 5/));
  it('rejects an unknown policy, listing the known ones', () =>
    expectBadInput(['replay', '--policies', 'genius'], /unknown policy "genius" \(known: random, statesman, opportunist, parametric, competent, contested, rollout, parametric:FILE\)/));
  it('rejects a wrong number of policies', () => expectBadInput(['replay', '--policies', 'random,statesman'], /needs 1 or 5 names/));
  it('rejects an unknown rule key', () => expectBadInput(['replay', '--rule', 'magic=3'], /unknown rule key "magic"/));
  it('rejects an out-of-range rule value', () => expectBadInput(['replay', '--rule', 'turns=0'], /rule turns: 0 is out of range 1\.\.50/));
  it('rejects a malformed rule', () => expectBadInput(['replay', '--rule', 'turns'], /not of the form key=value/));
  it('rejects an unknown variant', () => expectBadInput(['replay', '--variants', 'chariots'], /unknown variant "chariots"/));
  it('rejects a missing board file', () => expectBadInput(['replay', '--board', join(dir, 'none.json')], /cannot read the file/));
  it('rejects a board that is not JSON', () => {
    const f = join(dir, 'bad.json');
    writeFileSync(f, '{ provinces: ');
    expectBadInput(['replay', '--board', f], /not valid JSON/);
  });
  it('rejects a board with a bad field, naming it', () => {
    const board = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'board.json'), 'utf8'));
    board.provinces[2].spoils = -5;
    const f = join(dir, 'neg.json');
    writeFileSync(f, JSON.stringify(board));
    expectBadInput(['replay', '--board', f], /provinces\.2\.spoils/);
  });
  it('rejects an unknown option', () => expectBadInput(['replay', '--colour', 'red'], /Unknown argument/));
  it('rejects odds out of range', () => expectBadInput(['odds', '--legions', '0', '--status', '3', '--armies', '2'], /legions/));
});

describe('good input', () => {
  it('replays a game as text and as JSON', () => {
    const t = run('replay', '--players', '3', '--seed', 'cli', '--index', '2');
    expect(t.status).toBe(0);
    expect(t.stdout).toMatch(/== Turn 1 ==/);
    const j = run('replay', '--players', '3', '--seed', 'cli', '--index', '2', '--json');
    expect(j.status).toBe(0);
    const r = JSON.parse(j.stdout);
    expect(r.trace.length).toBeGreaterThan(10);
    expect(r.outcome.players).toBe(3);
  });
  it('prints exact odds as JSON', () => {
    const r = run('odds', '--legions', '5', '--status', '3', '--armies', '3', '--json');
    expect(r.status).toBe(0);
    const o = JSON.parse(r.stdout);
    expect(o.victory + o.continuing + o.romanWipedOut).toBeCloseTo(1, 12);
  });
});
