// A mergeable, exact histogram of integer values: one fixed bin per integer.
//
// Every outcome figure of a game is an integer (Prestige, talents, RI, legions, turns), so a bin of
// width 1 loses nothing: the mean, the variance and every quantile computed from the histogram are
// those of the raw values, and merging two histograms is integer addition, which is exactly
// associative and commutative. That is what makes a run's summary byte-identical for any thread
// count and any split into shards (floating-point Welford merges are not bitwise associative).

export interface HistogramJSON {
  /** The value counted by counts[0]. */
  min: number;
  /** counts[i] = observations equal to min + i; no zero at either end ([] when empty). */
  counts: number[];
}

/** Describes a histogram's distribution: count, mean, sample sd and quantiles (type 1, exact). */
export interface Distribution {
  n: number;
  mean: number | null;
  sd: number | null;
  min: number | null;
  p05: number | null;
  p25: number | null;
  p50: number | null;
  p75: number | null;
  p95: number | null;
  max: number | null;
}

/** The widest range of values one histogram may span (a guard against runaway values). */
const MAX_BINS = 1 << 24;

export class IntHistogram {
  private offset = 0;
  private counts: number[] = [];
  private total = 0;

  /** Number of observations. */
  get n(): number {
    return this.total;
  }

  /** Counts `k` observations of the integer `v`. */
  add(v: number, k = 1): void {
    if (!Number.isSafeInteger(v)) throw new RangeError(`histogram value ${v} is not an integer`);
    const c = this.counts;
    if (c.length === 0) {
      this.offset = v;
      c.push(k);
    } else {
      const i = v - this.offset;
      if (i >= 0 && i < c.length) c[i]! += k;
      else this.grow(v, k);
    }
    this.total += k;
  }

  private grow(v: number, k: number): void {
    const lo = Math.min(v, this.offset);
    const hi = Math.max(v, this.offset + this.counts.length - 1);
    if (hi - lo + 1 > MAX_BINS) throw new RangeError(`histogram range ${lo}..${hi} is too wide`);
    const next = new Array<number>(hi - lo + 1).fill(0);
    for (let i = 0; i < this.counts.length; i++) next[this.offset - lo + i] = this.counts[i]!;
    next[v - lo]! += k;
    this.offset = lo;
    this.counts = next;
  }

  /** Adds every observation of `o` to this one (exact). */
  merge(o: IntHistogram): this {
    const oc = o.counts;
    for (let i = 0; i < oc.length; i++) if (oc[i]) this.add(o.offset + i, oc[i]!);
    return this;
  }

  /** Number of observations equal to v. */
  count(v: number): number {
    const i = v - this.offset;
    return i >= 0 && i < this.counts.length ? this.counts[i]! : 0;
  }

  /** [value, count] for every value observed, ascending. */
  entries(): [number, number][] {
    const out: [number, number][] = [];
    this.counts.forEach((c, i) => {
      if (c) out.push([this.offset + i, c]);
    });
    return out;
  }

  /** Sum of all observations (exact while below 2^53). */
  sum(): number {
    return Number(this.bigSums()[0]);
  }

  private bigSums(): [bigint, bigint] {
    let s = 0n;
    let s2 = 0n;
    for (let i = 0; i < this.counts.length; i++) {
      const c = this.counts[i]!;
      if (!c) continue;
      const v = BigInt(this.offset + i);
      const bc = BigInt(c);
      s += v * bc;
      s2 += v * v * bc;
    }
    return [s, s2];
  }

  mean(): number | null {
    return this.total ? Number(this.bigSums()[0]) / this.total : null;
  }

  /** Sample variance, computed exactly in integers before the one final division. */
  variance(): number | null {
    const n = this.total;
    if (n < 2) return n === 1 ? 0 : null;
    const [s, s2] = this.bigSums();
    const bn = BigInt(n);
    return Number(bn * s2 - s * s) / (n * (n - 1));
  }

  /**
   * The pct-th percentile (pct an integer 0..100): the smallest observed value v with at least
   * ceil(pct * n / 100) observations <= v (the inverse of the empirical distribution, "type 1").
   */
  quantile(pct: number): number | null {
    if (!Number.isInteger(pct) || pct < 0 || pct > 100) throw new RangeError(`percentile ${pct} is not an integer 0..100`);
    if (!this.total) return null;
    const rank = Math.max(1, Math.ceil((pct * this.total) / 100));
    let cum = 0;
    for (let i = 0; i < this.counts.length; i++) {
      cum += this.counts[i]!;
      if (cum >= rank) return this.offset + i;
    }
    return this.offset + this.counts.length - 1;
  }

  describe(): Distribution {
    const v = this.variance();
    return {
      n: this.total,
      mean: this.mean(),
      sd: v === null ? null : Math.sqrt(Math.max(0, v)),
      min: this.quantile(0),
      p05: this.quantile(5),
      p25: this.quantile(25),
      p50: this.quantile(50),
      p75: this.quantile(75),
      p95: this.quantile(95),
      max: this.quantile(100),
    };
  }

  /** Canonical form: the same observations give the same JSON whatever the order of adds and merges. */
  toJSON(): HistogramJSON {
    let a = 0;
    let b = this.counts.length;
    while (a < b && this.counts[a] === 0) a++;
    while (b > a && this.counts[b - 1] === 0) b--;
    return a === b ? { min: 0, counts: [] } : { min: this.offset + a, counts: this.counts.slice(a, b) };
  }

  static fromJSON(j: HistogramJSON): IntHistogram {
    const h = new IntHistogram();
    if (!Number.isSafeInteger(j.min)) throw new RangeError('histogram min is not an integer');
    for (const c of j.counts) if (!Number.isSafeInteger(c) || c < 0) throw new RangeError(`histogram count ${c} is not a count`);
    if (j.counts.length > MAX_BINS) throw new RangeError('histogram has too many bins');
    h.offset = j.min;
    h.counts = j.counts.slice();
    h.total = j.counts.reduce((s, c) => s + c, 0);
    return h;
  }
}
