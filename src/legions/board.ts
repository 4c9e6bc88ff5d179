// The board's province table (missing from the rules text; rules-notes item 1), loaded and validated.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as pathsModule from '../core/paths.js';
import { z } from 'zod';
import * as paramsModule from './params.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { packageRoot } = pathsModule;
const { InputError } = paramsModule;

export interface Province {
  readonly number: number;
  readonly name: string;
  /** Turn in which this province's war is established (Political Situation). */
  readonly warTurn: number;
  /** Added to the half random difference for the enemy armies. */
  readonly modifier: number;
  readonly spoils: number;
  /** State income [undeveloped, developed]. */
  readonly income: readonly [number, number];
}

export interface Board {
  readonly name: string;
  readonly provinces: readonly Province[];
}

const provinceSchema = z.strictObject({
  number: z.int().min(1).max(10),
  name: z.string().min(1),
  warTurn: z.int().min(1).max(50),
  modifier: z.int().min(0).max(20),
  spoils: z.int().min(0).max(1000),
  income: z.tuple([z.int().min(0).max(1000), z.int().min(0).max(1000)]),
});

const boardSchema = z.strictObject({
  name: z.string().min(1),
  provinces: z.array(provinceSchema).min(1).max(10),
});

/** Validates a parsed board; throws InputError naming the first problem. */
export function validateBoard(raw: unknown, source: string): Board {
  const r = boardSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    const where = issue.path.length ? issue.path.join('.') : '(root)';
    throw new InputError(`board ${source}: ${where}: ${issue.message}`);
  }
  const b = r.data as Board;
  b.provinces.forEach((p, i) => {
    if (p.number !== i + 1) throw new InputError(`board ${source}: provinces.${i}.number must be ${i + 1} (provinces are numbered in order from 1)`);
    if (p.income[1] < p.income[0]) throw new InputError(`board ${source}: provinces.${i}.income: developed income is below undeveloped`);
  });
  return b;
}

export function loadBoardFile(path: string): Board {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError(`board ${path}: cannot read the file`);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new InputError(`board ${path}: not valid JSON (${(e as Error).message})`);
  }
  return validateBoard(raw, path);
}

let cached: Board | null = null;
/** The default board shipped in data/board.json. */
export function defaultBoard(): Board {
  if (!cached) cached = loadBoardFile(join(packageRoot(), 'data', 'board.json'));
  return cached;
}
