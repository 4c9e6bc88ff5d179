// The command-line side of Caesar XL (--game caesar-xl): a --battle file read and checked, the two
// sides' policies, and the LEGIONS options refused (they mean nothing to a battle).
import { BattleFileError, type BattleSetup, parseBattle, POLICY_NAMES } from '../caesar/index.js';
import { InputError } from '../core/errors.js';
import { readJsonInput } from '../core/input.js';
import type { InputPath } from '../sim/paths.js';

export interface CaesarArgs {
  battle?: string;
  policies?: string;
  variants?: string;
  rule?: string[];
  rules?: string;
  board?: string;
  field?: string;
}

/** Reads and validates a battle file: one line naming the file and the field on any problem. */
export function loadBattle(path: string | undefined): BattleSetup {
  if (path === undefined) throw new InputError('--game caesar-xl needs --battle FILE (a battle: the two sides\' units, tactics and rules; see battles/)');
  const json = readJsonInput(path, '--battle');
  try {
    return parseBattle(json);
  } catch (e) {
    if (e instanceof BattleFileError) throw new InputError(`--battle ${path}: ${e.message}`);
    throw e;
  }
}

/** The attacker's and the defender's policy names: "a" for both or "a,b". */
export function battlePolicies(spec: string | undefined): [string, string] {
  const names = (spec ?? 'default').split(',').map((s) => s.trim());
  if (names.length > 2 || names.some((n) => n === '')) throw new InputError(`--policies: give one battle policy for both sides or two (attacker,defender), got "${spec}"`);
  for (const n of names) if (!POLICY_NAMES.includes(n)) throw new InputError(`--policies: unknown battle policy "${n}" (known: ${POLICY_NAMES.join(', ')})`);
  return names.length === 1 ? [names[0]!, names[0]!] : [names[0]!, names[1]!];
}

/** The LEGIONS-only options, refused under --game caesar-xl. */
export function refuseLegionsOptions(a: CaesarArgs): void {
  const given = (['variants', 'rule', 'rules', 'board', 'field'] as const).filter((k) => a[k] !== undefined);
  if (given.length) throw new InputError(`--game caesar-xl: --${given[0]} is a LEGIONS option (a battle's rules are in its --battle file)`);
}

export const battleInputs = (a: CaesarArgs): InputPath[] => (a.battle !== undefined ? [{ path: a.battle, what: '--battle' }] : []);
