// Exact combat odds (6. Combat Resolution): every half-random-difference pair and commander-death
// draw is enumerated and driven through the engine's own resolveBattle / commanderKilled.
import type { Battle } from './combat.js';
import * as combatModule from './combat.js';
import * as commonModule from './common.js';
import * as paramsModule from './params.js';
import type { DsRule } from './ror/disaster-standoff.js';
import * as disasterStandoffModule from './ror/disaster-standoff.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { commanderKilled, resolveBattle } = combatModule;
const { hrdDistribution } = commonModule;
const { InputError } = paramsModule;
const { applyDisasterStandoff, DISASTER, NO_DS, STANDOFF } = disasterStandoffModule;

export interface OddsInput {
  legions: number;
  /** The commander's Status 1..10; his Military Rating is ceil(Status / 4) (rules-notes 20). */
  status: number;
  armies: number;
  /** Turns of repeated attacks for victoryByTurn (omit for one battle only). */
  turns?: number;
  /** Read the Additional Losses column as Roman:Enemy instead of winner:loser (rules-notes 12). */
  romanEnemyRatio?: boolean;
  /** ror-disaster-standoff: the Disaster/Standoff numbers and losses (omit for the base game). */
  disasterStandoff?: DsRule;
}

/**
 * Probabilities of one battle (and optionally of repeated battles). After one battle exactly one of
 * victory, continuing, romanWipedOut holds, so the three sum to 1; stalemate is a part of continuing.
 */
export interface OddsResult {
  legions: number;
  status: number;
  /** Military Rating = ceil(Status / 4); the MR added to the attack never exceeds the legions. */
  mr: number;
  armies: number;
  romanEnemyRatio: boolean;
  /** No enemy armies left after the battle (both sides at 0 included: the war is won). */
  victory: number;
  /** Equal attacks: nobody loses anything. */
  stalemate: number;
  /** Both sides still have forces (stalemates included), whatever happened to the commander. */
  continuing: number;
  /** All Roman legions lost while the enemy still has armies: the war becomes unopposed. */
  romanWipedOut: number;
  /** Half or more of the legions lost (at least one) and the random number 1..10 above his Status. */
  commanderKilled: number;
  /** romanLosses[k] = P(k legions lost), k = 0..legions. */
  romanLosses: number[];
  /** enemyLosses[k] = P(k armies lost), k = 0..armies. */
  enemyLosses: number[];
  /** With `turns`: repeated battles, one per turn, with the forces left (no reinforcements). */
  turns?: number;
  /** victoryByTurn[t-1] = P(victory in turn t or earlier). */
  victoryByTurn?: number[];
  /** wipedOutByTurn[t-1] = P(all legions lost, enemy not at 0, in turn t or earlier). */
  wipedOutByTurn?: number[];
  /** P(the commander killed by turn t while both sides still had forces: the legions are recalled, rules-notes 25). */
  commanderLostByTurn?: number[];
  /** P(the war still being fought after turn t); with the three above it sums to 1 every turn. */
  ongoingByTurn?: number[];
  /** With ror-disaster-standoff: the variation, and the chances of a Disaster and of a Standoff in the battle. */
  variants?: string[];
  disaster?: number;
  standoff?: number;
}

export const MAX_LEGIONS = 50;
export const MAX_ARMIES = 50;
export const MAX_TURNS = 20;

/** Military Rating from Status: Status ÷ 4 rounded up (rules-notes 20). */
export const militaryRating = (status: number): number => Math.ceil(status / 4);

function checkInt(name: string, v: unknown, min: number, max: number): void {
  // Named as the odds command's flags, since that is where most bad input comes from.
  if (v === undefined) throw new InputError(`odds: --${name} is required (${min}..${max})`);
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min || v > max) {
    throw new InputError(`odds: --${name} must be a whole number from ${min} to ${max}, got ${String(v)}`);
  }
}

export function validateOddsInput(i: OddsInput): void {
  checkInt('legions', i.legions, 1, MAX_LEGIONS);
  checkInt('status', i.status, 1, 10);
  checkInt('armies', i.armies, 1, MAX_ARMIES);
  if (i.turns !== undefined) checkInt('turns', i.turns, 1, MAX_TURNS);
}

/** One distinct battle result; weights count equally likely (Roman HRD, enemy HRD, draw) cases. */
interface Outcome {
  romanLost: number;
  enemyLost: number;
  stalemate: boolean;
  /** ror-disaster-standoff: NO_DS, DISASTER or STANDOFF. */
  ds: number;
  /** Cases out of DENOM leading here. */
  weight: number;
  /** Of those, the cases where the commander is killed. */
  killWeight: number;
}

const HRD = hrdDistribution();
const HRD_TOTAL = HRD.reduce((s, x) => s + x, 0); // the 100 equally likely pairs of cards
const DRAWS = 10; // a random number is 1..10 (Terminology)
/** Weights are whole numbers of cases out of 100 × 100 × 10, so their sums are exact in floats. */
const DENOM = HRD_TOTAL * HRD_TOTAL * DRAWS;

/** All outcomes of one battle: both HRDs and the commander's death draw, enumerated. */
function battleOutcomes(legions: number, status: number, armies: number, romanEnemyRatio: boolean, ds?: DsRule): Outcome[] {
  if (ds) return dsBattleOutcomes(legions, status, armies, romanEnemyRatio, ds);
  const mr = militaryRating(status);
  const byKey = new Map<number, Outcome>();
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  for (let rh = 0; rh < HRD.length; rh++) {
    for (let eh = 0; eh < HRD.length; eh++) {
      const cases = HRD[rh]! * HRD[eh]!;
      if (cases === 0) continue;
      resolveBattle(legions, mr, armies, rh, eh, romanEnemyRatio, b);
      // The death draw is only made after heavy losses; commanderKilled encodes that condition.
      let kills = 0;
      for (let draw = 1; draw <= DRAWS; draw++) if (commanderKilled(legions, b.romanLost, draw, status)) kills++;
      const stalemate = b.romanAttack === b.enemyAttack;
      const key = (b.romanLost * (MAX_ARMIES + 1) + b.enemyLost) * 2 + (stalemate ? 1 : 0);
      let o = byKey.get(key);
      if (!o) byKey.set(key, (o = { romanLost: b.romanLost, enemyLost: b.enemyLost, stalemate, ds: NO_DS, weight: 0, killWeight: 0 }));
      o.weight += cases * DRAWS;
      o.killWeight += cases * kills;
    }
  }
  return [...byKey.values()];
}

/**
 * ror-disaster-standoff: the Roman cards matter, not only their half difference (their sum is the
 * Disaster/Standoff roll), so the 100 pairs of Roman cards are enumerated one by one, each against
 * the enemy's HRD distribution and the death draw: the same case count (100 x 100 x 10) as above.
 */
function dsBattleOutcomes(legions: number, status: number, armies: number, romanEnemyRatio: boolean, ds: DsRule): Outcome[] {
  const mr = militaryRating(status);
  const byKey = new Map<number, Outcome>();
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  for (let ra = 1; ra <= 10; ra++) {
    for (let rb = 1; rb <= 10; rb++) {
      const rh = Math.ceil(Math.abs(ra - rb) / 2);
      for (let eh = 0; eh < HRD.length; eh++) {
        const cases = HRD[eh]!;
        if (cases === 0) continue;
        resolveBattle(legions, mr, armies, rh, eh, romanEnemyRatio, b);
        const kind = applyDisasterStandoff(ds, 0, ra + rb, legions, b);
        let kills = 0;
        for (let draw = 1; draw <= DRAWS; draw++) if (commanderKilled(legions, b.romanLost, draw, status)) kills++;
        const stalemate = b.romanAttack === b.enemyAttack && kind === NO_DS;
        const key = ((b.romanLost * (MAX_ARMIES + 1) + b.enemyLost) * 2 + (stalemate ? 1 : 0)) * 3 + kind;
        let o = byKey.get(key);
        if (!o) byKey.set(key, (o = { romanLost: b.romanLost, enemyLost: b.enemyLost, stalemate, ds: kind, weight: 0, killWeight: 0 }));
        o.weight += cases * DRAWS;
        o.killWeight += cases * kills;
      }
    }
  }
  return [...byKey.values()];
}

/** Where one turn's battle sends a war that is being fought with `legions` against `armies`. */
interface Transition {
  victory: number;
  wipedOut: number;
  /** The commander dies while both sides keep forces: the war stops being fought (rules-notes 25). */
  commanderLost: number;
  /** Next (legions, armies) state index and its probability, commander alive. */
  next: [number, number][];
}

function transition(legions: number, status: number, armies: number, romanEnemyRatio: boolean, width: number, ds?: DsRule): Transition {
  let victory = 0;
  let wipedOut = 0;
  let commanderLost = 0;
  const next = new Map<number, number>();
  for (const o of battleOutcomes(legions, status, armies, romanEnemyRatio, ds)) {
    const l = legions - o.romanLost;
    const a = armies - o.enemyLost;
    // Victory first: a war with no enemy left is won even if the commander fell (6. Combat Resolution).
    if (a === 0) victory += o.weight;
    else if (l === 0) wipedOut += o.weight;
    else {
      commanderLost += o.killWeight;
      const k = l * width + a;
      next.set(k, (next.get(k) ?? 0) + o.weight - o.killWeight);
    }
  }
  return {
    victory: victory / DENOM,
    wipedOut: wipedOut / DENOM,
    commanderLost: commanderLost / DENOM,
    next: [...next].map(([k, w]) => [k, w / DENOM]),
  };
}

/** Exact odds of a battle of `legions` under a commander of `status` against `armies`. */
export function combatOdds(input: OddsInput): OddsResult {
  validateOddsInput(input);
  const { legions, status, armies } = input;
  const romanEnemyRatio = input.romanEnemyRatio ?? false;
  const ds = input.disasterStandoff;
  const outcomes = battleOutcomes(legions, status, armies, romanEnemyRatio, ds);
  let disaster = 0;
  let standoff = 0;
  // Sums of whole case counts first, one division last: exact up to the final rounding.
  let victory = 0;
  let stalemate = 0;
  let continuing = 0;
  let wipedOut = 0;
  let killed = 0;
  const romanLosses = new Array<number>(legions + 1).fill(0);
  const enemyLosses = new Array<number>(armies + 1).fill(0);
  for (const o of outcomes) {
    const l = legions - o.romanLost;
    const a = armies - o.enemyLost;
    if (a === 0) victory += o.weight;
    else if (l === 0) wipedOut += o.weight;
    else continuing += o.weight;
    if (o.stalemate) stalemate += o.weight;
    if (o.ds === DISASTER) disaster += o.weight;
    if (o.ds === STANDOFF) standoff += o.weight;
    killed += o.killWeight;
    romanLosses[o.romanLost]! += o.weight;
    enemyLosses[o.enemyLost]! += o.weight;
  }
  const r: OddsResult = {
    legions,
    status,
    mr: militaryRating(status),
    armies,
    romanEnemyRatio,
    victory: victory / DENOM,
    stalemate: stalemate / DENOM,
    continuing: continuing / DENOM,
    romanWipedOut: wipedOut / DENOM,
    commanderKilled: killed / DENOM,
    romanLosses: romanLosses.map((w) => w / DENOM),
    enemyLosses: enemyLosses.map((w) => w / DENOM),
  };
  if (ds) Object.assign(r, { variants: ['ror-disaster-standoff'], disaster: disaster / DENOM, standoff: standoff / DENOM });
  if (input.turns !== undefined) Object.assign(r, repeatedBattles(legions, status, armies, romanEnemyRatio, input.turns, ds));
  return r;
}

/**
 * Dynamic programming over (legions left, armies left): the same commander attacks once per turn
 * with what is left, until victory, wipe-out or his death (no reinforcements, no recall).
 */
function repeatedBattles(legions: number, status: number, armies: number, romanEnemyRatio: boolean, turns: number, ds?: DsRule) {
  const width = armies + 1;
  const cache = new Map<number, Transition>();
  let dist = new Float64Array((legions + 1) * width);
  dist[legions * width + armies] = 1;
  let victory = 0;
  let wipedOut = 0;
  let commanderLost = 0;
  const victoryByTurn: number[] = [];
  const wipedOutByTurn: number[] = [];
  const commanderLostByTurn: number[] = [];
  const ongoingByTurn: number[] = [];
  for (let t = 1; t <= turns; t++) {
    const nextDist = new Float64Array(dist.length);
    let ongoing = 0;
    for (let k = 0; k < dist.length; k++) {
      const m = dist[k]!;
      if (m === 0) continue;
      let tr = cache.get(k);
      if (!tr) cache.set(k, (tr = transition(Math.floor(k / width), status, k % width, romanEnemyRatio, width, ds)));
      victory += m * tr.victory;
      wipedOut += m * tr.wipedOut;
      commanderLost += m * tr.commanderLost;
      for (const [k2, p] of tr.next) {
        nextDist[k2]! += m * p;
        ongoing += m * p;
      }
    }
    dist = nextDist;
    victoryByTurn.push(victory);
    wipedOutByTurn.push(wipedOut);
    commanderLostByTurn.push(commanderLost);
    ongoingByTurn.push(ongoing);
  }
  return { turns, victoryByTurn, wipedOutByTurn, commanderLostByTurn, ongoingByTurn };
}

// ---- ror-multiple-commanders: several forces, each under its own commander, attack one war ----

/** One force: its legions and its commander's Status. */
export interface Force {
  legions: number;
  status: number;
}

export interface SplitOddsInput {
  forces: readonly Force[];
  armies: number;
  romanEnemyRatio?: boolean;
  disasterStandoff?: DsRule;
}

/** One turn at a war fought by several forces in a random order (every order equally likely). */
export interface SplitOddsResult {
  forces: { legions: number; status: number; mr: number }[];
  armies: number;
  romanEnemyRatio: boolean;
  variants: string[];
  /** No armies left after the forces that attacked (the war is won). */
  victory: number;
  /** Armies left and at least one force still has legions. */
  continuing: number;
  /** Armies left and every force lost all its legions: the war is unopposed. */
  romanWipedOut: number;
  /** Expected legions lost, all forces together. */
  legionsLost: number;
  /** P(at least one commander killed). */
  anyCommanderKilled: number;
  /** Per force: P(its commander killed). */
  commanderKilled: number[];
  /** ror-disaster-standoff: P(a Disaster at the war this turn), P(a Standoff); each number works once per war and turn. */
  disaster: number;
  standoff: number;
}

export const MAX_FORCES = 4;

/** Every permutation of 0..n-1 (n <= MAX_FORCES). */
function permutations(n: number): number[][] {
  if (n === 1) return [[0]];
  const out: number[][] = [];
  for (const p of permutations(n - 1)) for (let i = 0; i <= p.length; i++) out.push([...p.slice(0, i), n - 1, ...p.slice(i)]);
  return out;
}

/**
 * Exact odds of one turn at a war fought by several forces (ror-multiple-commanders): the forces
 * attack in a random order, each with its own legions and commander's Military Rating against the
 * armies the earlier ones left, until no army is left or all have attacked. Every order, every pair
 * of Roman cards, every enemy HRD and every death draw is enumerated through the engine's
 * resolveBattle, commanderKilled and (with ror-disaster-standoff) applyDisasterStandoff.
 */
export function splitOdds(input: SplitOddsInput): SplitOddsResult {
  const forces = input.forces;
  if (!Array.isArray(forces) || forces.length < 1 || forces.length > MAX_FORCES) {
    throw new InputError(`odds: 1 to ${MAX_FORCES} forces (--legions and --status lists of the same length)`);
  }
  for (const f of forces) {
    checkInt('legions', f.legions, 1, MAX_LEGIONS);
    checkInt('status', f.status, 1, 10);
  }
  checkInt('armies', input.armies, 1, MAX_ARMIES);
  const rer = input.romanEnemyRatio ?? false;
  const ds = input.disasterStandoff;
  const k = forces.length;
  const acc = { victory: 0, continuing: 0, wipedOut: 0, lost: 0, anyKilled: 0, disaster: 0, standoff: 0, killed: new Array<number>(k).fill(0) };
  const orders = permutations(k);
  const b: Battle = { romanAttack: 0, enemyAttack: 0, romanLost: 0, enemyLost: 0 };
  // A branch: armies left, forces wiped out (bits), D/S numbers used (bits), commanders killed (bits),
  // legions lost so far; equal branches are merged, force after force.
  const key = (armies: number, wiped: number, used: number, killed: number, lost: number): number =>
    (((armies * 16 + wiped) * 4 + used) * 16 + killed) * 256 + lost;
  for (const order of orders) {
    let level = new Map<number, number>([[key(input.armies, 0, 0, 0, 0), 1 / orders.length]]);
    for (const f of order) {
      const next = new Map<number, number>();
      const add = (kk: number, q: number): void => {
        next.set(kk, (next.get(kk) ?? 0) + q);
      };
      const { legions, status } = forces[f]!;
      const mr = militaryRating(status);
      for (const [kk, p] of level) {
        const lost = kk % 256;
        const killed = Math.floor(kk / 256) % 16;
        const used = Math.floor(kk / 4096) % 4;
        const wiped = Math.floor(kk / 16384) % 16;
        const armies = Math.floor(kk / 262144);
        if (armies === 0) {
          add(kk, p); // the war is won: the later forces do not attack
          continue;
        }
        for (let ra = 1; ra <= 10; ra++) {
          for (let rb = 1; rb <= 10; rb++) {
            const rh = Math.ceil(Math.abs(ra - rb) / 2);
            for (let eh = 0; eh < HRD.length; eh++) {
              if (HRD[eh] === 0) continue;
              const q = (p * HRD[eh]!) / HRD_TOTAL / 100;
              resolveBattle(legions, mr, armies, rh, eh, rer, b);
              const kind = ds ? applyDisasterStandoff(ds, used, ra + rb, legions, b) : NO_DS;
              const rl = b.romanLost;
              const a2 = armies - b.enemyLost;
              const w2 = rl === legions ? wiped | (1 << f) : wiped;
              let kills = 0;
              for (let draw = 1; draw <= DRAWS; draw++) if (commanderKilled(legions, rl, draw, status)) kills++;
              if (kills > 0) add(key(a2, w2, used | kind, killed | (1 << f), lost + rl), (q * kills) / DRAWS);
              if (kills < DRAWS) add(key(a2, w2, used | kind, killed, lost + rl), (q * (DRAWS - kills)) / DRAWS);
            }
          }
        }
      }
      level = next;
    }
    for (const [kk, p] of level) {
      const lost = kk % 256;
      const killed = Math.floor(kk / 256) % 16;
      const used = Math.floor(kk / 4096) % 4;
      const wiped = Math.floor(kk / 16384) % 16;
      const armies = Math.floor(kk / 262144);
      if (armies === 0) acc.victory += p;
      else if (wiped === (1 << k) - 1) acc.wipedOut += p;
      else acc.continuing += p;
      acc.lost += p * lost;
      if (killed) acc.anyKilled += p;
      for (let i = 0; i < k; i++) if (killed & (1 << i)) acc.killed[i]! += p;
      if (used & 1) acc.disaster += p;
      if (used & 2) acc.standoff += p;
    }
  }
  return {
    forces: forces.map((f) => ({ legions: f.legions, status: f.status, mr: militaryRating(f.status) })),
    armies: input.armies,
    romanEnemyRatio: rer,
    variants: ds ? ['ror-multiple-commanders', 'ror-disaster-standoff'] : ['ror-multiple-commanders'],
    victory: acc.victory,
    continuing: acc.continuing,
    romanWipedOut: acc.wipedOut,
    legionsLost: acc.lost,
    anyCommanderKilled: acc.anyKilled,
    commanderKilled: acc.killed,
    disaster: acc.disaster,
    standoff: acc.standoff,
  };
}
