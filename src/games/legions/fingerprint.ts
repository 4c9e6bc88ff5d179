// Behaviour fingerprints: a hash of the outcome records of a small fixed workload per field and set
// of variations. Speed work must leave every one unchanged (tests/fingerprint.test.ts pins them), so
// a faster engine or policy is known to play exactly the same games, not merely the bench's.
import { parsePolicies } from '../../../policies/index.js';
import { checkFieldSeats, loadField } from '../../../policies/fields.js';
import { defaultBoard } from '../../legions/board.js';
import { playOutcome } from '../../legions/game.js';
import { defaultParams } from '../../legions/params.js';
import { parseVariants, VARIANT_NAMES } from '../../legions/variants.js';
import { seatLineups } from '../../sim/seats.js';
import { Signature } from '../../sim/signature.js';

const RULE_VARIATIONS = VARIANT_NAMES.filter((v) => !v.startsWith('ror-'));
const ROR_MODULES = VARIANT_NAMES.filter((v) => v.startsWith('ror-'));

/** The variation sets fingerprinted: none, the rules' eight, the Republic of Rome modules, all. */
export const FINGERPRINT_VARIANTS: Readonly<Record<string, readonly string[]>> = {
  none: [],
  rules: RULE_VARIATIONS,
  ror: ROR_MODULES,
  all: VARIANT_NAMES,
};

export const FINGERPRINT_FIELDS = ['competent', 'cooperative', 'selfish', 'mixed'] as const;

/** The signature of `games` five-player games of a field under a variation set (seed "fingerprint"). */
export function fingerprint(field: string, variants: string, games: number): string {
  const f = loadField(field);
  checkFieldSeats(f, 5);
  const names = f.policies.length === 1 ? Array<string>(5).fill(f.policies[0]!) : [...f.policies];
  const lineups = seatLineups(5, f.policies.length === 1 ? 'none' : f.seatRotation).map((l) => parsePolicies(l.map((k) => names[k]!).join(','), 5));
  const cfg = { players: 5, params: defaultParams(), board: defaultBoard(), variants: parseVariants(FINGERPRINT_VARIANTS[variants]!) };
  const sig = new Signature();
  for (let i = 0; i < games; i++) sig.add(playOutcome(cfg, `fingerprint/${variants}`, i, lineups[i % lineups.length]!));
  return sig.hex();
}
