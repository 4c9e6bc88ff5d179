// Exact battle odds: every roll outcome is enumerated through the same BattleState methods and the
// default policy the simulator uses, memoised over battle states. Rounds form a Markov chain whose
// forces only shrink; a round in which nobody is hit leads back to the same state, and that
// self-loop is summed in closed form: V(s) = sum over s' != s of T(s,s') V(s') / (1 - T(s,s)).
import { makePrng, type Stream } from '../core/rng.js';
import { ATTACKER, BattleState, DEFENDER, type Fighter, hitChances, pursuitChances, type Side } from './battle.js';
import { defaultPolicy } from './policies.js';
import type { BattleRules } from './rules.js';
import type { BattleSetup } from './units.js';

export interface ExactOdds {
  /** P(the attacker holds the field). */
  attackerWins: number;
  /** P(the defender holds the field); with attackerWins it sums to 1. */
  defenderWins: number;
  /** Expected number of rounds begun. */
  expectedRounds: number;
  /** P(the attacker's Supreme Leader is eliminated) (0 when he has none). */
  attackerSupremeLost: number;
  defenderSupremeLost: number;
  round1: {
    /** attackerLosses[k] = P(k attacker units eliminated in round 1), k = 0..units. */
    attackerLosses: number[];
    defenderLosses: number[];
  };
  /** Distinct battle states the enumeration visited (a measure of its cost). */
  states: number;
}

export interface ExactOptions {
  /**
   * Honour the sides' standing retreat orders (SideSetup.retreatAfterRound), with pursuit, instead
   * of fighting to a finish. Default false: the battle is fought until one side is gone.
   */
  retreatOrders?: boolean;
}

/** The largest number of within-round states enumerated before giving up. */
export const MAX_EXACT_STATES = 250_000;
/** Units a side the enumeration accepts: cost grows fast (20 a side: about 4 s and 330 MB), and 40 exhaust memory. */
export const MAX_EXACT_UNITS = 24;

/** Value of a state: P(attacker holds the field), P(each Supreme Leader lost), E[rounds from here]. */
type Value = [aWin: number, aSup: number, dSup: number, rounds: number];

interface Branch {
  /** forcesKey(st), kept so that merging distributions never recomputes it. */
  key: string;
  st: BattleState;
  p: number;
}

/** Every mechanical attribute of a unit, so equal codes mean interchangeable units. */
function code(f: Fighter): string {
  return `${f.kind}${f.swords}${f.veteran ? 'v' : ''}${f.supreme ? 's' : ''}${f.tacticBonus ? 't' : ''}${f.diesOnRetreat ? 'd' : ''}${f.rolled ? 'r' : ''}`;
}

/** The two forces as a canonical string (unit order does not matter). */
function forcesKey(st: BattleState): string {
  const side = (s: Side) =>
    st.units[s]
      .filter((f) => f.alive)
      .map(code)
      .sort()
      .join(',');
  return side(ATTACKER) + '|' + side(DEFENDER);
}

/** The breakthroughs fixed at the start of the round, when they are (rules.breakthroughAt = 'round'). */
function breakKey(st: BattleState): string {
  if (!st.rules.breakthrough || st.rules.breakthroughAt !== 'round') return '';
  return st.breakRound.map((s) => s.map((b) => (b ? 1 : 0)).join('')).join('');
}

const hasSupreme = (st: BattleState, s: Side) => st.units[s].some((f) => f.alive && f.supreme);

function add(into: Map<string, Branch>, key: string, st: BattleState, p: number): void {
  const b = into.get(key);
  if (b) b.p += p;
  else into.set(key, { key, st, p });
}

/**
 * P(attacker wins), P(each Supreme Leader lost), E[rounds] and the round-1 loss distributions of a
 * battle fought with the default policy on both sides (see ExactOptions for retreats).
 */
export function exactOdds(setup: BattleSetup, rules: Readonly<BattleRules>, options: ExactOptions = {}): ExactOdds {
  for (const side of ['attacker', 'defender'] as const) {
    const n = setup[side].units.length;
    if (n > MAX_EXACT_UNITS) throw new Error(`exact odds: the ${side} has ${n} units, at most ${MAX_EXACT_UNITS} a side can be enumerated (simulate plays larger battles)`);
  }
  const start = BattleState.fromSetup(setup, rules);
  const rng: Stream = makePrng('exact-odds-unused');
  const retreats = options.retreatOrders === true;
  const supremeAtStart = [hasSupreme(start, ATTACKER), hasSupreme(start, DEFENDER)];
  // Rounds that differ: round 1 (it fixes the Lead Player), those with a Tactics card acting or a
  // retreat order due; all later rounds are alike, and the chain stops counting at `cap`.
  let cap = Math.max(1, start.tactics[0].rounds, start.tactics[1].rounds);
  if (retreats) for (const r of start.retreatAfterRound) if (r !== null) cap = Math.max(cap, r);
  cap += 1;

  const roundMemo = new Map<string, Map<string, Branch>>();

  /** End-of-round states reachable from `st` (mid-round, round class `rc`), with their chances. */
  function walk(st: BattleState, rc: number): Map<string, Branch> {
    const side = st.nextActor();
    if (side === -1) {
      st.endRound();
      const key = forcesKey(st);
      return new Map([[key, { key, st, p: 1 }]]);
    }
    const key = `${rc}${st.lead}${st.segment}${side}${breakKey(st)}:${forcesKey(st)}`;
    const seen = roundMemo.get(key);
    if (seen) return seen;
    if (roundMemo.size >= MAX_EXACT_STATES) throw new Error(`exact odds: more than ${MAX_EXACT_STATES} battle states; the battle is too large to enumerate`);
    const enemy = (1 - side) as Side;
    const mid = st.clone();
    const i = defaultPolicy.commit(mid, side, rng);
    const kind = mid.units[side][i]!.kind;
    const chances = hitChances(mid.commit(side, i), kind, rules.manyDice);
    const out = new Map<string, Branch>();
    for (let h = 0; h < chances.length; h++) {
      const p = chances[h]!;
      if (p === 0) continue;
      const b = mid.clone();
      for (let n = 0; n < h && b.aliveCount(enemy) > 0; n++) b.takeHit(enemy, defaultPolicy.loss(b, enemy, rng));
      if (b.decided()) {
        b.endRound();
        add(out, forcesKey(b), b, p);
      } else {
        for (const r of walk(b, rc).values()) add(out, r.key, r.st, p * r.p);
      }
    }
    roundMemo.set(key, out);
    return out;
  }

  /** Value of a battle that has ended (one side gone, or a retreat and its pursuit over). */
  function final(st: BattleState, victor: Side): Value {
    const lost = (s: Side) => (supremeAtStart[s] && !hasSupreme(st, s) ? 1 : 0);
    return [victor === ATTACKER ? 1 : 0, lost(ATTACKER), lost(DEFENDER), 0];
  }

  /** A retreat by `fleeing` (Battle Example): deaths on the retreat, then the pursuit dice, all thrown at once. */
  function retreatValue(end: BattleState, fleeing: Side): Value {
    const st = end.clone();
    st.retreatDeaths(fleeing);
    const chaser = (1 - fleeing) as Side;
    let hits = [1];
    if (st.aliveCount(fleeing) > 0) {
      st.units[chaser].forEach((f, i) => {
        if (f.alive) hits = convolve(hits, pursuitChances(st.pursuitSwords(chaser, i), f.kind, rules));
      });
    }
    const v: Value = [0, 0, 0, 0];
    hits.forEach((p, h) => {
      if (p === 0) return;
      const b = st.clone();
      for (let n = 0; n < h && b.aliveCount(fleeing) > 0; n++) b.takeHit(fleeing, defaultPolicy.loss(b, fleeing, rng));
      accumulate(v, final(b, chaser), p);
    });
    return v;
  }

  /** The side that retreats after round `round` under the standing orders, or -1. */
  function ordered(st: BattleState, round: number): Side | -1 {
    if (!retreats) return -1;
    const first: Side = rules.retreatOrder === 'attacker' ? ATTACKER : st.lead;
    for (const s of [first, (1 - first) as Side]) {
      const r = st.retreatAfterRound[s];
      if (r !== null && round >= r) return s;
    }
    return -1;
  }

  const chainMemo = new Map<string, Value>();

  /** Value of the battle about to fight round `r` (r = cap stands for every round from cap on). */
  function value(end: BattleState, r: number): Value {
    const own = forcesKey(end);
    const key = `${rules.leadPlayer === 'battle' ? end.lead : ''}${r}:${own}`;
    const known = chainMemo.get(key);
    if (known) return known;
    const st = end.clone();
    st.round = r - 1;
    st.startRound();
    let self = 0;
    const v: Value = [0, 0, 0, 0];
    for (const b of walk(st, r).values()) {
      const next = b.st;
      // The stored end state carries the round of whichever path reached it first.
      next.round = st.round;
      let w: Value;
      if (next.decided()) w = final(next, next.aliveCount(DEFENDER) === 0 ? ATTACKER : DEFENDER);
      else {
        const fleeing = ordered(next, st.round);
        if (fleeing !== -1) w = retreatValue(next, fleeing);
        else if (r === cap && b.key === own) {
          self += b.p;
          continue;
        } else w = value(next, Math.min(r + 1, cap));
      }
      accumulate(v, w, b.p);
    }
    v[3] += 1;
    if (self > 0) {
      if (self >= 1 - 1e-15) throw new Error('exact odds: a round in which nobody can be hit repeats forever');
      for (let k = 0; k < 4; k++) v[k] = v[k]! / (1 - self);
    }
    chainMemo.set(key, v);
    return v;
  }

  const v = value(start, 1);

  // Round 1 alone, for the loss distributions.
  const first = start.clone();
  first.round = 0;
  first.startRound();
  const aLoss = new Array<number>(start.units[ATTACKER].length + 1).fill(0);
  const dLoss = new Array<number>(start.units[DEFENDER].length + 1).fill(0);
  for (const b of walk(first, 1).values()) {
    aLoss[start.aliveCount(ATTACKER) - b.st.aliveCount(ATTACKER)]! += b.p;
    dLoss[start.aliveCount(DEFENDER) - b.st.aliveCount(DEFENDER)]! += b.p;
  }

  return {
    attackerWins: v[0],
    defenderWins: 1 - v[0],
    expectedRounds: v[3],
    attackerSupremeLost: v[1],
    defenderSupremeLost: v[2],
    round1: { attackerLosses: aLoss, defenderLosses: dLoss },
    states: roundMemo.size,
  };
}

function accumulate(into: Value, w: Value, p: number): void {
  for (let k = 0; k < 4; k++) into[k]! += p * w[k]!;
}

/** Distribution of the sum of two independent hit counts. */
function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  for (let i = 0; i < a.length; i++) for (let j = 0; j < b.length; j++) out[i + j]! += a[i]! * b[j]!;
  return out;
}
