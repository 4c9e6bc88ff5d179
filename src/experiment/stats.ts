// Estimates with intervals for experiments: rates (Wilson), means, and paired differences against the
// baseline (McNemar for rates, paired t for means), with the variance reduction the pairing gives.
import { errorFunction } from 'simple-statistics';
import { wilson } from '../stats/intervals.js';
import type { ArmAcc, PairAcc } from './accumulator.js';
import type { MeanMetric, Metric, RateMetric } from './schema.js';
import { RATE_METRICS } from './schema.js';

export interface Estimate {
  value: number;
  low: number;
  high: number;
}

export interface Comparison {
  /** Arm minus baseline. */
  diff: Estimate;
  /** Two-sided p-value (McNemar with continuity correction, or paired z). */
  p: number;
  significant: boolean;
  /** Variance of the difference if the arms were independent, over its paired variance. */
  /** Independent over paired variance; null when the paired variance is 0 (the arms never differ). */
  varianceReduction: number | null;
}

/** The standard normal quantile (Acklam's rational approximation, relative error below 1.2e-9). */
export function normalQuantile(p: number): number {
  const a = [-39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [-0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const lo = 0.02425;
  if (p < lo) {
    const q = Math.sqrt(-2 * Math.log(p));
    return (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) / ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  }
  if (p > 1 - lo) return -normalQuantile(1 - p);
  const q = p - 0.5;
  const r = q * q;
  return ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
    (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
}

/** z for a two-sided interval of confidence 1 - alpha. */
export const zFor = (alpha: number): number => normalQuantile(1 - alpha / 2);

/** Two-sided normal p-value of a z statistic. */
const pNormal = (z: number): number => 1 - errorFunction(Math.abs(z) / Math.SQRT2);

export const isRate = (m: Metric): m is RateMetric => (RATE_METRICS as readonly string[]).includes(m);

export function estimate(a: ArmAcc, m: Metric, z: number): Estimate {
  if (isRate(m)) {
    const [low, high] = wilson(a.rates[m], a.n, z);
    return { value: a.n ? a.rates[m] / a.n : 0, low, high };
  }
  const mean = a.n ? a.sum[m] / a.n : 0;
  const half = z * Math.sqrt(meanVariance(a, m) / Math.max(1, a.n));
  return { value: mean, low: mean - half, high: mean + half };
}

/** Sample variance of a mean metric's per-game values. */
export function meanVariance(a: ArmAcc, m: MeanMetric): number {
  return a.n > 1 ? Math.max(0, (a.sumSq[m] - (a.sum[m] * a.sum[m]) / a.n) / (a.n - 1)) : 0;
}

export function compare(arm: ArmAcc, base: ArmAcc, pair: PairAcc, m: Metric, z: number): Comparison {
  const n = pair.n;
  if (isRate(m)) {
    const b = pair.b[m];
    const c = pair.c[m];
    const d = (c - b) / n;
    const varPaired = Math.max(0, (b + c - ((c - b) * (c - b)) / n) / (n * n));
    const pa = arm.rates[m] / n;
    const pb = base.rates[m] / n;
    const varIndep = (pa * (1 - pa) + pb * (1 - pb)) / n;
    const half = z * Math.sqrt(varPaired);
    const chi = b + c > 0 ? Math.max(0, Math.abs(b - c) - 1) / Math.sqrt(b + c) : 0;
    const p = b + c > 0 ? pNormal(chi) : 1;
    return { diff: { value: d, low: d - half, high: d + half }, p, significant: d - half > 0 || d + half < 0, varianceReduction: varPaired > 0 ? varIndep / varPaired : null };
  }
  const mean = pair.sumD[m] / n;
  const varD = n > 1 ? Math.max(0, (pair.sumD2[m] - (pair.sumD[m] * pair.sumD[m]) / n) / (n - 1)) : 0;
  const half = z * Math.sqrt(varD / n);
  const varIndep = (meanVariance(arm, m) + meanVariance(base, m)) / n;
  const zs = varD > 0 ? mean / Math.sqrt(varD / n) : 0;
  return {
    diff: { value: mean, low: mean - half, high: mean + half }, p: varD > 0 ? pNormal(zs) : mean === 0 ? 1 : 0,
    significant: mean - half > 0 || mean + half < 0, varianceReduction: varD > 0 ? varIndep / (varD / n) : null,
  };
}

/**
 * Alpha spent at the k-th look (k = 1, 2, ...) of a precision-targeted run: alpha / 2^k, so the looks
 * together spend at most alpha and every interval reported at any look keeps its coverage.
 */
export const alphaAtLook = (alpha: number, k: number): number => alpha / 2 ** k;
