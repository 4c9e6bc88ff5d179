// Property-based fuzzing (fast-check) of every command's options and of the files they read
// (experiments, rules, boards, weights, baselines, shard folders): whatever the input, no stack
// trace, exit 0 or 2 (check may also fail its gate with 1), and on exit 2 one line and nothing
// written. Each class of bad input (README, "Reliability") is its own property, so every class is
// tried on every run; the seed is fixed for CI (FUZZ_SEED=n and FUZZ_RUNS=n explore further).
// Commands run in-process on the compiled code (see cli-run.ts), plus a sample as real processes.
import { cpSync, mkdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, expectNoTrace, type Result, runAsync, snapshot } from './cli-run.js';
import { testTempDir } from './tmp.js';

const temp = testTempDir('fuzz');
const root = temp.path;
afterAll(() => temp.remove());
const SEED = Number(process.env.FUZZ_SEED ?? 20261130);
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);

// ---- a case: a command line run in a fresh folder holding the files it names ----

type FileSpec = string | { kind: 'dir' } | { kind: 'fifo' } | { kind: 'sparse'; bytes: number } | { kind: 'copy'; from: string } | { kind: 'link'; to: string };
interface Case {
  args: string[];
  files: Record<string, FileSpec>;
}

const board = JSON.parse(readFileSync(join(__dirname, '..', 'data', 'board.json'), 'utf8'));
const weights = JSON.parse(readFileSync(join(__dirname, '..', 'policies', 'parametric', 'default.json'), 'utf8'));
const experiment = { name: 'fz', games: 2, players: 3, seed: 'fz', arms: [{ name: 'a' }], metrics: ['collapse'], gate: { collapse: { practical: 0.5 } } };
let shards = ''; // a folder with two finished shards s0, s1 of one run (per-game CSVs inside)
let baselineText = '';

/** Valid, tiny command lines: one fuzzed thing turns them bad. */
const BASE: Record<string, Case> = {
  simulate: { args: ['simulate', '--players', '3', '--games', '3', '--threads', '1', '--quiet', '--no-charts', '--out', 'out', '--per-game', 'out/g.csv'], files: {} },
  replay: { args: ['replay', '--players', '3'], files: {} },
  odds: { args: ['odds', '--legions', '3', '--status', '3', '--armies', '2'], files: {} },
  bench: { args: ['bench', '--games', '2', '--threads', '1', '--json'], files: {} },
  merge: { args: ['merge', '--out', 'm', '--no-charts', 's0', 's1'], files: { s0: { kind: 'copy', from: 's0' }, s1: { kind: 'copy', from: 's1' } } },
  experiment: { args: ['experiment', 'exp.json', '--out', 'rep', '--quiet', '--threads', '1'], files: { 'exp.json': JSON.stringify(experiment) } },
  check: { args: ['check', 'exp.json', '--baseline', 'base.json', '--quiet', '--threads', '1'], files: { 'exp.json': JSON.stringify(experiment), 'base.json': '' } },
  tournament: { args: ['tournament', '--players', '3', '--policies', 'random,statesman', '--games', '2', '--collapse-games', '0', '--out', 't', '--quiet'], files: {} },
  tune: { args: ['tune', '--players', '3', '--generations', '1', '--population', '1', '--parents', '1', '--games', '1', '--field', 'random', '--out', 'w', '--quiet'], files: {} },
};
const COMMANDS = Object.keys(BASE);
const base = (cmd: string): Case => ({ args: [...BASE[cmd]!.args], files: { ...BASE[cmd]!.files, ...(cmd === 'check' ? { 'base.json': baselineText } : {}) } });

/** Sets option `name` to `value` (replacing it, or adding it). */
function setOpt(c: Case, name: string, value: string | null): Case {
  const args = [...c.args];
  const i = args.indexOf(name);
  if (i >= 0) args.splice(i, value === null ? 1 : 2, ...(value === null ? [name] : [name, value]));
  else args.push(...(value === null ? [name] : [name, value]));
  return { ...c, args };
}

/** The integer options of each command. */
const INT_OPTS: Record<string, string[]> = {
  simulate: ['--games', '--threads', '--batch', '--players', '--checkpoint'], replay: ['--index', '--players'], odds: ['--legions', '--status', '--armies', '--turns'],
  bench: ['--games', '--threads'], experiment: ['--games', '--threads', '--checkpoint'], check: ['--games', '--threads'],
  tournament: ['--games', '--collapse-games', '--players'], tune: ['--generations', '--population', '--parents', '--games', '--players'], merge: [],
};
const VALUE_OPTS: Record<string, string[]> = {
  simulate: ['--games', '--seed', '--policies', '--out', '--per-game', '--shard', '--variants', '--rules', '--board'],
  replay: ['--seed', '--policies', '--index', '--variants', '--rules', '--board'], odds: ['--legions', '--status', '--armies'], bench: ['--games', '--threads'],
  merge: ['--out', '--per-game'], experiment: ['--out', '--games', '--threads'], check: ['--baseline', '--games'],
  tournament: ['--policies', '--out', '--games', '--seed'], tune: ['--field', '--out', '--name', '--start', '--sigma'],
};
const cmdArb = fc.constantFrom(...COMMANDS);
const cmdWith = (table: Record<string, string[]>) => fc.constantFrom(...COMMANDS.filter((c) => table[c]!.length > 0));
const junk = fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', ',', '..', '/', '-', '--', '=', '\t', 'é', '💥'));
const nonNumber = fc.oneof(fc.constantFrom('abc', 'NaN', '0x10', '1/2', 'Infinity', '-Infinity', '1e', '1_000', '٣', '1,5', 'true'), fc.string({ minLength: 1, maxLength: 8 }).filter((s) => Number.isNaN(Number(s))));
const fraction = fc.constantFrom('1.5', '0.1', '-2.5', '2.000001', '1e-3');
const below = fc.oneof(fc.constantFrom('0', '-1', '-0', '-1e9'), fc.integer({ min: -1e9, max: 0 }).map(String));
const above = fc.oneof(fc.constantFrom('1e9', '1e15', '9007199254740993', '9'.repeat(30), '1e308', '100000001'), fc.integer({ min: 100_000_001, max: 2 ** 31 }).map(String));
const intOpt = (values: fc.Arbitrary<string>) => cmdWith(INT_OPTS).chain((cmd) => fc.tuple(fc.constantFrom(...INT_OPTS[cmd]!), values).map(([o, v]) => setOpt(base(cmd), o, v)));

/** JSON text with a prototype key somewhere (JSON.stringify cannot write an own __proto__). */
const protoJson = (obj: unknown) => fc.tuple(fc.constantFrom('__proto__', 'constructor', 'prototype'), fc.boolean()).map(([k, nested]) => {
  const text = JSON.stringify(obj);
  return nested && text.includes('{"', 1) ? text.replace(/\{"(?=[^{]*$)/, `{"${k}": {"x": 1}, "`) : text.replace(/^\{/, `{"${k}": 1, `);
});

/** A value to put in a file field: wrong types, extremes, strings for numbers. */
const fieldValue = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constantFrom(-1, 0, 1.5, 1e9, 1e308, -1e308, '3', '', null, [], {}, true));

function mutateObject(obj: Record<string, unknown>): fc.Arbitrary<Record<string, unknown>> {
  const keys = Object.keys(obj);
  return fc.oneof(
    fc.tuple(fc.constantFrom(...keys), fieldValue).map(([k, v]) => ({ ...obj, [k]: v })),
    fc.constantFrom(...keys).map((k) => Object.fromEntries(Object.entries(obj).filter(([x]) => x !== k))),
    fc.tuple(fc.string({ minLength: 1, maxLength: 8 }), fieldValue).map(([k, v]) => ({ ...obj, [k]: v })),
  );
}

const fileText = fc.oneof(
  fc.string({ maxLength: 40 }), // not JSON at all
  fc.constantFrom('', '{', '[1,', '{"a":}', 'null', '[]', '42', '"text"', '\u0000\u0001\u00ff', 'SECRET {'),
  fc.json({ maxDepth: 3 }),
);

// ---- the classes of bad input (the README's table lists them) ----

interface BadClass {
  name: string;
  arb: fc.Arbitrary<Case>;
  /** Runs per property (default RUNS); fewer where a case may be a valid, slower run. */
  runs?: number;
}

/** The classes, built when the shards and the baseline exist (some generators read them). */
function buildClasses(): BadClass[] {
  return [
  { name: 'integer option not a number', arb: intOpt(nonNumber) },
  { name: 'integer option with a fraction', arb: intOpt(fraction) },
  { name: 'integer option below its range', arb: intOpt(below) },
  { name: 'integer option above its range or beyond 2^53', arb: intOpt(above) },
  { name: 'option without a value', arb: cmdWith(VALUE_OPTS).chain((cmd) => fc.tuple(fc.constantFrom(...VALUE_OPTS[cmd]!), fc.boolean()).map(([o, last]) => {
    const c = base(cmd);
    const args = c.args.filter((a, i) => a !== o && c.args[i - 1] !== o);
    return { ...c, args: last ? [...args, o] : [args[0]!, o, ...args.slice(1)] };
  })) },
  { name: 'option given twice', arb: cmdWith(VALUE_OPTS).chain((cmd) => fc.tuple(fc.constantFrom(...VALUE_OPTS[cmd]!), junk).map(([o, v]) => {
    const c = base(cmd);
    return { ...c, args: [...c.args, o, v || 'x', o, v || 'y'] };
  })) },
  { name: 'option with an empty value', arb: cmdWith(VALUE_OPTS).chain((cmd) => fc.tuple(fc.constantFrom(...VALUE_OPTS[cmd]!), fc.constantFrom('', ' ', '\t')).map(([o, v]) => setOpt(base(cmd), o, v))) },
  { name: 'switch given a value, or a non-switch negated', arb: cmdArb.chain((cmd) => fc.constantFrom('--json=yes', '--quiet=1', '--charts=maybe', '--no-games', '--no-out', '--no-seed').map((f) => ({ ...base(cmd), args: [...base(cmd).args, f] }))) },
  { name: 'unknown option or stray argument', arb: cmdArb.chain((cmd) => fc.tuple(fc.constantFrom('--colour', '--gmaes', '-x', '--', 'extra', '-1', '--__proto__', '--constructor'), junk).map(([f, v]) => ({ ...base(cmd), args: [...base(cmd).args, f, v] }))) },
  { name: 'bad --shard', arb: fc.oneof(fc.constantFrom('-1/2', '4/4', 'a/b', '1/0', '0/1e12', '1/2/3', '0/999999999999999999', '', '/', '0 / 2'), junk).map((v) => setOpt(base('simulate'), '--shard', v)) },
  { name: 'bad --players', arb: fc.tuple(fc.constantFrom('simulate', 'replay', 'tournament', 'tune'), fc.constantFrom('0', '1', '2', '4', '6', '5.5', '-5')).map(([c, v]) => setOpt(base(c), '--players', v)) },
  { name: 'bad policy names or counts', arb: fc.tuple(fc.constantFrom('simulate', 'replay', 'tournament'), fc.oneof(fc.constantFrom('genius', 'random,random', ',', 'a,,b', 'rollout:0', 'rollout:2000', 'rollout:x', 'parametric:', 'parametric:missing.json', 'parametric:/dev/zero', 'parametric:/', 'statesman,statesman,statesman,statesman'), junk)).map(([c, v]) => setOpt(base(c), '--policies', v)) },
  { name: 'bad --rule', arb: fc.tuple(fc.constantFrom('simulate', 'replay'), fc.oneof(fc.constantFrom('__proto__=1', 'constructor=1', 'prototype=1', 'turns=0', 'turns=abc', '=3', 'turns', 'turns=', 'turns=1e99', 'turns=2.5', 'donationThresholds=1,2', 'magic=1', 'toString=1', 'hasOwnProperty=1'), junk.map((j) => `turns=${j}`))).map(([c, v]) => ({ ...base(c), args: [...base(c).args, '--rule', v] })) },
  { name: 'bad --variants', arb: fc.tuple(fc.constantFrom('simulate', 'replay'), fc.oneof(fc.constantFrom(',', 'a,,b', 'deaths,deaths', 'chariots', 'none,deaths', ' , ', 'deaths,'), junk)).map(([c, v]) => setOpt(base(c), '--variants', v)) },
  { name: 'output in a system folder', arb: fc.tuple(fc.constantFrom('simulate', 'merge', 'experiment', 'tournament', 'tune'), fc.constantFrom('/', '/proc/x', '/sys/x', '/dev/x', '/etc/legions', '/usr/x', '/proc/self/fd', 'link/x')).map(([c, v]) => ({ ...setOpt(base(c), '--out', v), files: { ...base(c).files, link: { kind: 'link', to: '/proc' } } })) },
  { name: 'per-game CSV in a system folder, a folder, or a name of the outputs', arb: fc.tuple(fc.constantFrom('simulate', 'merge'), fc.constantFrom('/proc/x.csv', '/dev/null', 'out', 'out/', 'out/summary.json', 'out/manifest.json', 'm/accumulator.json', 'm/summary.json', 'rules.json', 's0/g.csv', 's0/accumulator.json')).map(([c, v]) => ({ ...setOpt(base(c), '--per-game', v), files: { ...base(c).files, out: { kind: 'dir' }, 'rules.json': '{}' } })) },
  { name: 'output onto an input or the wrong kind of path', arb: fc.constantFrom<Case>(
    { ...setOpt(base('simulate'), '--out', 'rules.json'), files: { 'rules.json': '{}' } },
    { ...setOpt(setOpt(base('simulate'), '--rules', 'out/summary.json'), '--out', 'out'), files: { out: { kind: 'dir' }, 'out/summary.json': '{}' } },
    { ...setOpt(base('merge'), '--out', 's0'), files: base('merge').files },
    { ...setOpt(base('merge'), '--out', 's1/merged'), files: base('merge').files },
    { ...setOpt(base('experiment'), '--out', 'exp.json'), files: base('experiment').files },
    { ...setOpt(base('tune'), '--out', 'file'), files: { file: 'x' } },
    { ...setOpt(base('simulate'), '--per-game', 'file/x.csv'), files: { file: 'x' } },
    { ...setOpt(setOpt(base('check'), '--baseline', 'exp.json'), '--update-baseline', null), files: base('check').files },
  ) },
  { name: 'input that is not a regular file, is missing, or is too large', arb: fc.tuple(fc.constantFrom('--rules', '--board', '--policies'), fc.constantFrom('/dev/zero', '/dev/urandom', '/proc/self/status', '/proc/self/mem', '/', 'folder', 'fifo', 'missing.json', 'huge.json', '/etc/passwd')).map(([o, v]) => ({
    ...setOpt(base('replay'), o, o === '--policies' ? `parametric:${v}` : v),
    files: { folder: { kind: 'dir' }, fifo: { kind: 'fifo' }, 'huge.json': { kind: 'sparse', bytes: 17 * 1024 * 1024 } },
  })) },
  { name: 'file that is not JSON, or JSON of the wrong shape', arb: fc.tuple(fc.constantFrom('--rules', '--board', 'weights', 'experiment', 'baseline'), fileText).map(([where, text]) => {
    if (where === 'experiment') return { ...base('experiment'), files: { 'exp.json': text } };
    if (where === 'baseline') return { ...base('check'), files: { 'exp.json': JSON.stringify(experiment), 'base.json': text } };
    if (where === 'weights') return { ...setOpt(base('replay'), '--policies', 'parametric:f.json'), files: { 'f.json': text } };
    return { ...setOpt(base('replay'), where, 'f.json'), files: { 'f.json': text } };
  }) },
  { name: 'prototype keys in a file', arb: fc.oneof(
    protoJson({ turns: 5 }).map((t) => ({ ...setOpt(base('replay'), '--rules', 'f.json'), files: { 'f.json': t } })),
    protoJson(board).map((t) => ({ ...setOpt(base('replay'), '--board', 'f.json'), files: { 'f.json': t } })),
    protoJson(weights).map((t) => ({ ...setOpt(base('replay'), '--policies', 'parametric:f.json'), files: { 'f.json': t } })),
    protoJson(experiment).map((t) => ({ ...base('experiment'), files: { 'exp.json': t } })),
  ) },
  { name: 'rules file: unknown key, wrong type, out of range, wrong list length', arb: fc.oneof(
    fc.tuple(fc.constantFrom('turns', 'stateIncome', 'donationThresholds', 'magic', 'toString'), fieldValue).map(([k, v]) => ({ [k]: v })),
    fc.constantFrom({ turns: '3' }, { turns: 0 }, { turns: 51 }, { turns: 2.5 }, { donationThresholds: [1, 2] }, { donationThresholds: 5 }, { donationThresholds: ['8', 16, 30] }, [], { turns: null }),
  ).map((r) => ({ ...setOpt(base('replay'), '--rules', 'r.json'), files: { 'r.json': JSON.stringify(r) } })) },
  { name: 'board file: wrong province count or fields', arb: fc.oneof(
    mutateObject(board).map((b) => JSON.stringify(b)),
    fc.nat({ max: 12 }).map((n) => JSON.stringify({ ...board, provinces: Array.from({ length: n }, (_, i) => board.provinces[i % 10]) })),
    fc.tuple(fc.nat({ max: 9 }), fc.constantFrom('number', 'warTurn', 'modifier', 'spoils', 'income', 'name', 'extra')).chain(([i, f]) => fieldValue.map((v) => {
      const b = JSON.parse(JSON.stringify(board));
      b.provinces[i][f] = v;
      return JSON.stringify(b);
    })),
  ).map((t) => ({ ...setOpt(base('replay'), '--board', 'b.json'), files: { 'b.json': t } })) },
  { name: 'weight file: out of range, missing or extra weights', arb: fc.oneof(
    mutateObject(weights.weights).map((w) => ({ ...weights, weights: w })),
    mutateObject(weights),
  ).map((w) => ({ ...setOpt(base('replay'), '--policies', 'parametric:w.json'), files: { 'w.json': JSON.stringify(w) } })) },
  { name: 'experiment file: schema violations', arb: mutateObject(experiment).map((e) => ({ ...base('experiment'), files: { 'exp.json': JSON.stringify({ ...e, games: typeof e.games === 'number' && e.games > 20 ? 20 : e.games, precision: undefined }) } })), runs: 8 },
  { name: 'experiment file: names, arms and variants', arb: fc.oneof(
    fc.constantFrom('..', '.', '', 'a/b', '...', 'a b').map((name) => ({ ...experiment, name })),
    fc.constantFrom([{ name: 'a' }, { name: 'a' }], [{ name: 'a', variants: ['deaths', 'deaths'] }], [{ name: 'a', variants: ['chariots'] }], [{ name: 'a', rules: { magic: 1 } }], [{ name: 'a', policies: 'genius' }], [{ name: 'a', board: 'missing.json' }], [{ name: 'a', board: '/dev/zero' }], [], [{ name: '../x' }]).map((arms) => ({ ...experiment, arms })),
    fc.constantFrom({ baseline: 'zz' }, { variants: ['deaths', 'deaths'] }, { variants: [''] }, { policies: ['a', 'b'] }).map((o) => ({ ...experiment, ...o })),
  ).map((e) => ({ ...base('experiment'), files: { 'exp.json': JSON.stringify(e) } })) },
  { name: 'experiment file: sweeps', arb: fc.oneof(
    fc.constantFrom({ from: 9, to: 3, step: 1 }, { from: 0, to: 1e9, step: 1 }, { from: 0, to: 1, step: 1e-9 }, { from: 0, to: 1, step: 0 }, { from: 0, to: 1, step: -1 }, { values: [3, 4, 3] }, { values: [] }, { values: Array.from({ length: 201 }, (_, i) => i) }),
    fc.record({ from: fc.integer({ min: -5, max: 60 }), to: fc.integer({ min: -5, max: 60 }), step: fc.oneof(fc.integer({ min: 1, max: 30 }), fc.double({ min: 1e-7, max: 5, noNaN: true })) }),
  ).chain((s) => fc.constantFrom('turns', 'board.1.spoils', 'board.99.spoils', 'magic', 'donationThresholds').map((param) => ({ ...base('experiment'), files: { 'exp.json': JSON.stringify({ ...experiment, games: 1, arms: [], sweep: { param, ...s } }) } }))), runs: 8 },
  { name: 'experiment --games above the cap', arb: fc.tuple(fc.constantFrom('experiment', 'check'), fc.constantFrom('500', '1e9', '100000001')).map(([c, g]) => ({ ...setOpt(base(c), '--games', g), files: { ...base(c).files, 'exp.json': JSON.stringify({ ...experiment, precision: 0.4, maxGames: 40 }) } })) },
  { name: 'baseline of another experiment, or broken', arb: fc.oneof(
    fc.constantFrom({ seed: 'other' }, { players: 5 }, { games: 3 }, { policies: 'opportunist' }, { arms: [{ name: 'b' }] }, { seatRotation: 'latin', policies: ['random', 'statesman', 'opportunist'] }).map((o) => ({ ...base('check'), files: { 'exp.json': JSON.stringify({ ...experiment, ...o }), 'base.json': baselineText } })),
    mutateObject(JSON.parse(baselineText || '{}')).map((b) => ({ ...base('check'), files: { 'exp.json': JSON.stringify(experiment), 'base.json': JSON.stringify(b) } })),
  ) },
  { name: 'merge of tampered, missing, unfinished or overlapping shards', arb: fc.constantFrom<[string, string[]]>(
    ['truncate-csv', ['s0', 's1']], ['edit-csv', ['s0', 's1']], ['drop-csv', ['s0', 's1']], ['edit-acc', ['s0', 's1']], ['drop-hash', ['s0', 's1']], ['none', ['s0']], ['none', ['s0', 's0']],
    ['none', ['s0', 'missing']], ['none', ['s0', 'empty']], ['none', ['s0', 's1', 's1']], ['checkpoint-only', ['s0', 's1']],
  ).map(([how, dirs]) => ({ ...base('merge'), args: ['merge', '--out', 'm', '--no-charts', ...dirs], files: { ...base('merge').files, empty: { kind: 'dir' }, [`tamper:${how}`]: '' } })) },
  { name: 'odds out of range', arb: fc.tuple(fc.constantFrom('--legions', '--status', '--armies', '--turns'), fc.constantFrom('0', '51', '11', '-1', '21', '2.5', '1e9')).map(([o, v]) => setOpt(base('odds'), o, v)) },
  { name: 'several things wrong at once', arb: cmdArb.chain((cmd) => fc.array(fc.tuple(fc.constantFrom(...(VALUE_OPTS[cmd]!.length ? VALUE_OPTS[cmd]! : ['--json'])), fc.oneof(junk, nonNumber, above, below)), { minLength: 1, maxLength: 4 }).map((muts) => {
    let c = base(cmd);
    for (const [o, v] of muts) c = setOpt(c, o, v);
    return c;
  })), runs: 20 },
  // Caesar XL (--game caesar-xl): battle files with a field changed, removed or added; experiment arms likewise.
  { name: 'Caesar XL battle files', arb: fc.tuple(fc.constantFrom('simulate', 'odds'), fc.oneof(mutateObject(battle), mutateObject(battle.attacker).map((a) => ({ ...battle, attacker: a })), fc.constantFrom(...battleUnits).map((u) => ({ ...battle, defender: { ...battle.defender, units: [u] } })))).map(([cmd, b]) => ({
    args: cmd === 'simulate' ? ['simulate', '--game', 'caesar-xl', '--battle', 'b.json', '--games', '3', '--threads', '1', '--quiet', '--no-charts', '--out', 'out'] : ['odds', '--game', 'caesar-xl', '--battle', 'b.json'],
    files: { 'b.json': JSON.stringify(b) },
  })), runs: 16 },
  { name: 'Caesar XL experiment files', arb: fc.oneof(mutateObject(caesarExperiment), mutateObject(caesarExperiment.arms[0] as Record<string, unknown>).map((a) => ({ ...caesarExperiment, arms: [a] }))).map((e) => ({
    args: ['experiment', 'cx.json', '--out', 'rep', '--quiet', '--threads', '1'], files: { 'cx.json': JSON.stringify(e), 'b.json': JSON.stringify(battle) },
  })), runs: 12 },
  ];
}

const battle = JSON.parse(readFileSync(join(__dirname, '..', 'battles', 'rulebook.json'), 'utf8'));
const battleUnits: unknown[] = [{ kind: 'leader' }, { kind: 'legion', swords: 0 }, { kind: 'legion', swords: 1e9 }, { kind: 'cavalry' }, { kind: 'allied', veteran: 'yes' }, { kind: 'leader', swords: 3, supreme: true }, null, [], 'legion', { kind: 'legion', __proto__: 1 }];
const caesarExperiment = { game: 'caesar-xl', name: 'cx', games: 3, seed: 'cx', arms: [{ name: 'a', battle: 'b.json' }], metrics: ['attackerWins'] };

// ---- running a case ----

function tamper(dir: string, how: string): void {
  const acc = join(dir, 's0', 'accumulator.json');
  const csv = join(dir, 's0', 'g.csv');
  if (how === 'truncate-csv') writeFileSync(csv, readFileSync(csv, 'utf8').slice(0, 200));
  if (how === 'edit-csv') writeFileSync(csv, readFileSync(csv, 'utf8').replace(/,(\d),/, (_m, d: string) => `,${(Number(d) + 1) % 10},`));
  if (how === 'drop-csv') rmSync(csv);
  if (how === 'edit-acc') writeFileSync(acc, readFileSync(acc, 'utf8').replace(/"sharedWins":(\d+)/, (_m, n: string) => `"sharedWins":${Number(n) + 1}`));
  if (how === 'drop-hash') writeFileSync(acc, readFileSync(acc, 'utf8').replace(/,"sha256":"[0-9a-f]+"/, ''));
  if (how === 'checkpoint-only') {
    writeFileSync(join(dir, 's1', 'checkpoint.json'), '{"format":"legions-checkpoint/1"}');
    rmSync(join(dir, 's1', 'accumulator.json'));
  }
}

function lay(dir: string, files: Record<string, FileSpec>): void {
  for (const [name, spec] of Object.entries(files)) {
    const p = join(dir, name);
    if (name.startsWith('tamper:')) continue;
    mkdirSync(join(p, '..'), { recursive: true });
    if (typeof spec === 'string') writeFileSync(p, spec);
    else if (spec.kind === 'dir') mkdirSync(p, { recursive: true });
    else if (spec.kind === 'fifo') execFileSync('mkfifo', [p]);
    else if (spec.kind === 'sparse') {
      writeFileSync(p, '');
      truncateSync(p, spec.bytes);
    } else if (spec.kind === 'copy') cpSync(join(shards, spec.from), p, { recursive: true });
    else symlinkSync(spec.to, p);
  }
  for (const name of Object.keys(files)) if (name.startsWith('tamper:')) tamper(dir, name.slice('tamper:'.length));
}

let caseNo = 0;
const tried: Record<string, { runs: number; ok: number; refused: number; gate: number }> = {};

function checkResult(cls: string, c: Case, r: Result, before: Record<string, string>, after: () => Record<string, string>): void {
  const what = `${cls}: legions ${c.args.map((a) => JSON.stringify(a)).join(' ')} -> ${r.status}\n${r.stderr}`;
  expectNoTrace(r.stdout + r.stderr);
  const allowed = c.args[0] === 'check' ? [0, 1, 2] : [0, 2];
  expect(allowed, what).toContain(r.status);
  const t = (tried[cls] ??= { runs: 0, ok: 0, refused: 0, gate: 0 });
  t.runs++;
  if (r.status === 2) {
    t.refused++;
    expect(r.stdout, what).toBe('');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines, what).toHaveLength(1);
    expect(lines[0], what).toMatch(/^legions: \S/);
    expect(after(), `${what}\n(something was written)`).toEqual(before);
  } else if (r.status === 0) t.ok++;
  else t.gate++;
}

async function runCase(cls: string, c: Case): Promise<void> {
  const dir = join(root, `c${caseNo++}`);
  mkdirSync(dir);
  let timer: NodeJS.Timeout | undefined;
  try {
    lay(dir, c.files);
    // The whole fuzz folder: a refusal may write nowhere, not only not in its own folder.
    const before = snapshot(root);
    const r = await Promise.race([
      cli(c.args, { cwd: dir }),
      new Promise<Result>((resolve) => (timer = setTimeout(() => resolve({ status: -1, signal: null, stdout: '', stderr: 'HUNG (20 s)' }), 20_000))),
    ]);
    checkResult(cls, c, r, before, () => snapshot(root));
  } finally {
    clearTimeout(timer);
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  shards = join(root, 'shards');
  for (const i of [0, 1]) {
    const d = join(shards, `s${i}`);
    const r = await cli(['simulate', '--players', '3', '--games', '20', '--seed', 'fz', '--threads', '1', '--quiet', '--no-charts', '--shard', `${i}/2`, '--out', d, '--per-game', join(d, 'g.csv')]);
    expect(r.status, r.stderr).toBe(0);
  }
  const e = join(root, 'exp.json');
  writeFileSync(e, JSON.stringify(experiment));
  const b = await cli(['check', e, '--baseline', join(root, 'base.json'), '--update-baseline', '--quiet', '--threads', '1']);
  expect(b.status, b.stderr).toBe(0);
  baselineText = readFileSync(join(root, 'base.json'), 'utf8');
});

describe('fuzz: every command, every input file', () => {
  it('no stack trace, exit 0 or 2, one line and nothing written on exit 2, for every class of bad input', async () => {
    const t0 = Date.now();
    const classes = buildClasses();
    for (const cls of classes) {
      await fc.assert(fc.asyncProperty(cls.arb, (c) => runCase(cls.name, c)), { numRuns: cls.runs ?? RUNS, seed: SEED, endOnFailure: true });
    }
    const seconds = (Date.now() - t0) / 1000;
    // What was tried, for the README's table and for anyone tuning the budget.
    if (process.env.FUZZ_REPORT) {
      process.stderr.write(`fuzz: ${classes.length} classes, ${Object.values(tried).reduce((s, x) => s + x.runs, 0)} cases in ${seconds.toFixed(1)} s\n`);
      for (const [k, v] of Object.entries(tried)) process.stderr.write(`  ${k}: ${v.runs} runs, ${v.refused} refused, ${v.ok} ran\n`);
    }
    expect(Object.keys(tried)).toHaveLength(classes.length);
    // Every class really produced refusals (a generator that only makes valid input would test nothing).
    for (const [k, v] of Object.entries(tried)) expect(v.refused, k).toBeGreaterThan(0);
    // The README's table of classes is this list.
    const readme = readFileSync(join(__dirname, '..', 'README.md'), 'utf8');
    for (const cls of classes) expect(readme, cls.name).toContain(`| ${cls.name} |`);
  }, 120_000);

  it('the binary itself: a sample of the same classes as real processes', async () => {
    const sample = fc.sample(fc.oneof(...buildClasses().filter((c) => !c.name.startsWith('merge') && !c.name.startsWith('baseline')).map((c) => c.arb)), { numRuns: 8, seed: SEED });
    for (const c of sample) {
      const dir = join(root, `p${caseNo++}`);
      mkdirSync(dir);
      lay(dir, c.files);
      const before = snapshot(root);
      const r = await runAsync(c.args, { cwd: dir, timeout: 30_000 });
      expect(r.signal, c.args.join(' ')).toBe(null);
      checkResult('binary sample', c, r, before, () => snapshot(root));
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
