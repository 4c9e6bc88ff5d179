// Seeded random streams: seedrandom's tychei generator, unbiased integer sampling, seed derivation.
import seedrandom from 'seedrandom';

/** A seedrandom generator created with state support (so it can be saved and cloned). */
export type Prng = seedrandom.PRNG;

/** tychei: the fastest seedrandom algorithm measured here (about 1.3 us to seed, 6 ns a draw). */
export function makePrng(seed: string): Prng {
  return seedrandom.tychei(seed, { state: true });
}

/** An exact copy of a generator: the copy yields the same future numbers. */
export function clonePrng(p: Prng): Prng {
  const state = (p as seedrandom.StatefulPRNG<seedrandom.State.Tychei>).state();
  return seedrandom.tychei('', { state });
}

/** Uniform integer in [0, n) without modulo bias (rejection on the 32-bit output). */
export function uniformInt(p: Prng, n: number): number {
  const limit = 4294967296 - (4294967296 % n);
  for (;;) {
    const x = p.int32() >>> 0;
    if (x < limit) return x % n;
  }
}

/** 32-bit FNV-1a over a string, then a murmur3 finaliser: a cheap, well-mixed hash. */
function hash32(s: string, h: number): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/**
 * The seed of game `index` of a run: a function of (master seed, index) only, so a game's
 * result never depends on the thread, batch or shard that played it.
 */
export function gameSeed(masterSeed: string, index: number): string {
  const key = masterSeed + '#' + index;
  const a = hash32(key, 0x811c9dc5);
  const b = hash32(key, 0x01000193 ^ a);
  return a.toString(16).padStart(8, '0') + b.toString(16).padStart(8, '0');
}

/** Fisher-Yates shuffle in place with an unbiased stream. */
export function shuffle<T>(p: Prng, a: T[]): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = uniformInt(p, i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
