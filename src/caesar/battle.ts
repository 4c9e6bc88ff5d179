// The battle state and the rules that move it (Bronze 10.0 steps 3-4, Battle Example, 11.0;
// Silver 10.1; Gold 10.4-10.5). The simulator (play.ts) and the exact solver (exact.ts) drive the
// same methods, so the odds are those of the rules as played, not of a second model.
import type { BattleRules, Tactic } from './rules.js';
import { TACTICS } from './rules.js';
import type { BattleSetup, SideSetup, UnitKind } from './units.js';

export type Side = 0 | 1;
export const ATTACKER: Side = 0;
export const DEFENDER: Side = 1;
export const SIDE_NAMES = ['attacker', 'defender'] as const;

/** Unit types, which are also the segments of a round, in order (step 4 A, C, D). */
export type Kind = 0 | 1 | 2;
export const LIGHT: Kind = 0;
export const HEAVY: Kind = 1;
export const LEADER: Kind = 2;
/** The segment value once the Leaders have fought: the round is over. */
export const ROUND_OVER = 3;
export const KIND_NAMES = ['Light', 'Heavy', 'Leader'] as const;
const KIND_OF: Record<UnitKind, Kind> = { allied: LIGHT, legion: HEAVY, leader: LEADER };

/** A unit in battle. Only `alive`, `rolled`, `swords` and `veteran` change. */
export interface Fighter {
  readonly kind: Kind;
  swords: number;
  veteran: boolean;
  readonly supreme: boolean;
  readonly diesOnRetreat: boolean;
  /** Receives its side's Tactics card leader bonus (every leader, or the strongest: rules.tacticLeaders). */
  readonly tacticBonus: boolean;
  readonly label: string;
  alive: boolean;
  /** Committed and rolled in the current round. */
  rolled: boolean;
}

/** What a policy may look at (read-only). */
export interface BattleView {
  readonly rules: Readonly<BattleRules>;
  readonly units: readonly [readonly Readonly<Fighter>[], readonly Readonly<Fighter>[]];
  /** 1-based round number (0 before the first round). */
  readonly round: number;
  /** The segment being fought (LIGHT, HEAVY, LEADER) or ROUND_OVER. */
  readonly segment: number;
  readonly lead: Side;
  /** A side's standing retreat order (SideSetup.retreatAfterRound). */
  readonly retreatAfterRound: readonly [number | null, number | null];
  /** Swords unit i of `side` would roll with now (Tactics and breakthrough included). */
  swordsOf(side: Side, i: number): number;
  /** Units of `side` still in the battle. */
  aliveCount(side: Side): number;
  /** Printed swords of the units of `side` still in the battle. */
  strength(side: Side): number;
}

const NO_TACTIC: Tactic = Object.freeze({ light: 0, heavy: 0, leader: 0, rounds: 0 });

function fighters(s: SideSetup, rules: BattleRules): Fighter[] {
  const withTactic = s.tactic !== null;
  // 'one': only the strongest leader (the first of equals) carries the card's leader bonus.
  let best = -1;
  s.units.forEach((u, i) => {
    if (u.kind === 'leader' && (best < 0 || u.swords > s.units[best]!.swords)) best = i;
  });
  const counter = [0, 0, 0];
  return s.units.map((u, i) => {
    const kind = KIND_OF[u.kind];
    counter[kind]!++;
    const label = u.name ?? `${u.veteran ? 'veteran ' : ''}${u.kind === 'allied' ? 'Allied' : u.kind === 'legion' ? 'Legion' : 'Leader'} ${counter[kind]}`;
    const tacticBonus = withTactic && kind === LEADER && (rules.tacticLeaders === 'each' || i === best);
    return { kind, swords: u.swords, veteran: u.veteran, supreme: u.supreme, diesOnRetreat: u.diesOnRetreat, tacticBonus, label, alive: true, rolled: false };
  });
}

/** The running battle: both forces, the round and segment, whose turn it is, and loss counters. */
export class BattleState implements BattleView {
  readonly units: [Fighter[], Fighter[]];
  readonly tactics: [Tactic, Tactic];
  readonly retreatAfterRound: [number | null, number | null];
  /** Alive units by side and kind. */
  readonly count: [number[], number[]];
  round = 0;
  segment = ROUND_OVER;
  lead: Side = DEFENDER;
  turn: Side = DEFENDER;
  /** Breakthrough as fixed at the start of the round (rules.breakthroughAt = 'round'). */
  readonly breakRound: [boolean[], boolean[]] = [[false, false, false], [false, false, false]];
  /** Units eliminated, leaders among them, Supreme Leaders among them, veteran flips, loot-counting units. */
  readonly lost = [0, 0];
  readonly leadersLost = [0, 0];
  readonly supremeLost = [0, 0];
  readonly absorbed = [0, 0];
  readonly lootable = [0, 0];

  constructor(readonly rules: Readonly<BattleRules>, units: [Fighter[], Fighter[]], tactics: [Tactic, Tactic], retreat: [number | null, number | null]) {
    this.units = units;
    this.tactics = tactics;
    this.retreatAfterRound = retreat;
    this.count = [[0, 0, 0], [0, 0, 0]];
    for (const s of [ATTACKER, DEFENDER]) for (const f of units[s]) if (f.alive) this.count[s][f.kind]!++;
  }

  static fromSetup(setup: BattleSetup, rules: Readonly<BattleRules>): BattleState {
    const t = (s: SideSetup) => (s.tactic === null ? NO_TACTIC : TACTICS[s.tactic]);
    return new BattleState(
      rules,
      [fighters(setup.attacker, rules), fighters(setup.defender, rules)],
      [t(setup.attacker), t(setup.defender)],
      [setup.attacker.retreatAfterRound, setup.defender.retreatAfterRound],
    );
  }

  /** A deep copy (the solver branches on it). */
  clone(): BattleState {
    const c = new BattleState(
      this.rules,
      [this.units[0].map((f) => ({ ...f })), this.units[1].map((f) => ({ ...f }))],
      this.tactics,
      this.retreatAfterRound,
    );
    c.round = this.round;
    c.segment = this.segment;
    c.lead = this.lead;
    c.turn = this.turn;
    for (let s = 0; s < 2; s++) {
      for (let k = 0; k < 3; k++) c.breakRound[s]![k] = this.breakRound[s]![k]!;
      c.lost[s] = this.lost[s]!;
      c.leadersLost[s] = this.leadersLost[s]!;
      c.supremeLost[s] = this.supremeLost[s]!;
      c.absorbed[s] = this.absorbed[s]!;
      c.lootable[s] = this.lootable[s]!;
    }
    return c;
  }

  aliveCount(side: Side): number {
    const c = this.count[side];
    return c[0]! + c[1]! + c[2]!;
  }

  strength(side: Side): number {
    let s = 0;
    for (const f of this.units[side]) if (f.alive) s += f.swords;
    return s;
  }

  /** One side has no units left: the battle is over. */
  decided(): boolean {
    return this.aliveCount(ATTACKER) === 0 || this.aliveCount(DEFENDER) === 0;
  }

  /** The side's Tactics card still acts this round (Double Line: round 1 only). */
  tacticActive(side: Side): boolean {
    return this.round >= 1 && this.round <= this.tactics[side].rounds;
  }

  /** Step 3: the sum of the leaders' swords, Tactics included. */
  leadership(side: Side): number {
    const active = this.tacticActive(side);
    let v = 0;
    for (const f of this.units[side]) if (f.alive && f.kind === LEADER) v += f.swords + (active && f.tacticBonus ? this.tactics[side].leader : 0);
    return v;
  }

  /** Step 3: the higher Leadership Value leads; a tie goes to the defender. */
  leadPlayer(): Side {
    return this.leadership(ATTACKER) > this.leadership(DEFENDER) ? ATTACKER : DEFENDER;
  }

  /** Opens the next round: every surviving unit may roll again, Light units first, the Lead Player first. */
  startRound(): void {
    this.round++;
    for (const side of this.units) for (const f of side) f.rolled = false;
    if (this.round === 1 || this.rules.leadPlayer === 'round') this.lead = this.leadPlayer();
    this.segment = LIGHT;
    this.turn = this.lead;
    for (let s = 0; s < 2; s++) for (let k = 0; k < 3; k++) this.breakRound[s]![k] = this.count[1 - s]![k] === 0;
  }

  /** Clears the rolled marks once a round is over (retreats and pursuit look at fresh forces). */
  endRound(): void {
    this.segment = ROUND_OVER;
    for (const side of this.units) for (const f of side) f.rolled = false;
  }

  /** Whether `side` still has a unit of the current segment's type to commit. */
  canCommit(side: Side): boolean {
    for (const f of this.units[side]) if (f.alive && !f.rolled && f.kind === this.segment) return true;
    return false;
  }

  /**
   * The side to commit next (step 4 A-B: alternate, the Lead Player first in each segment; a side
   * with more units rolls its extra ones in a row), or -1 once the Leaders' segment is done.
   */
  nextActor(): Side | -1 {
    while (this.segment < ROUND_OVER) {
      if (this.canCommit(this.turn)) return this.turn;
      const other = (1 - this.turn) as Side;
      if (this.canCommit(other)) return other;
      this.segment++;
      this.turn = this.lead;
    }
    return -1;
  }

  /** Whether breakthrough (Gold 10.4) adds a sword to a unit of `kind` on `side` now. */
  breaksThrough(side: Side, kind: Kind): boolean {
    if (!this.rules.breakthrough) return false;
    return this.rules.breakthroughAt === 'round' ? this.breakRound[side][kind]! : this.count[1 - side]![kind] === 0;
  }

  /** The swords unit i rolls with now: printed swords, the Tactics card this round, breakthrough. */
  swordsOf(side: Side, i: number): number {
    const f = this.units[side][i]!;
    let s = f.swords;
    if (this.tacticActive(side)) {
      const t = this.tactics[side];
      s += f.kind === LIGHT ? t.light : f.kind === HEAVY ? t.heavy : f.tacticBonus ? t.leader : 0;
    }
    if (this.breaksThrough(side, f.kind)) s++;
    return s;
  }

  /** Whether unit i of `side` may be committed now. */
  committable(side: Side, i: number): boolean {
    const f = this.units[side][i];
    return f !== undefined && f.alive && !f.rolled && f.kind === this.segment;
  }

  /** Marks unit i as committed and passes the turn; returns the swords it rolls with. */
  commit(side: Side, i: number): number {
    const sw = this.swordsOf(side, i);
    this.units[side][i]!.rolled = true;
    this.turn = (1 - side) as Side;
    return sw;
  }

  /** Whether unit i of `side` may take a loss. */
  hittable(side: Side, i: number): boolean {
    const f = this.units[side][i];
    return f !== undefined && f.alive;
  }

  /** A hit on unit i: a Silver veteran flips to its regular side, anything else is eliminated. Returns true when eliminated. */
  takeHit(side: Side, i: number): boolean {
    const f = this.units[side][i]!;
    if (this.rules.silverVeterans && f.veteran) {
      f.veteran = false;
      f.swords--;
      this.absorbed[side]!++;
      return false;
    }
    this.eliminate(side, i);
    return true;
  }

  /** Removes unit i from the battle and counts the loss. */
  eliminate(side: Side, i: number): void {
    const f = this.units[side][i]!;
    f.alive = false;
    this.count[side][f.kind]!--;
    this.lost[side]!++;
    if (f.kind === LEADER) this.leadersLost[side]!++;
    else this.lootable[side]!++;
    if (f.supreme) this.supremeLost[side]!++;
  }

  /** A retreating side's leaders who will not survive it (Battle Example: Cato) are eliminated. */
  retreatDeaths(side: Side): number {
    let n = 0;
    this.units[side].forEach((f, i) => {
      if (f.alive && f.diesOnRetreat) {
        this.eliminate(side, i);
        n++;
      }
    });
    return n;
  }

  /** Swords of `side`'s unit i on a pursuit die: printed swords and breakthrough, no Tactics (its round is over). */
  pursuitSwords(side: Side, i: number): number {
    const f = this.units[side][i]!;
    return f.swords + (this.breaksThrough(side, f.kind) ? 1 : 0);
  }

  /** The regular unit the victor promotes (Battle Example; Gold 9.4), or -1. */
  promotable(side: Side): number {
    const want = this.rules.promotion;
    if (want === 'none') return -1;
    let pick = -1;
    for (const kind of want === 'legion' ? [HEAVY] : [HEAVY, LIGHT]) {
      this.units[side].forEach((f, i) => {
        if (pick < 0 && f.alive && f.kind === kind && !f.veteran) pick = i;
      });
      if (pick >= 0) return pick;
    }
    return -1;
  }
}

// ---- to-hit chances (Bronze step 4 A; Gold 10.5) ----

const hitTables = new Map<number, readonly number[]>();

/**
 * P(0, 1, 2, ... hits) for one unit rolling with `swords`: one die hitting on at most its swords, or
 * with many dice (Gold 10.5) a Light/Heavy unit hitting once on any 1 and a leader once per 1.
 */
export function hitChances(swords: number, kind: Kind, manyDice: boolean): readonly number[] {
  const key = swords * 8 + kind * 2 + (manyDice ? 1 : 0);
  let t = hitTables.get(key);
  if (t === undefined) {
    if (!manyDice) {
      const p = Math.min(Math.max(swords, 0), 6) / 6;
      t = [1 - p, p];
    } else if (kind !== LEADER) {
      const miss = Math.pow(5 / 6, Math.max(swords, 0));
      t = [miss, 1 - miss];
    } else {
      const n = Math.max(swords, 0);
      const b: number[] = [];
      for (let k = 0; k <= n; k++) b.push(binomial(n, k) * Math.pow(1 / 6, k) * Math.pow(5 / 6, n - k));
      t = b;
    }
    hitTables.set(key, t);
  }
  return t;
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** P(hit) of one pursuit die with `swords` (rules.pursuitHit). */
export function pursuitChances(swords: number, kind: Kind, rules: Readonly<BattleRules>): readonly number[] {
  return rules.pursuitHit === 'one' ? hitChances(1, HEAVY, false) : hitChances(swords, kind, rules.manyDice);
}
