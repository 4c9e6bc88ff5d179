// Seeded random streams: seedrandom's tychei generator, unbiased integer sampling, seed derivation.
import seedrandom from 'seedrandom';

/** A seedrandom generator created with state support (callable; it can be saved and cloned). */
export type Prng = seedrandom.PRNG;

/**
 * A random stream: what the engine draws from (int32, through uniformInt) and saves (state). A
 * seedrandom generator is one; so is a Tychei, the same generator without closures.
 */
export interface Stream {
  int32(): number;
  double(): number;
  quick(): number;
  state(): TycheiState;
}

/** seedrandom's saved state of a tychei generator. */
export interface TycheiState {
  a: number;
  b: number;
  c: number;
  d: number;
}

/**
 * seedrandom's tychei (Tyche-i, Neves and Araujo 2011) as a class: the same numbers for the same
 * seed (tests/determinism.test.ts checks it against seedrandom), but seeding allocates one object
 * instead of four closures, and draws are monomorphic method calls that V8 inlines.
 */
export class Tychei implements Stream {
  a = 0;
  b = 0;
  c = 2654435769 | 0;
  d = 1367130551;
  /** The name still to be mixed in (seedLater), or null: a game's stream is seeded at its first use. */
  private later: string | null = null;

  /**
   * A string seed is mixed in character by character, then 20 values are discarded (as seedrandom
   * does); an integer seed sets a and b first. `from` continues a mixing already begun (see mixPrefix).
   */
  constructor(seed: string | number | TycheiState, from?: TycheiState) {
    if (typeof seed === 'object') this.restore(seed);
    else this.reseed(seed, from);
  }

  /** Seeds this generator again, as the constructor does (a search reuses its streams this way). */
  reseed(seed: string | number, from?: TycheiState): void {
    let text = '';
    if (from) {
      this.restore(from);
      text = String(seed);
    } else {
      this.later = null;
      this.a = 0;
      this.b = 0;
      this.c = 2654435769 | 0;
      this.d = 1367130551;
      if (typeof seed === 'number' && seed === Math.floor(seed)) {
        this.a = (seed / 0x100000000) | 0;
        this.b = seed | 0;
      } else text = String(seed);
    }
    mix(this, text, 20);
  }

  /**
   * As reseed(text, from), but the mixing waits for the first draw or state(): most of a game's streams
   * (the variations', the policies' that draw nothing) are never drawn from.
   */
  seedLater(text: string, from: TycheiState): void {
    this.restore(from);
    this.later = text;
  }

  /** Mixes in the name seedLater left (same state as reseed would have made). */
  private settle(): void {
    const text = this.later!;
    this.later = null;
    mix(this, text, 20);
  }

  /** Sets the state saved by state() (of this generator, another Tychei, or a seedrandom tychei). */
  restore(st: TycheiState): void {
    if (st instanceof Tychei && st.later !== null) st.settle();
    this.later = null;
    this.a = st.a;
    this.b = st.b;
    this.c = st.c;
    this.d = st.d;
  }

  private next(): number {
    if (this.later !== null) this.settle();
    let b = this.b;
    let c = this.c;
    let d = this.d;
    let a = this.a;
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    this.b = b = (b << 20) ^ (b >>> 12) ^ c;
    this.c = c = (c - d) | 0;
    this.d = (d << 16) ^ (c >>> 16) ^ a;
    return (this.a = (a - b) | 0);
  }

  int32(): number {
    return this.next();
  }

  quick(): number {
    return (this.next() >>> 0) / 0x100000000;
  }

  double(): number {
    for (;;) {
      const top = this.next() >>> 11;
      const bot = (this.next() >>> 0) / 0x100000000;
      const result = (top + bot) / (1 << 21);
      if (result !== 0) return result;
    }
  }

  state(): TycheiState {
    if (this.later !== null) this.settle();
    return { a: this.a, b: this.b, c: this.c, d: this.d };
  }
}

/**
 * Tyche-i's seeding on a state: each character of `text` xored into b before one step, then
 * `discard` more steps (on locals: seeding is per stream of every game).
 */
function mix(st: TycheiState, text: string, discard: number): void {
  let a = st.a;
  let b = st.b;
  let c = st.c;
  let d = st.d;
  const n = text.length + discard;
  for (let k = 0; k < n; k++) {
    if (k < text.length) b ^= text.charCodeAt(k);
    b = (b << 25) ^ (b >>> 7) ^ c;
    c = (c - d) | 0;
    d = (d << 24) ^ (d >>> 8) ^ a;
    a = (a - b) | 0;
    b = (b << 20) ^ (b >>> 12) ^ c;
    c = (c - d) | 0;
    d = (d << 16) ^ (c >>> 16) ^ a;
    a = (a - b) | 0;
  }
  st.a = a;
  st.b = b;
  st.c = c;
  st.d = d;
}

/**
 * The state after mixing in `prefix` only: streams seeded `prefix + name` share it, so a game's
 * streams mix its seed once (makeStream(prefix + name) === new Tychei(name, mixPrefix(prefix))).
 */
export function mixPrefix(prefix: string): TycheiState {
  const st: TycheiState = { a: 0, b: 0, c: 2654435769 | 0, d: 1367130551 };
  mix(st, prefix, 0);
  return st;
}

/** A seedrandom tychei generator (callable, as seedrandom's are), with state support. */
export function makePrng(seed: string): Prng & Stream {
  return seedrandom.tychei(seed, { state: true }) as Prng & Stream;
}

/** A game's stream: tychei seeded from a string, without seedrandom's closures (about 0.15 us to seed here). */
export function makeStream(seed: string): Tychei {
  return new Tychei(seed);
}

/** An exact copy of a generator: the copy yields the same future numbers. */
export function clonePrng(p: Stream): Stream {
  return new Tychei(p.state());
}

/** Makes `dst` an exact copy of `src` without allocating when both are Tychei (else a new clone). */
export function copyPrng(dst: Stream, src: Stream): Stream {
  if (dst instanceof Tychei && src instanceof Tychei) {
    dst.restore(src);
    return dst;
  }
  return clonePrng(src);
}

/**
 * Uniform integer in [0, n) without modulo bias (rejection on the 32-bit output). The remainders
 * are taken as x - floor(x / n) * n: exact for these integers (below 2^32) and several times faster
 * than %, which on numbers above 2^31 is a call to fmod.
 */
export function uniformInt(p: Stream, n: number): number {
  const limit = 4294967296 - (4294967296 - Math.floor(4294967296 / n) * n);
  for (;;) {
    const x = p.int32() >>> 0;
    if (x < limit) return (x - Math.floor(x / n) * n) | 0;
  }
}

/** 32-bit FNV-1a over a string, then a murmur3 finaliser: a cheap, well-mixed hash. */
function hash32(s: string, h: number): number {
  return finish(fnv(s, h));
}

/** FNV-1a's steps over the characters of `s`, from state `h`. */
function fnv(s: string, h: number): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h;
}

/** The murmur3 finaliser, as an unsigned 32-bit number. */
function finish(h: number): number {
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
  if (!(Number.isSafeInteger(index) && index >= 0)) return seedOfKey(masterSeed + '#' + index);
  // The usual case, without building the key `${masterSeed}#${index}` or formatting with toString(16):
  // the same hashes over the same characters (the master seed's and '#', then the index's decimal digits).
  let digits = 0;
  for (let v = index; ; v = Math.floor(v / 10)) {
    indexDigits[digits++] = 48 + (v % 10);
    if (v < 10) break;
  }
  if (masterSeed !== lastMaster) {
    lastMaster = masterSeed;
    lastMasterHash = fnv(masterSeed + '#', 0x811c9dc5);
  }
  let a = lastMasterHash;
  for (let i = digits - 1; i >= 0; i--) a = Math.imul(a ^ indexDigits[i]!, 16777619);
  a = finish(a);
  let b = fnv(masterSeed, 0x01000193 ^ a);
  b = Math.imul(b ^ 35, 16777619); // '#'
  for (let i = digits - 1; i >= 0; i--) b = Math.imul(b ^ indexDigits[i]!, 16777619);
  b = finish(b);
  return hex16(a, b);
}

/** gameSeed's general form (any index): the two hashes of the key, in hex. */
function seedOfKey(key: string): string {
  const a = hash32(key, 0x811c9dc5);
  const b = hash32(key, 0x01000193 ^ a);
  return hex16(a, b);
}

/** gameSeed's scratch: the last master seed, its FNV state with '#' mixed in, an index's digits (least significant first). */
let lastMaster: string | null = null;
let lastMasterHash = 0;
const indexDigits: number[] = filledZeros(16);

function filledZeros(n: number): number[] {
  const a: number[] = [];
  for (let i = 0; i < n; i++) a.push(0);
  return a;
}

/** The character codes of the hex digits. */
const HEX = [48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 97, 98, 99, 100, 101, 102];

/** Two unsigned 32-bit numbers as 16 hex digits, each zero-padded to 8 (as toString(16).padStart(8, '0') twice). */
function hex16(a: number, b: number): string {
  return String.fromCharCode(
    hexDigit(a, 28), hexDigit(a, 24), hexDigit(a, 20), hexDigit(a, 16), hexDigit(a, 12), hexDigit(a, 8), hexDigit(a, 4), hexDigit(a, 0),
    hexDigit(b, 28), hexDigit(b, 24), hexDigit(b, 20), hexDigit(b, 16), hexDigit(b, 12), hexDigit(b, 8), hexDigit(b, 4), hexDigit(b, 0),
  );
}

/** The character code of the hex digit of x at bit `shift`. */
function hexDigit(x: number, shift: number): number {
  return HEX[(x >>> shift) & 15]!;
}

/** Fisher-Yates shuffle in place with an unbiased stream. */
export function shuffle<T>(p: Stream, a: T[]): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = uniformInt(p, i + 1);
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
}
