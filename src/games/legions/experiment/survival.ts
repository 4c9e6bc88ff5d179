// The Republic over time, per arm: the share of games still standing after each turn, the share fallen
// to each cause by then (cumulative incidence), the share lost in each turn, and survival's paired
// difference from the baseline by turn. No game is cut short (each runs to its end or its fall), so
// these are plain shares of all games: Wilson intervals, and the paired-rate interval for differences.
import { wilson } from '../../../stats/intervals.js';
import { type ArmAcc, CAUSES, type Cause, type PairAcc } from './accumulator.js';
import { type Estimate, pairedRate } from './stats.js';

export interface TurnEstimate extends Estimate {
  turn: number;
}

export interface OverTime {
  /** Turns 0..T: share of games the Republic still stands after turn t (turn 0: every game). */
  survival: TurnEstimate[];
  /** Per cause, turns 0..T: share of games fallen to it in turns 1..t. */
  fallenBy: Record<Cause, TurnEstimate[]>;
  /** Turns 1..T: share of all games lost in turn t (any cause). */
  lostIn: TurnEstimate[];
}

const est = (turn: number, k: number, n: number, z: number): TurnEstimate => {
  const [low, high] = wilson(k, n, z);
  return { turn, value: n ? k / n : 0, low, high };
};

export function overTime(a: ArmAcc, turns: number, z: number): OverTime {
  const byCause = (c: Cause, t: number) => a.collapseByCauseTurn[c][t] ?? 0;
  const survival: TurnEstimate[] = [est(0, a.n, a.n, z)];
  const fallenBy = Object.fromEntries(CAUSES.map((c) => [c, [est(0, 0, a.n, z)]])) as Record<Cause, TurnEstimate[]>;
  const lostIn: TurnEstimate[] = [];
  const cum = Object.fromEntries(CAUSES.map((c) => [c, 0])) as Record<Cause, number>;
  let fallen = 0;
  for (let t = 1; t <= turns; t++) {
    let k = 0;
    for (const c of CAUSES) {
      cum[c] += byCause(c, t);
      k += byCause(c, t);
      fallenBy[c].push(est(t, cum[c], a.n, z));
    }
    fallen += k;
    lostIn.push(est(t, k, a.n, z));
    survival.push(est(t, a.n - fallen, a.n, z));
  }
  return { survival, fallenBy, lostIn };
}

/**
 * Turns 0..T: the arm's survival minus its baseline's, game by game on the same seeds. Survival
 * differs by (b - c) / n where b games had fallen by turn t with the baseline only and c with the
 * arm only: the paired-rate interval of those discordant games (stats.ts pairedRate, roles swapped).
 */
export function survivalDifference(p: PairAcc, turns: number, z: number): TurnEstimate[] {
  const out: TurnEstimate[] = [{ turn: 0, value: 0, low: 0, high: 0 }];
  for (let t = 1; t <= turns; t++) {
    const { diff } = pairedRate(p.fallenC[t] ?? 0, p.fallenB[t] ?? 0, p.n, z);
    out.push({ turn: t, ...diff });
  }
  return out;
}
