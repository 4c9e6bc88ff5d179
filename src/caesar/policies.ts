// The decisions the rules leave to the players (Bronze 10.0 step 4 and the Battle Example): which
// unit to commit, which unit takes a hit, and whether to retreat after a round.
import { type Stream, uniformInt } from '../core/rng.js';
import { type BattleView, LEADER, type Side } from './battle.js';

export interface BattlePolicy {
  readonly name: string;
  /** Index into view.units[side] of a unit to commit: alive, not yet rolled this round, of the segment's type. */
  commit(view: BattleView, side: Side, rng: Stream): number;
  /** Index into view.units[side] of a unit still in the battle that takes the enemy's hit. */
  loss(view: BattleView, side: Side, rng: Stream): number;
  /** After a round that left both sides standing: true to retreat. */
  retreat(view: BattleView, side: Side, rng: Stream): boolean;
}

/** Positive when unit i should be committed before unit j: most swords now, then a total order on the rest. */
function commitOrder(v: BattleView, side: Side, i: number, j: number): number {
  const a = v.units[side][i]!;
  const b = v.units[side][j]!;
  return (
    v.swordsOf(side, i) - v.swordsOf(side, j) ||
    a.swords - b.swords ||
    +a.veteran - +b.veteran ||
    +a.supreme - +b.supreme ||
    +a.tacticBonus - +b.tacticBonus ||
    +b.diesOnRetreat - +a.diesOnRetreat
  );
}

/**
 * Positive when unit i should take a hit before unit j: non-leaders, then other leaders, then the
 * Supreme Leader; fewest swords lost (a Silver veteran's flip costs one sword and no unit); a unit
 * rather than a flip only when it costs fewer swords; one that has rolled this round before one
 * that has not; then a total order on the rest, so equal-looking units are interchangeable.
 */
function lossOrder(v: BattleView, side: Side, i: number, j: number): number {
  const a = v.units[side][i]!;
  const b = v.units[side][j]!;
  const flips = v.rules.silverVeterans;
  const costA = flips && a.veteran ? 1 : a.swords;
  const costB = flips && b.veteran ? 1 : b.swords;
  const unitA = flips && a.veteran ? 0 : 1;
  const unitB = flips && b.veteran ? 0 : 1;
  return (
    +b.supreme - +a.supreme ||
    +(b.kind === LEADER) - +(a.kind === LEADER) ||
    costB - costA ||
    unitB - unitA ||
    +a.rolled - +b.rolled ||
    b.kind - a.kind ||
    +b.veteran - +a.veteran ||
    +b.tacticBonus - +a.tacticBonus ||
    +a.diesOnRetreat - +b.diesOnRetreat
  );
}

/** The committable unit that comes first in the default order. */
function strongestCommittable(v: BattleView, side: Side): number {
  let best = -1;
  const units = v.units[side];
  for (let i = 0; i < units.length; i++) {
    const f = units[i]!;
    if (!f.alive || f.rolled || f.kind !== v.segment) continue;
    if (best < 0 || commitOrder(v, side, i, best) > 0) best = i;
  }
  return best;
}

/** The unit still in battle that the default order gives up first. */
function cheapestLoss(v: BattleView, side: Side): number {
  let best = -1;
  const units = v.units[side];
  for (let i = 0; i < units.length; i++) {
    if (!units[i]!.alive) continue;
    if (best < 0 || lossOrder(v, side, i, best) > 0) best = i;
  }
  return best;
}

/** Commits the strongest unit first, gives up the cheapest unit, fights on. */
export const defaultPolicy: BattlePolicy = {
  name: 'default',
  commit: (v, side) => strongestCommittable(v, side),
  loss: (v, side) => cheapestLoss(v, side),
  retreat: () => false,
};

/** The k-th (0-based) unit of `side` that passes `ok`. */
function nth(v: BattleView, side: Side, k: number, ok: (i: number) => boolean): number {
  const units = v.units[side];
  for (let i = 0; i < units.length; i++) if (ok(i) && k-- === 0) return i;
  return -1;
}

/** Uniform choices from its own stream; retreats after a round on a roll of 1 on a die. */
export const randomPolicy: BattlePolicy = {
  name: 'random',
  commit(v, side, rng) {
    const ok = (i: number) => {
      const f = v.units[side][i]!;
      return f.alive && !f.rolled && f.kind === v.segment;
    };
    let n = 0;
    for (let i = 0; i < v.units[side].length; i++) if (ok(i)) n++;
    return nth(v, side, uniformInt(rng, n), ok);
  },
  loss(v, side, rng) {
    const ok = (i: number) => v.units[side][i]!.alive;
    return nth(v, side, uniformInt(rng, v.aliveCount(side)), ok);
  },
  retreat: (_v, _side, rng) => uniformInt(rng, 6) === 0,
};

/** The default choices, but retreats after any round that leaves it with fewer swords than the enemy. */
export const cautiousPolicy: BattlePolicy = {
  name: 'cautious',
  commit: defaultPolicy.commit,
  loss: defaultPolicy.loss,
  retreat: (v, side) => v.strength(side) < v.strength((1 - side) as Side),
};

export const POLICIES: Readonly<Record<string, BattlePolicy>> = Object.freeze({
  default: defaultPolicy,
  random: randomPolicy,
  cautious: cautiousPolicy,
});

export const POLICY_NAMES = Object.keys(POLICIES);

/** The built-in policy of that name; throws naming the known ones. */
export function policyByName(name: string): BattlePolicy {
  const p = Object.hasOwn(POLICIES, name) ? POLICIES[name] : undefined;
  if (p === undefined) throw new Error(`unknown battle policy "${name}" (known: ${POLICY_NAMES.join(', ')})`);
  return p;
}
