// Integer-exact accumulators for experiments: per arm, and paired against the baseline game by game.
// Every field is an integer sum, so merging is exact and associative: any thread count or batch split
// gives the same numbers.
import type { Outcome } from '../../../legions/outcome.js';
import { CAUSES, SENATE_METRICS } from '../accumulator.js';
import { TRIGGERS } from '../triggers.js';
import { VARIANT_NAMES } from '../../../legions/variants.js';
import { MEAN_METRICS, type MeanMetric, RATE_METRICS, type RateMetric } from './schema.js';

export type SenateMetric = (typeof SENATE_METRICS)[number];

/** Shared wins are counted in sixtieths (1/1..1/5 of a win are all whole). */
export const WIN_UNIT = 60;

export interface ArmAcc {
  n: number;
  rates: Record<RateMetric, number>;
  sum: Record<MeanMetric, number>;
  sumSq: Record<MeanMetric, number>;
  /** Collapses by the turn they happened (index = turn). */
  collapseByTurn: number[];
  /** The same split by cause (index = turn; dense, zeros included): they add up to collapseByTurn. */
  collapseByCauseTurn: Record<Cause, number[]>;
  /** Wins by seat and by policy, in WIN_UNITs; appearances by policy. */
  winsBySeat: number[];
  winsByPolicy: Record<string, number>;
  gamesByPolicy: Record<string, number>;
  policyErrors: number;
  /** Wins of the Temporary Consul's faction (WIN_UNITs), and games it kept the Consulship all game. */
  tcWins: number;
  consulKept: number;
  /** The Senate's per-game counts: sums and sums of squares. */
  senateSum: Record<SenateMetric, number>;
  senateSumSq: Record<SenateMetric, number>;
  /** Per variation: games in which its mechanic fired (src/games/legions/triggers.ts), whether or not it was on. */
  fired: Record<string, number>;
}

/** Against the baseline, same game: discordant pairs for rates, differences for means. */
export interface PairAcc {
  n: number;
  /** Baseline yes and arm no (b), baseline no and arm yes (c). */
  b: Record<RateMetric, number>;
  c: Record<RateMetric, number>;
  sumD: Record<MeanMetric, number>;
  sumD2: Record<MeanMetric, number>;
  /**
   * Per turn t (index = t; dense): games the Republic had fallen by the end of turn t with the baseline
   * and not with the arm (fallenB), and the other way (fallenC): the discordant pairs of survival by turn.
   */
  fallenB: number[];
  fallenC: number[];
}

export { CAUSES };
export type Cause = (typeof CAUSES)[number];

const zeros = <K extends string>(keys: readonly K[]): Record<K, number> => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

export function newArmAcc(players: number): ArmAcc {
  return {
    n: 0, rates: zeros(RATE_METRICS), sum: zeros(MEAN_METRICS), sumSq: zeros(MEAN_METRICS), collapseByTurn: [],
    collapseByCauseTurn: { revolt: [], bankruptcy: [], wars: [] },
    winsBySeat: new Array<number>(players).fill(0), winsByPolicy: {}, gamesByPolicy: {}, policyErrors: 0,
    tcWins: 0, consulKept: 0, senateSum: zeros(SENATE_METRICS), senateSumSq: zeros(SENATE_METRICS), fired: zeros(VARIANT_NAMES),
  };
}

export function newPairAcc(): PairAcc {
  return { n: 0, b: zeros(RATE_METRICS), c: zeros(RATE_METRICS), sumD: zeros(MEAN_METRICS), sumD2: zeros(MEAN_METRICS), fallenB: [], fallenC: [] };
}

/** Adds k at index i of a dense count array, growing it with zeros. */
function bump(a: number[], i: number, k = 1): void {
  while (a.length <= i) a.push(0);
  a[i]! += k;
}

/** Adds two dense count arrays of possibly different lengths into the first. */
function addDense(a: number[], b: readonly number[]): void {
  b.forEach((v, i) => bump(a, i, v));
}

/** A game's 0/1 value of each rate metric. */
export function rateValue(o: Outcome, m: RateMetric): number {
  if (m === 'collapse') return o.cause ? 1 : 0;
  return o.cause === ['', 'revolt', 'bankruptcy', 'wars'].indexOf(m) ? 1 : 0;
}

/** A game's value of each mean metric (integers). */
export function meanValue(o: Outcome, m: MeanMetric): number {
  switch (m) {
    case 'finalRI': return o.riByTurn[o.riByTurn.length - 1] ?? 0;
    case 'stateTreasury': return o.stateTreasuryByTurn[o.stateTreasuryByTurn.length - 1] ?? 0;
    case 'prestigeSpread': return Math.max(...o.prestige) - Math.min(...o.prestige);
    case 'legionsLost': return o.legionsLost;
    case 'warsWon': return o.warsWon;
    case 'turnsPlayed': return o.turnsPlayed;
  }
}

export function addOutcome(a: ArmAcc, o: Outcome, seatPolicies: readonly string[]): void {
  a.n++;
  for (const m of RATE_METRICS) a.rates[m] += rateValue(o, m);
  for (const m of MEAN_METRICS) {
    const v = meanValue(o, m);
    a.sum[m] += v;
    a.sumSq[m] += v * v;
  }
  if (o.cause) {
    a.collapseByTurn[o.lostTurn] = (a.collapseByTurn[o.lostTurn] ?? 0) + 1;
    bump(a.collapseByCauseTurn[CAUSES[o.cause - 1]!], o.lostTurn);
  }
  let k = 0;
  for (let f = 0; f < o.players; f++) if (o.winners & (1 << f)) k++;
  for (let f = 0; f < o.players; f++) {
    const p = seatPolicies[f]!;
    a.gamesByPolicy[p] = (a.gamesByPolicy[p] ?? 0) + 1;
    if (o.winners & (1 << f)) {
      a.winsBySeat[f] += WIN_UNIT / k;
      a.winsByPolicy[p] = (a.winsByPolicy[p] ?? 0) + WIN_UNIT / k;
    }
  }
  a.policyErrors += o.policyErrors;
  if (k && o.winners & (1 << o.temporaryConsulFaction)) a.tcWins += WIN_UNIT / k;
  a.consulKept += o.consulKeptAllGame;
  for (const m of SENATE_METRICS) {
    a.senateSum[m] += o[m];
    a.senateSumSq[m] += o[m] * o[m];
  }
  for (const v of VARIANT_NAMES) if (o[TRIGGERS[v].main] > 0) a.fired[v]!++;
}

export function addPair(p: PairAcc, base: Outcome, arm: Outcome): void {
  p.n++;
  for (const m of RATE_METRICS) {
    const x = rateValue(base, m);
    const y = rateValue(arm, m);
    if (x && !y) p.b[m]++;
    else if (!x && y) p.c[m]++;
  }
  for (const m of MEAN_METRICS) {
    const d = meanValue(arm, m) - meanValue(base, m);
    p.sumD[m] += d;
    p.sumD2[m] += d * d;
  }
  // Fallen in one and standing in the other from the first fall to the turn before the second (or to
  // the last turn when the other survived: a survived game's turnsPlayed is the game's length).
  if (base.cause && (!arm.cause || arm.lostTurn > base.lostTurn)) {
    const end = arm.cause ? arm.lostTurn - 1 : arm.turnsPlayed;
    for (let t = base.lostTurn; t <= end; t++) bump(p.fallenB, t);
  } else if (arm.cause && (!base.cause || base.lostTurn > arm.lostTurn)) {
    const end = base.cause ? base.lostTurn - 1 : base.turnsPlayed;
    for (let t = arm.lostTurn; t <= end; t++) bump(p.fallenC, t);
  }
}

function addRec(a: Record<string, number>, b: Record<string, number>): void {
  for (const [k, v] of Object.entries(b)) a[k] = (a[k] ?? 0) + v;
}

export function mergeArm(a: ArmAcc, b: ArmAcc): void {
  a.n += b.n;
  addRec(a.rates, b.rates);
  addRec(a.sum, b.sum);
  addRec(a.sumSq, b.sumSq);
  b.collapseByTurn.forEach((v, t) => (a.collapseByTurn[t] = (a.collapseByTurn[t] ?? 0) + (v ?? 0)));
  for (const c of CAUSES) addDense(a.collapseByCauseTurn[c], b.collapseByCauseTurn[c]);
  b.winsBySeat.forEach((v, f) => (a.winsBySeat[f] += v));
  addRec(a.winsByPolicy, b.winsByPolicy);
  addRec(a.gamesByPolicy, b.gamesByPolicy);
  a.policyErrors += b.policyErrors;
  a.tcWins += b.tcWins;
  a.consulKept += b.consulKept;
  addRec(a.senateSum, b.senateSum);
  addRec(a.senateSumSq, b.senateSumSq);
  addRec(a.fired, b.fired);
}

export function mergePair(a: PairAcc, b: PairAcc): void {
  a.n += b.n;
  addRec(a.b, b.b);
  addRec(a.c, b.c);
  addRec(a.sumD, b.sumD);
  addRec(a.sumD2, b.sumD2);
  addDense(a.fallenB, b.fallenB);
  addDense(a.fallenC, b.fallenC);
}
