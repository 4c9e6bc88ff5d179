// The policy registry: built-in policies by name, chosen per seat.
import { InputError } from '../src/legions/params.js';
import type { Policy } from '../src/legions/policy.js';
import { OPPORTUNIST, ParametricPolicy, STATESMAN } from './parametric.js';
import { RandomPolicy } from './random.js';
import { CLASSIC_ROLLOUT, DEFAULT_RACE, DEFAULT_ROLLOUT, RolloutPolicy } from './rollout.js';
import { competentWeightsPath, contestedWeights, defaultWeightsPath, loadWeights } from './weights.js';

const registry: Record<string, () => Policy> = {
  random: () => new RandomPolicy(),
  statesman: () => new ParametricPolicy('statesman', STATESMAN),
  opportunist: () => new ParametricPolicy('opportunist', OPPORTUNIST),
  parametric: () => new ParametricPolicy('parametric', loadWeights(defaultWeightsPath())),
  competent: () => new ParametricPolicy('competent', loadWeights(competentWeightsPath())),
  contested: () => new ParametricPolicy('contested', contestedWeights()),
  rollout: () => new RolloutPolicy(),
};

export const POLICY_NAMES = Object.keys(registry);

/** A policy by name; `parametric:FILE` loads a weight file (e.g. one written by `legions tune`), `rollout:N` sets the classic budget, `rollout:classic` and `rollout:race:...` choose the allocation. */
export function makePolicy(name: string): Policy {
  if (name === 'rollout:classic') return new RolloutPolicy(CLASSIC_ROLLOUT, name);
  if (name.startsWith('rollout:race')) {
    // rollout:race[:EVERY[:SCREEN[:CONFIRM]]]: the sticky race, searching every EVERY turns with SCREEN and CONFIRM futures.
    const parts = name.split(':').slice(2);
    const [every = DEFAULT_RACE.every, screen = DEFAULT_RACE.screen, confirm = DEFAULT_RACE.confirm] = parts.map(Number);
    if ((name !== 'rollout:race' && !name.startsWith('rollout:race:')) || parts.length > 3 || parts.some((p) => p === '') ||
      ![every, screen, confirm].every((x) => Number.isInteger(x)) || every < 1 || every > 50 || screen < 1 || screen > 1000 || confirm < 0 || confirm > 1000) {
      throw new InputError(`policy ${name}: expected rollout:race[:EVERY[:SCREEN[:CONFIRM]]] (every 1..50 turns, 1..1000 screen and 0..1000 confirmation futures)`);
    }
    return new RolloutPolicy({ ...DEFAULT_ROLLOUT, race: { ...DEFAULT_RACE, every, screen, confirm } }, name);
  }
  if (name.startsWith('rollout:')) {
    // rollout:N (N rollouts per posture, every posture every turn), rollout:N:common (every posture in the same N futures).
    const [budget, mode, extra] = name.slice('rollout:'.length).split(':');
    const n = Number(budget);
    if (!Number.isInteger(n) || n < 1 || n > 1000) throw new InputError(`policy ${name}: the rollout budget must be 1..1000 rollouts per posture (or rollout:classic, rollout:race)`);
    if (extra !== undefined || (mode !== undefined && mode !== 'common' && mode !== 'independent')) {
      throw new InputError(`policy ${name}: expected rollout:N, rollout:N:common or rollout:N:independent`);
    }
    return new RolloutPolicy({ ...CLASSIC_ROLLOUT, rollouts: n, common: mode === 'common' }, name);
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
