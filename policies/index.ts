// The policy registry: built-in policies by name, chosen per seat.
import { InputError } from '../src/legions/params.js';
import type { Policy } from '../src/legions/policy.js';
import { RandomPolicy } from './random.js';
import { ScriptedPolicy } from './scripted.js';

const registry: Record<string, () => Policy> = {
  random: () => new RandomPolicy(),
  statesman: () => new ScriptedPolicy('statesman', { civic: true, aggressive: false }),
  opportunist: () => new ScriptedPolicy('opportunist', { civic: false, aggressive: true }),
};

export const POLICY_NAMES = Object.keys(registry);

export function makePolicy(name: string): Policy {
  const f = registry[name];
  if (!f) throw new InputError(`unknown policy "${name}" (known: ${POLICY_NAMES.join(', ')})`);
  return f();
}

/** "a,b,c" (one per seat) or one name for every seat. */
export function parsePolicies(spec: string, players: number): Policy[] {
  const names = spec.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 1) return Array.from({ length: players }, () => makePolicy(names[0]!));
  if (names.length !== players) throw new InputError(`--policies needs 1 or ${players} names, got ${names.length}`);
  return names.map(makePolicy);
}
