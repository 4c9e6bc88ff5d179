// The command-line side of Caesar XL (--game caesar-xl): a --battle file read and checked, the two
// sides' policies, and the LEGIONS options refused (they mean nothing to a battle).
import { BattleFileError, type BattleSetup, parseBattle } from '../caesar/index.js';
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

/** The LEGIONS-only options, refused under --game caesar-xl. */
export function refuseLegionsOptions(a: CaesarArgs): void {
  const given = (['variants', 'rule', 'rules', 'board', 'field'] as const).filter((k) => a[k] !== undefined);
  if (given.length) throw new InputError(`--game caesar-xl: --${given[0]} is a LEGIONS option (a battle's rules are in its --battle file)`);
}

export const battleInputs = (a: CaesarArgs): InputPath[] => (a.battle !== undefined ? [{ path: a.battle, what: '--battle' }] : []);
