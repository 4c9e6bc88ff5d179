// The zod schema of a rules file (--rules FILE), built from the engine's own parameter table
// (paramDocs, PARAM_KEYS, defaultParams), so a parameter added to the engine is covered here without
// a change: a strict object of integers in each parameter's range, lists for list parameters, no
// coercion of strings ("3" is refused, as in experiment files).
import { z } from 'zod';
import { applyRuleStrings, defaultParams, InputError, PARAM_KEYS, paramDocs, type RulesParams, setParam } from '../../legions/params.js';
import { PROTOTYPE_KEYS } from '../../core/input.js';

let cached: z.ZodType<Record<string, number | number[]>> | null = null;

export function rulesSchema(): z.ZodType<Record<string, number | number[]>> {
  if (cached) return cached;
  const defaults = defaultParams() as unknown as Record<string, number | number[]>;
  const shape: Record<string, z.ZodType<number | number[]>> = {};
  for (const d of paramDocs()) {
    const [min, max] = d.range.split('..').map(Number) as [number, number];
    const one = z.int().min(min).max(max);
    shape[d.key] = (Array.isArray(defaults[d.key]) ? z.array(one).min(1) : one).optional() as z.ZodType<number | number[]>;
  }
  cached = z.strictObject(shape) as unknown as z.ZodType<Record<string, number | number[]>>;
  return cached;
}

/** Validates a parsed rules object (schema first, then the engine's own checks, e.g. list lengths). */
export function applyRulesFile(params: RulesParams, raw: unknown, source: string): void {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new InputError(`${source}: rules must be a JSON object of key: value`);
  const r = rulesSchema().safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`${source}: ${issue.path.length ? issue.path.join('.') : '(root)'}: ${issue.message}`);
  }
  for (const [k, v] of Object.entries(r.data)) {
    try {
      setParam(params, k, v);
    } catch (e) {
      throw new InputError(`${source}: ${(e as Error).message}`);
    }
  }
}

/**
 * Applies --rule key=value strings: the key must be a parameter of the engine's own table (a
 * prototype key such as __proto__ would otherwise pass the engine's `in` test), given once.
 */
export function applyRuleFlags(params: RulesParams, rules: readonly string[]): void {
  const seen = new Set<string>();
  for (const r of rules) {
    const eq = r.indexOf('=');
    const key = eq > 0 ? r.slice(0, eq).trim() : '';
    if (key !== '') {
      if (PROTOTYPE_KEYS.has(key)) throw new InputError(`--rule "${r}": the key "${key}" is not allowed`);
      if (!(PARAM_KEYS as readonly string[]).includes(key)) throw new InputError(`unknown rule key "${key}" (known: ${PARAM_KEYS.join(', ')})`);
      if (seen.has(key)) throw new InputError(`--rule ${key} is given twice`);
      seen.add(key);
      if (r.slice(eq + 1).trim() === '') throw new InputError(`--rule "${r}": no value after "="`);
    }
  }
  applyRuleStrings(params, rules);
}
