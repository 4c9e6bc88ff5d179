// The policy registry: built-in policies by name, chosen per seat.
import { InputError } from '../src/legions/params.js';
import type { Policy } from '../src/legions/policy.js';
import { OPPORTUNIST, ParametricPolicy, STATESMAN } from './parametric.js';
import { RandomPolicy } from './random.js';
import { defaultWeightsPath, loadWeights } from './weights.js';

const registry: Record<string, () => Policy> = {
  random: () => new RandomPolicy(),
  statesman: () => new ParametricPolicy('statesman', STATESMAN),
  opportunist: () => new ParametricPolicy('opportunist', OPPORTUNIST),
  parametric: () => new ParametricPolicy('parametric', loadWeights(defaultWeightsPath())),
};

export const POLICY_NAMES = Object.keys(registry);

/** A policy by name; `parametric:FILE` loads a weight file (e.g. one written by `legions tune`). */
export function makePolicy(name: string): Policy {
  if (name.startsWith('parametric:')) {
    const file = name.slice('parametric:'.length);
    return new ParametricPolicy(name, loadWeights(file));
  }
  const f = registry[name];
  if (!f) throw new InputError(`unknown policy "${name}" (known: ${POLICY_NAMES.join(', ')}, parametric:FILE)`);
  return f();
}

/** "a,b,c" (one per seat) or one name for every seat. */
export function parsePolicies(spec: string, players: number): Policy[] {
  const names = spec.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 1) return Array.from({ length: players }, () => makePolicy(names[0]!));
  if (names.length !== players) throw new InputError(`--policies needs 1 or ${players} names, got ${names.length}`);
  return names.map(makePolicy);
}
