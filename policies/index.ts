// The policy registry: built-in policies by name, chosen per seat.
import { InputError } from '../src/legions/params.js';
import type { Policy } from '../src/legions/policy.js';
import { OPPORTUNIST, ParametricPolicy, STATESMAN } from './parametric.js';
import { RandomPolicy } from './random.js';
import { DEFAULT_ROLLOUT, RolloutPolicy } from './rollout.js';
import { competentWeightsPath, defaultWeightsPath, loadWeights } from './weights.js';

const registry: Record<string, () => Policy> = {
  random: () => new RandomPolicy(),
  statesman: () => new ParametricPolicy('statesman', STATESMAN),
  opportunist: () => new ParametricPolicy('opportunist', OPPORTUNIST),
  parametric: () => new ParametricPolicy('parametric', loadWeights(defaultWeightsPath())),
  competent: () => new ParametricPolicy('competent', loadWeights(competentWeightsPath())),
  rollout: () => new RolloutPolicy(),
};

export const POLICY_NAMES = Object.keys(registry);

/** A policy by name; `parametric:FILE` loads a weight file (e.g. one written by `legions tune`), `rollout:N` sets the budget. */
export function makePolicy(name: string): Policy {
  if (name.startsWith('rollout:')) {
    // rollout:N (N rollouts per posture), rollout:N:common (every posture in the same N futures).
    const [budget, mode, extra] = name.slice('rollout:'.length).split(':');
    const n = Number(budget);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InputError(`policy ${name}: the rollout budget must be 1..1000 rollouts per posture`);
    if (extra !== undefined || (mode !== undefined && mode !== 'common' && mode !== 'independent')) {
      throw new InputError(`policy ${name}: expected rollout:N, rollout:N:common or rollout:N:independent`);
    }
    return new RolloutPolicy({ ...DEFAULT_ROLLOUT, rollouts: n, common: mode === undefined ? DEFAULT_ROLLOUT.common : mode === 'common' }, name);
  }
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
  let names = spec.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (names.length === 1) names = Array.from({ length: players }, () => names[0]!);
  if (names.length !== players) throw new InputError(`--policies needs 1 or ${players} names, got ${names.length}`);
  const seats = names.map(makePolicy);
  // Rollout seats simulate the others with their own policies; other rollout seats as statesmen (no nesting).
  const forRollouts = (f: number): Policy => (names[f]!.startsWith('rollout') ? makePolicy('statesman') : makePolicy(names[f]!));
  for (const p of seats) if (p instanceof RolloutPolicy) p.setSeats(forRollouts);
  return seats;
}
