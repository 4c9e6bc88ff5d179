// Estimates with intervals for experiments: rates (Wilson), means, and paired differences against the
// baseline (McNemar's test with its matching interval for rates, paired z for means), with the variance
// reduction the pairing gives, and Holm's adjustment for many comparisons.
import { wilson } from '../../../stats/intervals.js';
import type { ArmAcc, PairAcc } from './accumulator.js';
import type { MeanMetric, Metric, RateMetric } from './schema.js';
import { RATE_METRICS } from './schema.js';
import { type Comparison, type Estimate, pairedMean, pairedRateComparison } from '../../../experiment/paired.js';

export { alphaAtLook, type Comparison, type Estimate, holm, mcnemarP, normalQuantile, pairedRate, zFor } from '../../../experiment/paired.js';

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
  if (isRate(m)) return pairedRateComparison(pair.b[m], pair.c[m], n, arm.rates[m], base.rates[m], z);
  return pairedMean(pair.sumD[m], pair.sumD2[m], n, z, meanVariance(arm, m), meanVariance(base, m));
}
