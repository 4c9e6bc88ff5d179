// Turning an experiment file into the arms it compares: configurations, policies and seat lineups.
import { defaultBoard, loadBoardFile, validateBoard } from '../../../legions/board.js';
import type { GameConfig } from '../../../legions/game.js';
import { applyRuleObject, defaultParams, InputError } from '../../../legions/params.js';
import { parseVariants } from '../../../legions/variants.js';
import { parsePolicies } from '../../../../policies/index.js';
import { type ArmSpec, type Experiment, resolveFrom } from './schema.js';
import { checkFieldSeats, type Field, loadField } from '../../../../policies/fields.js';

export interface Arm {
  /** Unique name: the arm's own name, with `@field` when the experiment plays several fields. */
  name: string;
  /** The arm's name in the experiment file, and the field it plays under (when fields are named). */
  base: string;
  field?: string;
  cfg: GameConfig;
  /** Policy name per seat before rotation. */
  policies: string[];
  rotation: 'none' | 'all' | 'latin';
  /** Index of the arm it is compared with: the baseline arm of its own field. */
  baselineIndex: number;
  /** The swept value, when the arm comes from a sweep. */
  x?: number;
}

function seatNames(spec: string | string[], players: number, where: string): string[] {
  const names = typeof spec === 'string' ? [spec] : spec;
  const list = names.length === 1 ? Array.from({ length: players }, () => names[0]!) : names;
  if (list.length !== players) throw new InputError(`${where}: needs 1 or ${players} policy names, got ${list.length}`);
  parsePolicies(list.join(','), players); // validates the names
  return list;
}

function sweepValues(e: Experiment): number[] {
  const s = e.sweep!;
  if (s.values) return s.values;
  const out: number[] = [];
  for (let v = s.from!; v <= s.to! + 1e-9; v += s.step!) out.push(Math.round(v * 1e6) / 1e6);
  if (out.length > 200) throw new InputError(`sweep: ${out.length} values; at most 200`);
  return out;
}

function buildArm(e: Experiment & { dir: string }, a: ArmSpec, where: string, sweepAt?: { param: string; value: number }): Arm {
  const params = defaultParams();
  try {
    applyRuleObject(params, e.rules, `${where}.rules`);
    if (a.rules) applyRuleObject(params, a.rules, `${where}.rules`);
  } catch (err) {
    throw new InputError(`${where}: ${(err as Error).message}`);
  }
  const boardFile = a.board ?? e.board;
  let board = boardFile ? loadBoardFile(resolveFrom(e.dir, boardFile)) : defaultBoard();
  if (sweepAt) {
    const m = /^board\.(\d+)\.(warTurn|modifier|spoils|income0|income1)$/.exec(sweepAt.param);
    if (m) {
      // Board values: board.N.field, N = province number (1-based).
      const copy = JSON.parse(JSON.stringify(board));
      const p = copy.provinces[Number(m[1]) - 1];
      if (!p) throw new InputError(`sweep.param ${sweepAt.param}: no province ${m[1]} on the board`);
      if (m[2] === 'income0') p.income[0] = sweepAt.value;
      else if (m[2] === 'income1') p.income[1] = sweepAt.value;
      else p[m[2]!] = sweepAt.value;
      board = validateBoard(copy, `(sweep ${sweepAt.param}=${sweepAt.value})`);
    } else {
      try {
        applyRuleObject(params, { [sweepAt.param]: sweepAt.value }, 'sweep');
      } catch (err) {
        throw new InputError(`sweep.param: ${(err as Error).message}`);
      }
    }
  }
  let variants;
  try {
    variants = parseVariants([...e.variants, ...(a.variants ?? [])]);
  } catch (err) {
    throw new InputError(`${where}.variants: ${(err as Error).message}`);
  }
  return {
    name: a.name, base: a.name,
    cfg: { players: e.players, params, board, variants },
    policies: seatNames(a.policies ?? e.policies, e.players, `${where}.policies`),
    rotation: e.seatRotation, baselineIndex: 0,
    ...(sweepAt ? { x: sweepAt.value } : {}),
  };
}

/** A field named in an experiment: a shipped name, or a file relative to the experiment file. */
function experimentField(e: Experiment & { dir: string }, name: string, i: number): Field {
  const f = loadField(/^[A-Za-z0-9_-]+$/.test(name) ? name : resolveFrom(e.dir, name));
  try {
    checkFieldSeats(f, e.players);
  } catch (err) {
    throw new InputError(`fields.${i}: ${(err as Error).message}`);
  }
  return f;
}

/** The arms of an experiment: its listed arms, then one per sweep value; and the baseline's index. */
export function buildArms(e: Experiment & { dir: string }): { arms: Arm[]; baseline: number } {
  const plain = e.arms.map((a, i) => buildArm(e, a, `arms.${i}`));
  if (e.sweep) {
    for (const v of sweepValues(e)) {
      plain.push(buildArm(e, { name: `${e.sweep.param}=${v}` }, `sweep (${e.sweep.param}=${v})`, { param: e.sweep.param, value: v }));
    }
  }
  const baseline = e.baseline ? plain.findIndex((a) => a.name === e.baseline) : 0;
  if (baseline < 0) throw new InputError(`baseline: no arm is named "${e.baseline}"`);
  if (!e.fields) return { arms: plain.map((a) => ({ ...a, baselineIndex: baseline })), baseline };
  // Every arm under every field, field by field; each compared with the baseline of its own field.
  const arms: Arm[] = [];
  e.fields.forEach((name, i) => {
    const f = experimentField(e, name, i);
    const first = arms.length;
    const policies = f.policies.length === 1 ? Array.from({ length: e.players }, () => f.policies[0]!) : [...f.policies];
    for (const a of plain) {
      arms.push({ ...a, name: `${a.name}@${f.name}`, field: f.name, policies, rotation: f.policies.length === 1 ? 'none' : f.seatRotation, baselineIndex: first + baseline });
    }
  });
  return { arms, baseline };
}

function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out.sort((a, b) => a.join().localeCompare(b.join()));
}

/**
 * Seat s of game i plays the policy of seat lineup[s]: the identity, the cyclic Latin square
 * (rotation i mod n), or every permutation in turn (i mod n!).
 */
export function lineups(rotation: 'none' | 'all' | 'latin', n: number): number[][] {
  if (rotation === 'none') return [Array.from({ length: n }, (_, s) => s)];
  if (rotation === 'latin') return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, s) => (s + r) % n));
  return permutations(n);
}
