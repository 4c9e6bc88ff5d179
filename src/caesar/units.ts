// The battle file: two forces and the rules switches, validated with zod into a BattleSetup.
// Any problem is reported as one line naming the field, e.g. `defender.units[2].swords: ...`.
import { z } from 'zod';
import { type BattleRules, DEFAULT_RULES, RULE_DOCS, TACTIC_NAMES, type TacticName } from './rules.js';

export type UnitKind = 'allied' | 'legion' | 'leader';

/** One unit of a force, with every default filled in. */
export interface UnitSpec {
  readonly kind: UnitKind;
  /** Printed sword strength of the side now up (veteran side for a veteran). */
  readonly swords: number;
  /** On its darker veteran side (Allied units and Legions only). */
  readonly veteran: boolean;
  /** The side's Supreme Leader (Caesar, Pompey or a Successor; leaders only). */
  readonly supreme: boolean;
  /** Eliminated when his side retreats, as Cato in the Battle Example (leaders only). */
  readonly diesOnRetreat: boolean;
  /** A label for traces (Caesar, Cato); null for anonymous units. */
  readonly name: string | null;
}

/** One side of a battle. */
export interface SideSetup {
  readonly units: readonly UnitSpec[];
  /** The Tactics card committed in step 2, or null. */
  readonly tactic: TacticName | null;
  /** A standing order: this side retreats after this round if the battle still goes on (null: never ordered). */
  readonly retreatAfterRound: number | null;
}

export interface BattleSetup {
  readonly attacker: SideSetup;
  readonly defender: SideSetup;
  /** The rules named in the file, defaults filled in. */
  readonly rules: BattleRules;
}

/** A battle file or rules object that cannot be used; the message is one line naming the field. */
export class BattleFileError extends Error {
  override name = 'BattleFileError';
}

export const MAX_UNITS_PER_SIDE = 40;
export const MAX_SWORDS = 20;

/** Printed swords of the units that need not state them (2.2; the veteran side adds one, Gold 9.4). */
export function defaultSwords(kind: Exclude<UnitKind, 'leader'>, veteran: boolean): number {
  return (kind === 'allied' ? 1 : 2) + (veteran ? 1 : 0);
}

const swordsSchema = z.number().int().min(1).max(MAX_SWORDS);

const unitSchema = z
  .strictObject({
    kind: z.enum(['allied', 'legion', 'leader']),
    swords: swordsSchema.optional(),
    veteran: z.boolean().optional(),
    supreme: z.boolean().optional(),
    diesOnRetreat: z.boolean().optional(),
    name: z.string().min(1).max(40).optional(),
  })
  .superRefine((u, ctx) => {
    const fail = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (u.kind === 'leader') {
      if (u.swords === undefined) fail('swords', 'leaders must give their swords');
      if (u.veteran !== undefined && u.veteran) fail('veteran', 'only Allied units and Legions have a veteran side');
    } else {
      if (u.supreme) fail('supreme', 'only a leader can be the Supreme Leader');
      if (u.diesOnRetreat) fail('diesOnRetreat', 'only a leader can die on a retreat');
      if (u.veteran && u.swords !== undefined && u.swords < 2) fail('swords', 'a veteran has at least 2 swords (its regular side has one fewer)');
    }
  });

const sideSchema = z
  .strictObject({
    units: z.array(unitSchema).min(1).max(MAX_UNITS_PER_SIDE),
    tactic: z.enum(TACTIC_NAMES as [TacticName, ...TacticName[]]).nullable().optional(),
    retreatAfterRound: z.number().int().min(1).max(1000).nullable().optional(),
  })
  .superRefine((s, ctx) => {
    const supremes = s.units.map((u, i) => (u.supreme ? i : -1)).filter((i) => i >= 0);
    if (supremes.length > 1) ctx.addIssue({ code: 'custom', path: ['units', supremes[1]!, 'supreme'], message: 'a side has at most one Supreme Leader' });
  });

const ruleShape: Record<string, z.ZodType> = {};
for (const r of RULE_DOCS) {
  ruleShape[r.key] = typeof r.values[0] === 'boolean' ? z.boolean().optional() : z.enum(r.values as [string, ...string[]]).optional();
}
const rulesSchema = z.strictObject(ruleShape);

const battleSchema = z.strictObject({ attacker: sideSchema, defender: sideSchema, rules: rulesSchema.optional() });

/** `a.b[2].c` from a zod path. */
function pathText(path: readonly PropertyKey[], root: string): string {
  let s = root;
  for (const p of path) s += typeof p === 'number' ? `[${p}]` : s === '' ? String(p) : `.${String(p)}`;
  return s === '' ? 'battle file' : s;
}

/** zod's first issue as our one-line message (zod's own texts are replaced where they are vague). */
function issueText(issue: z.core.$ZodIssue, root: string): string {
  const where = pathText(issue.path, root);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${where}: missing` : `${where}: expected ${issue.expected === 'int' ? 'a whole number' : issue.expected}`;
    case 'invalid_value':
      return `${where}: must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'unrecognized_keys':
      return `${where}: unknown key ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
    case 'too_small':
      return issue.origin === 'array' ? `${where}: needs at least ${issue.minimum} item(s)` : `${where}: at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `${where}: at most ${issue.maximum} item(s)` : `${where}: at most ${issue.maximum}`;
    default:
      return `${where}: ${issue.message}`;
  }
}

function check<T>(schema: z.ZodType<T>, json: unknown, root: string): T {
  const r = schema.safeParse(json, { reportInput: true });
  if (!r.success) throw new BattleFileError(issueText(r.error.issues[0]!, root));
  return r.data;
}

/** A full rules object from a partial one (a battle file's `rules`, or an override). */
export function parseRules(json: unknown): BattleRules {
  const given = check(rulesSchema, json ?? {}, 'rules');
  return { ...DEFAULT_RULES, ...(given as Partial<BattleRules>) };
}

type RawUnit = z.infer<typeof unitSchema>;
type RawSide = z.infer<typeof sideSchema>;

function unitSpec(u: RawUnit): UnitSpec {
  const veteran = u.veteran ?? false;
  return {
    kind: u.kind,
    swords: u.swords ?? defaultSwords(u.kind as Exclude<UnitKind, 'leader'>, veteran),
    veteran,
    supreme: u.supreme ?? false,
    diesOnRetreat: u.diesOnRetreat ?? false,
    name: u.name ?? null,
  };
}

function sideSetup(s: RawSide): SideSetup {
  return { units: s.units.map(unitSpec), tactic: s.tactic ?? null, retreatAfterRound: s.retreatAfterRound ?? null };
}

/** Validates a parsed battle file; throws a BattleFileError naming the first bad field. */
export function parseBattle(json: unknown): BattleSetup {
  const raw = check(battleSchema, json, '');
  return { attacker: sideSetup(raw.attacker), defender: sideSetup(raw.defender), rules: parseRules(raw.rules) };
}
