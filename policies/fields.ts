// Fields: named populations of players (a policy per seat, rotated over the seats), in fields/NAME.json.
// Balance figures depend on who plays, so every figure names its field.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../src/core/paths.js';
import { InputError } from '../src/legions/params.js';
import { makePolicy } from './index.js';

export const fieldSchema = z.strictObject({
  $schema: z.string().optional(),
  name: z.string().regex(/^[A-Za-z0-9_-]+$/).describe('The field\'s name (letters, digits, - and _)'),
  description: z.string().describe('Who plays, in a designer\'s words'),
  policies: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)])
    .describe('One policy for every seat, or one per seat (3 or 5 names)'),
  seatRotation: z.enum(['none', 'latin']).default('latin')
    .describe('latin: game i seats policy (s + i) mod n in seat s, so every policy plays every seat equally often'),
});

export interface Field {
  name: string;
  description: string;
  /** Policy names in seat order (one name: every seat). */
  policies: string[];
  seatRotation: 'none' | 'latin';
}

/** The shipped fields (fields/*.json). */
export const FIELD_NAMES = ['competent', 'contested', 'cooperative', 'selfish', 'mixed'] as const;
export const DEFAULT_FIELD = 'competent';

const cache = new Map<string, Field>();

/** A field by name (fields/NAME.json) or by file path; validated, its policies checked. */
export function loadField(nameOrPath: string): Field {
  const hit = cache.get(nameOrPath);
  if (hit) return hit;
  const shipped = /^[A-Za-z0-9_-]+$/.test(nameOrPath) ? join(packageRoot(), 'fields', `${nameOrPath}.json`) : null;
  const path = shipped && existsSync(shipped) ? shipped : nameOrPath;
  if (!existsSync(path)) throw new InputError(`--field ${nameOrPath}: no such field (known: ${FIELD_NAMES.join(', ')}, or a FILE.json)`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new InputError(`field ${path}: not valid JSON (${(e as Error).message.split('\n')[0]!.slice(0, 80)})`);
  }
  const r = fieldSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`field ${path}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  const policies = typeof r.data.policies === 'string' ? [r.data.policies] : r.data.policies;
  for (const p of policies) makePolicy(p);
  const f: Field = { name: r.data.name, description: r.data.description, policies, seatRotation: r.data.seatRotation };
  cache.set(nameOrPath, f);
  return f;
}

/** The field's policies for `players` seats in game i (rotated when the field says so). */
export function fieldLineup(f: Field, players: number, i: number): string[] {
  if (f.policies.length === 1) return Array.from({ length: players }, () => f.policies[0]!);
  if (f.policies.length !== players) throw new InputError(`field ${f.name} names ${f.policies.length} seats, not ${players}`);
  return Array.from({ length: players }, (_, s) => f.policies[(s + (f.seatRotation === 'latin' ? i : 0)) % players]!);
}

/** Checks that a field can seat `players` players. */
export function checkFieldSeats(f: Field, players: number): void {
  if (f.policies.length !== 1 && f.policies.length !== players) {
    throw new InputError(`field ${f.name} names ${f.policies.length} seats; --players ${players} needs 1 or ${players}`);
  }
}
