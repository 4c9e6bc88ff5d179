// The statistics layer: Wilson intervals against published values; exact, mergeable histograms.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IntHistogram } from '../src/stats/histogram.js';
import { wilson } from '../src/stats/intervals.js';

describe('Wilson score interval', () => {
  // Newcombe (1998), "Two-sided confidence intervals for the single proportion", Table I, method 3.
  const published: [number, number, number, number][] = [
    [81, 263, 0.2553, 0.3662],
    [15, 148, 0.0624, 0.1605],
    [0, 20, 0, 0.1611],
    [1, 29, 0.0061, 0.1718],
    [29, 29, 0.883, 1],
  ];
  for (const [k, n, lo, hi] of published) {
    it(`${k}/${n} gives [${lo}, ${hi}]`, () => {
      const [a, b] = wilson(k, n);
      expect(a).toBeCloseTo(lo, 4);
      expect(b).toBeCloseTo(hi, 4);
    });
  }
  it('is exactly 0 at k = 0 and exactly 1 at k = n', () => {
    expect(wilson(0, 1000)[0]).toBe(0);
    expect(wilson(1000, 1000)[1]).toBe(1);
  });
  it('is symmetric and contains the estimate', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
        const k = Math.floor(f * n);
        const [lo, hi] = wilson(k, n);
        const [lo2, hi2] = wilson(n - k, n);
        expect(lo).toBeLessThanOrEqual(k / n + 1e-12);
        expect(hi).toBeGreaterThanOrEqual(k / n - 1e-12);
        expect(lo).toBeCloseTo(1 - hi2, 10);
        expect(hi).toBeCloseTo(1 - lo2, 10);
      }),
    );
  });
});

const values = fc.array(fc.integer({ min: -50, max: 400 }), { maxLength: 200 });
const hist = (xs: number[]) => {
  const h = new IntHistogram();
  for (const x of xs) h.add(x);
  return h;
};

describe('IntHistogram', () => {
  it('merging is exact, associative and commutative (canonical JSON)', () => {
    fc.assert(
      fc.property(values, values, values, (a, b, c) => {
        const left = hist(a).merge(hist(b)).merge(hist(c));
        const right = hist(a).merge(hist(b).merge(hist(c)));
        const swapped = hist(c).merge(hist(a)).merge(hist(b));
        const direct = hist([...a, ...b, ...c]);
        const j = JSON.stringify(direct.toJSON());
        expect(JSON.stringify(left.toJSON())).toBe(j);
        expect(JSON.stringify(right.toJSON())).toBe(j);
        expect(JSON.stringify(swapped.toJSON())).toBe(j);
        expect(JSON.stringify(IntHistogram.fromJSON(JSON.parse(j)).toJSON())).toBe(j);
      }),
    );
  });

  it('gives the exact mean, variance and type-1 quantiles of the raw values', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 300 }), (xs) => {
        const h = hist(xs);
        const n = xs.length;
        const sum = xs.reduce((s, x) => s + x, 0);
        expect(h.n).toBe(n);
        expect(h.sum()).toBe(sum);
        expect(h.mean()).toBeCloseTo(sum / n, 9);
        const m = sum / n;
        const v = n > 1 ? xs.reduce((s, x) => s + (x - m) ** 2, 0) / (n - 1) : 0;
        expect(h.variance()).toBeCloseTo(v, 6);
        const sorted = [...xs].sort((a, b) => a - b);
        for (const p of [0, 5, 25, 50, 75, 95, 100]) {
          expect(h.quantile(p)).toBe(sorted[Math.max(1, Math.ceil((p * n) / 100)) - 1]);
        }
      }),
    );
  });

  it('describes an empty histogram with nulls', () => {
    const d = new IntHistogram().describe();
    expect(d.n).toBe(0);
    expect(d.mean).toBeNull();
    expect(d.p50).toBeNull();
  });

  it('refuses non-integers', () => {
    expect(() => new IntHistogram().add(1.5)).toThrow(/not an integer/);
  });
});
