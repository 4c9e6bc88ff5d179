// Paired statistics for experiments of any game: arms played on the same game seeds as their baseline,
// compared game by game. Rates: McNemar's test with its matching interval (exact up to 50 discordant
// games, Tango's score interval above); means: a paired z on per-game differences; Holm's adjustment
// for many comparisons; the alpha spent per look of a precision-targeted run.
import { errorFunction } from 'simple-statistics';

export interface Estimate {
  value: number;
  low: number;
  high: number;
}

export interface Comparison {
  /** Arm minus baseline, with its interval (for rates: exact or score interval on the discordant games, see pairedRate; paired z for means). */
  diff: Estimate;
  /** Two-sided p-value, unadjusted: McNemar's test for rates (exact binomial with up to 50 discordant games, else score), paired z for means. */
  p: number;
  /** The interval excludes 0. */
  significant: boolean;
  /** Holm's step-down adjustment of p over all the comparisons of the report, and significance after it. */
  pHolm?: number;
  significantHolm?: boolean;
  /** Independent over paired variance; null when the paired variance is 0 (the arms never differ). */
  varianceReduction: number | null;
}

/**
 * What a paired difference means against the change that matters (its negligible size). effect:
 * significant (after Holm) and at least the negligible size; small: significant but below it;
 * negligible: not significant and the interval inside the negligible band; unclear: not significant
 * and the interval reaching beyond the band; no conclusion: the arm never differed (or never came into play).
 */
export type Reading = 'effect' | 'small' | 'negligible' | 'unclear' | 'no conclusion';

/** What each reading with a difference means, in words (each game's report adds its own 'no conclusion'). */
export const READING_MEANINGS: Readonly<Record<Exclude<Reading, 'no conclusion'>, string>> = {
  effect: 'significant after Holm\'s adjustment and at least the negligible size',
  small: 'significant, but its estimate is below the negligible size: real, and too small to matter where the whole interval lies inside the band',
  negligible: 'not significant, and the whole interval lies within the negligible band: no change that matters',
  unclear: 'not significant, but the interval reaches beyond the negligible band: more games are needed to tell',
};

/** The interval lies within the negligible band: a change of that size or more is ruled out. */
export const withinBand = (diff: Estimate, negligible: number): boolean => diff.low >= -negligible && diff.high <= negligible;

export function readingOf(diff: Estimate, significant: boolean, negligible: number, silent: boolean): Reading {
  if (silent) return 'no conclusion';
  if (significant) return Math.abs(diff.value) >= negligible ? 'effect' : 'small';
  return withinBand(diff, negligible) ? 'negligible' : 'unclear';
}

/**
 * A reading with no effect that matters (unclear, or small: real but below the negligible size) whose
 * interval still reaches beyond the band: an effect that matters is not ruled out.
 */
export const stillOpen = (c: { reading: Reading; diff: Estimate }, negligible: number): boolean =>
  c.reading === 'unclear' || (c.reading === 'small' && !withinBand(c.diff, negligible));

/** A p-value as tables show it: four decimals, or '< 0.0001'. */
export const pText = (p: number): string => (p < 1e-4 ? '< 0.0001' : p.toFixed(4));

/** A p-value in a sentence, after 'p': '= 0.0123' or '< 0.0001'. */
export const pClause = (p: number): string => (p < 1e-4 ? pText(p) : `= ${pText(p)}`);

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
export const pNormal = (z: number): number => 1 - errorFunction(Math.abs(z) / Math.SQRT2);

/** P(X <= x) for X ~ Binomial(k, t), summed in logs (k is small where this is used). */
function binomCdf(x: number, k: number, t: number): number {
  if (x < 0) return 0;
  if (x >= k) return 1;
  if (t <= 0) return 1;
  if (t >= 1) return 0;
  let sum = 0;
  let lc = 0; // log C(k, i)
  for (let i = 0; i <= x; i++) {
    if (i > 0) lc += Math.log(k - i + 1) - Math.log(i);
    sum += Math.exp(lc + i * Math.log(t) + (k - i) * Math.log1p(-t));
  }
  return Math.min(1, sum);
}

/** Solves f(t) = target for t in [0, 1], f monotone, by bisection. */
function bisect(f: (t: number) => number, target: number, increasing: boolean): number {
  let lo = 0;
  let hi = 1;
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2;
    if ((f(mid) < target) === increasing) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}

/**
 * Tango's score statistic for a paired difference delta (arm minus baseline) with c games yes only for
 * the arm and b only for the baseline, among n: uses the restricted maximum-likelihood estimate of the
 * baseline-only cell under delta. At delta = 0 it is McNemar's score statistic (c - b) / sqrt(b + c).
 */
function tangoZ(b: number, c: number, n: number, delta: number): number {
  const A = 2 * n;
  const B = -c - b + (2 * n - c + b) * delta;
  const C = -b * delta * (1 - delta);
  const q = (Math.sqrt(Math.max(0, B * B - 4 * A * C)) - B) / (2 * A);
  const v = n * (2 * q + delta * (1 - delta));
  return v > 0 ? (c - b - n * delta) / Math.sqrt(v) : c - b - n * delta > 0 ? Infinity : c - b - n * delta < 0 ? -Infinity : 0;
}

/**
 * A paired difference of rates: arm minus baseline = (c - b) / n, where b games went from yes (baseline)
 * to no (arm) and c the other way, with the interval and test that belong together. Up to 50 discordant
 * games: the exact McNemar test and the matching exact interval (c | k = b + c ~ Binomial(k, t), the
 * Clopper-Pearson interval of t turned into (k / n)(2t - 1)). Above that: Tango's score interval, whose
 * test at 0 is McNemar's score test (no continuity correction). Either way the interval excludes 0
 * exactly when the test rejects, so "significant" and p never disagree.
 */
export function pairedRate(b: number, c: number, n: number, z: number): { diff: Estimate; p: number } {
  const k = b + c;
  const d = (c - b) / n;
  if (k === 0) return { diff: { value: 0, low: 0, high: 0 }, p: 1 };
  const alpha = 2 * (1 - normalCdf(z));
  if (k <= 50) {
    const lo = c === 0 ? 0 : bisect((t) => 1 - binomCdf(c - 1, k, t), alpha / 2, true);
    const hi = c === k ? 1 : bisect((t) => binomCdf(c, k, t), alpha / 2, false);
    return { diff: { value: d, low: (k / n) * (2 * lo - 1), high: (k / n) * (2 * hi - 1) }, p: mcnemarP(b, c) };
  }
  // T(delta) falls as delta rises: the bounds are where it crosses +z and -z.
  const root = (target: number, lo: number, hi: number) => {
    for (let i = 0; i < 100; i++) {
      const mid = (lo + hi) / 2;
      if (tangoZ(b, c, n, mid) > target) lo = mid;
      else hi = mid;
    }
    return (lo + hi) / 2;
  };
  return { diff: { value: d, low: root(z, -1, d), high: root(-z, d, 1) }, p: mcnemarP(b, c) };
}

export const normalCdf = (x: number): number => 0.5 * (1 + errorFunction(x / Math.SQRT2));

/**
 * McNemar's test on the discordant games: exact (two-sided binomial, p = 1/2, twice the smaller tail)
 * with up to 50 of them, else the score statistic (b - c)^2 / (b + c) without continuity correction.
 */
export function mcnemarP(b: number, c: number): number {
  const k = b + c;
  if (k === 0) return 1;
  if (k <= 50) return Math.min(1, 2 * binomCdf(Math.min(b, c), k, 0.5));
  return pNormal((c - b) / Math.sqrt(k));
}

/** Holm's step-down adjustment: p-values in the given order, adjusted for their number (monotone, at most 1). */
export function holm(ps: readonly number[]): number[] {
  const order = ps.map((p, i) => [p, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(ps.length);
  let running = 0;
  order.forEach(([p, i], rank) => {
    running = Math.max(running, Math.min(1, (ps.length - rank) * p));
    out[i] = running;
  });
  return out;
}


/**
 * A paired difference of means from the per-game differences' sum and sum of squares: the paired z
 * interval and test, and the variance reduction over independent arms (null when nothing differs).
 */
export function pairedMean(sumD: number, sumD2: number, n: number, z: number, varArm: number, varBase: number): Omit<Comparison, 'pHolm' | 'significantHolm'> {
  const mean = n ? sumD / n : 0;
  // One game says nothing of a difference's spread: no test (p = 1), however large the difference.
  if (n < 2) return { diff: { value: mean, low: mean, high: mean }, p: 1, significant: false, varianceReduction: null };
  const varD = Math.max(0, (sumD2 - (sumD * sumD) / n) / (n - 1));
  const half = z * Math.sqrt(varD / Math.max(1, n));
  const zs = varD > 0 ? mean / Math.sqrt(varD / n) : 0;
  return {
    diff: { value: mean, low: mean - half, high: mean + half }, p: varD > 0 ? pNormal(zs) : mean === 0 ? 1 : 0,
    significant: mean - half > 0 || mean + half < 0, varianceReduction: varD > 0 ? (varArm + varBase) / n / (varD / n) : null,
  };
}

/** A paired difference of rates from its discordant games (b: baseline only, c: arm only) and the two rates' counts. */
export function pairedRateComparison(b: number, c: number, n: number, armCount: number, baseCount: number, z: number): Omit<Comparison, 'pHolm' | 'significantHolm'> {
  const varPaired = Math.max(0, (b + c - ((c - b) * (c - b)) / n) / (n * n));
  const pa = armCount / n;
  const pb = baseCount / n;
  const varIndep = (pa * (1 - pa) + pb * (1 - pb)) / n;
  const { diff, p } = pairedRate(b, c, n, z);
  return { diff, p, significant: diff.low > 0 || diff.high < 0, varianceReduction: varPaired > 0 ? varIndep / varPaired : null };
}

/**
 * Alpha spent at the k-th look (k = 1, 2, ...) of a precision-targeted run: alpha / 2^k, so the looks
 * together spend at most alpha and every interval reported at any look keeps its coverage.
 */
export const alphaAtLook = (alpha: number, k: number): number => alpha / 2 ** k;
