// Options shared by the game commands, turned into a validated game configuration.
import type { Argv } from 'yargs';
import { parsePolicies } from '../../policies/index.js';
import { checkFieldSeats, DEFAULT_FIELD, FIELD_NAMES, loadField } from '../../policies/fields.js';
import { readJsonInput } from '../core/input.js';
import { type Board, defaultBoard, validateBoard } from '../legions/board.js';
import type { GameConfig } from '../legions/game.js';
import { defaultParams, InputError } from '../legions/params.js';
import type { Policy } from '../legions/policy.js';
import { parseVariants, VARIANT_NAMES } from '../legions/variants.js';
import type { InputPath } from '../sim/paths.js';
import { applyRuleFlags, applyRulesFile } from '../games/legions/rules-schema.js';

export interface GameArgs {
  players: number;
  /** Policies per seat; filled from --field (or the default field) by buildConfig when not given. */
  policies: string;
  field?: string;
  /** Seat rotation of the policies, from the field. */
  rotation?: 'none' | 'latin';
  rule?: string[];
  rules?: string;
  board?: string;
  variants?: string;
  seed: string;
  quiet?: boolean;
}

export function withGameOptions<T>(y: Argv<T>): Argv<T & GameArgs> {
  return y
    .option('players', { type: 'number', default: 5, describe: 'Number of players: 3 or 5' })
    .option('policies', { type: 'string', describe: `Policy per seat (a,b,c) or one for all (default: the ${DEFAULT_FIELD} field)` })
    .option('field', { type: 'string', describe: `Players as a field: ${FIELD_NAMES.join(', ')}, or a field FILE.json (policies and seat rotation; default ${DEFAULT_FIELD})` })
    .option('rule', { type: 'string', array: true, describe: 'Rules parameter override key=value (repeatable)' })
    .option('rules', { type: 'string', describe: 'JSON file of rules parameter overrides' })
    .option('board', { type: 'string', describe: 'Board (province table) JSON file' })
    .option('variants', { type: 'string', describe: `Comma-separated variations to switch on: ${VARIANT_NAMES.join(', ')}` })
    .option('seed', { type: 'string', default: 'legions', describe: 'Master seed' }) as Argv<T & GameArgs>;
}

/** The provinces of the printed board; a smaller table is allowed (docs/rules.md) but worth a note. */
const PRINTED_PROVINCES = 10;

/** Reads and validates a board file (size, JSON, prototype keys, then the engine's zod schema). */
export function loadBoard(path: string, note?: (m: string) => void): Board {
  const b = validateBoard(readJsonInput(path, 'board'), path);
  if (b.provinces.length < PRINTED_PROVINCES) note?.(`note: board ${path} has ${b.provinces.length} provinces (the printed board has ${PRINTED_PROVINCES})`);
  return b;
}

/**
 * Checks a variant list before the engine reads it: no empty names ("a,,b", ","), no name twice,
 * "none" only alone.
 */
export function checkVariantList(names: readonly string[], where: string): void {
  const seen = new Set<string>();
  for (const raw of names) {
    const n = raw.trim();
    if (n === '') throw new InputError(`${where}: an empty variant name (known: ${VARIANT_NAMES.join(', ')})`);
    if (n === 'none' && names.length > 1) throw new InputError(`${where}: "none" cannot be combined with variants`);
    if (seen.has(n)) throw new InputError(`${where}: the variant "${n}" is named twice`);
    seen.add(n);
  }
}

/** The weight files named by parametric:FILE policies, checked as files before the policies load them. */
export function checkWeightFiles(names: readonly string[]): InputPath[] {
  const files: InputPath[] = [];
  for (const n of names) {
    if (!n.trim().startsWith('parametric:')) continue;
    const file = n.trim().slice('parametric:'.length);
    readJsonInput(file, 'weights');
    files.push({ path: file, what: 'weights' });
  }
  return files;
}

/**
 * Who plays: --policies as given, else --field (its policies and seat rotation), else the default
 * field. Sets a.policies and a.rotation.
 */
export function resolveSeats(a: GameArgs): void {
  if (a.policies !== undefined && a.field !== undefined) throw new InputError('give --policies or --field, not both');
  if (a.policies !== undefined) {
    a.rotation = 'none';
    return;
  }
  const f = loadField(a.field ?? DEFAULT_FIELD);
  checkFieldSeats(f, a.players);
  a.field = f.name;
  a.policies = (f.policies.length === 1 ? Array.from({ length: a.players }, () => f.policies[0]!) : f.policies).join(',');
  a.rotation = f.policies.length === 1 ? 'none' : f.seatRotation;
}

export function buildConfig(a: GameArgs): GameConfig {
  if (a.players !== 3 && a.players !== 5) throw new InputError(`--players must be 3 or 5, got ${a.players}`);
  resolveSeats(a);
  const params = defaultParams();
  if (a.rules !== undefined) applyRulesFile(params, readJsonInput(a.rules, '--rules'), `--rules ${a.rules}`);
  applyRuleFlags(params, a.rule ?? []);
  const note = a.quiet ? undefined : (m: string) => process.stderr.write(`legions: ${m}\n`);
  const board = a.board !== undefined ? loadBoard(a.board, note) : defaultBoard();
  if (a.variants !== undefined) checkVariantList(a.variants.split(','), '--variants');
  return { players: a.players, params, board, variants: parseVariants(a.variants) };
}

export function buildPolicies(a: GameArgs): Policy[] {
  checkWeightFiles(a.policies.split(','));
  return parsePolicies(a.policies, a.players);
}

/** The files a game command reads, which none of its outputs may replace. */
export function gameInputs(a: GameArgs): InputPath[] {
  const files: InputPath[] = [];
  if (a.rules !== undefined) files.push({ path: a.rules, what: '--rules' });
  if (a.board !== undefined) files.push({ path: a.board, what: '--board' });
  for (const n of (a.policies ?? '').split(',')) if (n.trim().startsWith('parametric:')) files.push({ path: n.trim().slice('parametric:'.length), what: 'weights' });
  return files;
}
