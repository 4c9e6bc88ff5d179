// Determinism: a game is a function of (configuration, seed, policies); traces, clones and seeds.
import { describe, expect, it } from 'vitest';
import seedrandom from 'seedrandom';
import { clonePrng, copyPrng, gameSeed, makePrng, makeStream, mixPrefix, type Stream, Tychei } from '../src/core/rng.js';
import { initPolicies, playGame, playOn, startGame } from '../src/legions/game.js';
import { makeOutcome } from '../src/legions/outcome.js';
import { cloneState, copyState, type GameState, makeStreams, reseedStreams, SURVIVED } from '../src/legions/state.js';
import { parseVariants, VARIANT_NAMES } from '../src/legions/variants.js';
import { parsePolicies } from '../policies/index.js';
import { makeConfig } from './helpers.js';

const SETUPS: readonly [number, string][] = [
  [3, 'random'],
  [3, 'statesman'],
  [3, 'statesman,opportunist,random'],
  [5, 'opportunist'],
  [5, 'random,statesman,opportunist,statesman,random'],
];

describe('same seed, same game', () => {
  for (const [players, spec] of SETUPS) {
    it(`${players} players, ${spec}: identical outcome and identical trace (trace = true)`, () => {
      const cfg = makeConfig(players);
      for (let i = 0; i < 8; i++) {
        const a = playGame(cfg, 'det-master', i, parsePolicies(spec, players), true);
        const b = playGame(cfg, 'det-master', i, parsePolicies(spec, players), true);
        expect(b.outcome).toEqual(a.outcome);
        expect(a.state.trace!.length).toBeGreaterThan(0);
        expect(b.state.trace).toEqual(a.state.trace);
        // Tracing only records: the untraced game has the same outcome.
        const c = playGame(cfg, 'det-master', i, parsePolicies(spec, players), false);
        expect(c.state.trace).toBeNull();
        expect(c.outcome).toEqual(a.outcome);
      }
    });
  }

  it('playing turn by turn (startGame + playOn per turn) equals playing straight through', () => {
    const cfg = makeConfig(5);
    for (let i = 0; i < 20; i++) {
      const whole = playGame(cfg, 'det-steps', i, parsePolicies('statesman,opportunist,random,statesman,opportunist', 5), true);
      const pols = parsePolicies('statesman,opportunist,random,statesman,opportunist', 5);
      const g = startGame(cfg, gameSeed('det-steps', i), pols, true);
      for (let t = 1; t <= cfg.params.turns; t++) playOn(g, pols, t);
      expect(makeOutcome(g)).toEqual(whole.outcome);
      expect(g.trace).toEqual(whole.state.trace);
    }
  });
});

describe('different seeds, different games', () => {
  it('traces and outcomes differ between game indices and between master seeds', () => {
    const cfg = makeConfig(5);
    const traces = new Set<string>();
    const outcomes = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const r = playGame(cfg, 'det-diff', i, parsePolicies('statesman', 5), true);
      traces.add(JSON.stringify(r.state.trace));
      outcomes.add(JSON.stringify(r.outcome));
    }
    expect(traces.size).toBe(20);
    expect(outcomes.size).toBeGreaterThan(15);
    const a = playGame(cfg, 'master-A', 0, parsePolicies('statesman', 5), true);
    const b = playGame(cfg, 'master-B', 0, parsePolicies('statesman', 5), true);
    expect(JSON.stringify(b.state.trace)).not.toBe(JSON.stringify(a.state.trace));
  });
});

describe('gameSeed depends only on (master, index)', () => {
  it('is a pure function of its two arguments', () => {
    expect(gameSeed('m', 3)).toBe(gameSeed('m', 3));
    expect(gameSeed('m', 3)).toMatch(/^[0-9a-f]{16}$/);
    const seen = new Set<string>();
    for (const master of ['m', 'n', 'legions', '']) for (let i = 0; i < 50; i++) seen.add(gameSeed(master, i));
    expect(seen.size).toBe(200);
    // No ambiguity between the master's digits and the index.
    expect(gameSeed('a1', 2)).not.toBe(gameSeed('a', 12));
  });

  it('its fast path (no key string built) hashes exactly the key `${master}#${index}`', () => {
    // The definition, written out: FNV-1a then murmur3's finaliser over the key, twice, in hex.
    const hash = (key: string, h: number): number => {
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
      h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
      h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
      return (h ^ (h >>> 16)) >>> 0;
    };
    const reference = (master: string, index: number): string => {
      const key = `${master}#${index}`;
      const a = hash(key, 0x811c9dc5);
      return a.toString(16).padStart(8, '0') + hash(key, 0x01000193 ^ a).toString(16).padStart(8, '0');
    };
    const indices = [0, 1, 9, 10, 99, 100, 12345, 999_999, 1_000_000, 2 ** 31, 2 ** 32 + 7, Number.MAX_SAFE_INTEGER, -1, 1.5];
    for (const master of ['legions', 'bench', '', 'x#y', 'é']) {
      for (const i of indices) expect(gameSeed(master, i), `${master} ${i}`).toBe(reference(master, i));
    }
  });

  it('pinned values (noreg: changing them changes every game of every run)', () => {
    expect([gameSeed('legions', 0), gameSeed('legions', 1), gameSeed('legions', 12345)]).toEqual(PINNED_GAME_SEEDS);
  });

  it('a game\'s result does not depend on which games were played before it, nor in what order', () => {
    const cfg = makeConfig(3);
    const spec = 'random,statesman,opportunist';
    const forward: unknown[] = [];
    for (let i = 0; i < 12; i++) forward.push(playGame(cfg, 'det-order', i, parsePolicies(spec, 3)).outcome);
    // Reverse order, interleaved with games of another configuration and master seed.
    const other = makeConfig(5);
    for (let i = 11; i >= 0; i--) {
      playGame(other, 'noise', i, parsePolicies('random', 5));
      expect(playGame(cfg, 'det-order', i, parsePolicies(spec, 3)).outcome).toEqual(forward[i]);
    }
  });
});

/** Sets every number/boolean in every array and plain object reachable from `x` (not array elements' insides). */
function scribble(x: unknown, depth = 0): void {
  if (depth > 4 || x === null || typeof x !== 'object') return;
  if (Array.isArray(x)) {
    for (let i = 0; i < x.length; i++) if (typeof x[i] === 'number') x[i] = 4242;
    x.push(4242);
    return;
  }
  const o = x as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (typeof o[k] === 'number') o[k] = 4242;
    else if (typeof o[k] === 'boolean') o[k] = !o[k];
    else scribble(o[k], depth + 1);
  }
}

/**
 * Overwrites every field of a state that copyState must write (not the shared configuration): numbers,
 * flags and strings changed, lists rewritten (and lengthened, but a motion's per-faction lists),
 * the streams advanced.
 */
function scribbleState(g: GameState): void {
  const nested = new Set(['params', 'board', 'variants', 'players', 'rng', 'wars', 'stats', 'motion', 'agenda', 'bill', 'trace']);
  scribbleFields(g as unknown as Record<string, unknown>, nested, true);
  scribbleFields(g.wars as unknown as Record<string, unknown>, new Set(), true);
  scribbleFields(g.stats as unknown as Record<string, unknown>, new Set(), true);
  for (const m of [g.motion, ...g.agenda, ...g.bill]) scribbleFields(m as unknown as Record<string, unknown>, new Set(), false);
  g.trace = [{ turn: 4242, step: 'x', text: 'x' }];
  for (const x of [g.rng.cards, g.rng.events, g.rng.dictator, ...g.rng.policy]) x.int32();
}

function scribbleFields(o: Record<string, unknown>, skip: ReadonlySet<string>, lengthen: boolean): void {
  for (const k of Object.keys(o)) {
    if (skip.has(k)) continue;
    const v = o[k];
    if (typeof v === 'number') o[k] = 4242;
    else if (typeof v === 'boolean') o[k] = !v;
    else if (typeof v === 'string') o[k] = 'x';
    else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) v[i] = typeof v[i] === 'string' ? 'x' : 4242;
      if (lengthen) v.push(4242);
    }
  }
}

/**
 * The game state's own data as JSON (shared, read-only configuration and the streams left out, and
 * the wars' version and the candidates' listing: tokens for the policies' kept censuses, unique to each
 * state, not game content).
 */
function snapshot(g: GameState): string {
  const { params: _p, board: _b, variants: _v, rng: _r, warsVersion: _w, candsListing: _c, ...rest } = g;
  return JSON.stringify(rest);
}

describe('cloneState', () => {
  function atTurn4(players: number, spec: string, index: number): { g: GameState; pols: ReturnType<typeof parsePolicies> } | null {
    const cfg = makeConfig(players);
    const pols = parsePolicies(spec, players);
    const g = startGame(cfg, gameSeed('det-clone', index), pols, true);
    playOn(g, pols, 4);
    return g.lost === SURVIVED ? { g, pols } : null;
  }

  for (const [players, spec] of [[3, 'statesman'], [5, 'statesman,opportunist,statesman,random,opportunist'], [3, 'opportunist,statesman,statesman']] as const) {
    it(`${players} players, ${spec}: a clone at turn 4 with fresh policies plays to the same end`, () => {
      let tried = 0;
      for (let i = 0; tried < 6 && i < 60; i++) {
        const start = atTurn4(players, spec, i);
        if (!start) continue;
        tried++;
        const { g, pols } = start;
        const clone = cloneState(g);
        const pols2 = parsePolicies(spec, players);
        initPolicies(clone, pols2);
        playOn(g, pols, g.params.turns);
        playOn(clone, pols2, clone.params.turns);
        expect(makeOutcome(clone)).toEqual(makeOutcome(g));
        expect(clone.trace).toEqual(g.trace);
      }
      expect(tried).toBe(6);
    });
  }

  it('the clone is independent: scribbling over all its arrays and draws leaves the original untouched', () => {
    const start = atTurn4(5, 'statesman', 0) ?? atTurn4(5, 'statesman', 1)!;
    const { g } = start;
    const before = snapshot(g);
    const probe = cloneState(g); // the original's streams, untouched, for comparison
    const clone = cloneState(g);
    expect(snapshot(clone)).toBe(before);
    const { params: _p, board: _b, variants: _v, rng: _r, ...data } = clone;
    scribble(data);
    for (const k of Object.keys(data)) (clone as unknown as Record<string, unknown>)[k] = (data as Record<string, unknown>)[k];
    for (const s of [clone.rng.cards, clone.rng.events, clone.rng.senators, clone.rng.tribunes, clone.rng.deaths, ...clone.rng.policy]) {
      for (let k = 0; k < 7; k++) s.int32();
    }
    expect(snapshot(clone)).not.toBe(before);
    expect(snapshot(g)).toBe(before);
    // The original's streams did not advance: they still match an untouched copy.
    for (const name of ['cards', 'events', 'senators', 'tribunes', 'deaths'] as const) {
      expect([g.rng[name].int32(), g.rng[name].int32()]).toEqual([probe.rng[name].int32(), probe.rng[name].int32()]);
    }
    g.rng.policy.forEach((s, f) => expect(s.int32()).toBe(probe.rng.policy[f]!.int32()));
  });

  it('copyState over a state of another game, further on, gives what cloneState gives (every module on), independently', () => {
    const variants = parseVariants(VARIANT_NAMES.join(','));
    const cfg = { ...makeConfig(5), variants };
    const spec = 'statesman,opportunist,competent,random,opportunist';
    const states: GameState[] = [];
    for (let i = 0; states.length < 4 && i < 40; i++) {
      const pols = parsePolicies(spec, 5);
      const g = startGame(cfg, gameSeed('det-copy', i), pols, true);
      playOn(g, pols, 2 + (i % 6));
      if (g.turn > 1) states.push(g);
    }
    expect(states.length).toBe(4);
    const streams = (g: GameState) => [...Object.values(g.rng).filter((x) => !Array.isArray(x)), ...g.rng.policy].map((x) => (x as Stream).state());
    const scratch = cloneState(states[3]!);
    for (const src of [states[0]!, states[1]!, states[2]!, states[0]!]) {
      // Every field of the reused state scribbled over first: one that copyState left out would show.
      scribbleState(scratch);
      copyState(scratch, src);
      const ref = cloneState(src);
      expect(snapshot(scratch)).toBe(snapshot(ref));
      expect(streams(scratch)).toEqual(streams(ref));
      expect(Object.keys(scratch)).toEqual(Object.keys(ref));
      // Independent: playing the copy on leaves the source as it was.
      const before = snapshot(src);
      const pols = parsePolicies(spec, 5);
      initPolicies(scratch, pols);
      playOn(scratch, pols);
      expect(snapshot(src)).toBe(before);
    }
  });

  it('mutating nested arrays of the clone (wars, motion, deck, trace) does not reach the original', () => {
    const { g } = atTurn4(3, 'statesman', 2) ?? atTurn4(3, 'statesman', 3)!;
    const before = snapshot(g);
    const c = cloneState(g);
    c.wars.armies[0] = 99;
    c.wars.commander.fill(7);
    c.motion.stance[0] = 9;
    c.deck.reverse();
    c.trace!.push({ turn: 99, step: 'x', text: 'x' });
    c.stats.battles += 100;
    c.treasury[0] = 1000;
    c.senOwner.fill(-1);
    expect(snapshot(g)).toBe(before);
  });
});

describe('random streams', () => {
  it('pinned snapshot: the first 5 int32 values of makePrng("legions") (noreg)', () => {
    const p = makePrng('legions');
    expect([p.int32(), p.int32(), p.int32(), p.int32(), p.int32()]).toEqual([
      -1644897690, -118238189, -1343022427, -1145352151, 244457871,
    ]);
  });

  it('a game stream (Tychei) draws exactly what seedrandom\'s tychei draws for the same seed', () => {
    for (const seed of ['legions', '', 'bc954cfa31b6455b/cards', 'é/\u{1F600}', '0123456789abcdef/ror-assassination']) {
      const p = makePrng(seed);
      const q = makeStream(seed);
      for (let i = 0; i < 200; i++) expect(q.int32()).toBe(p.int32());
      expect([q.quick(), q.double()]).toEqual([p.quick(), p.double()]);
      expect(q.state()).toEqual(p.state());
    }
    // A game mixes its seed once for all its streams: the same numbers as mixing seed + name whole.
    const base = mixPrefix('bc954cfa31b6455b');
    for (const name of ['/cards', '/policy3', '']) {
      const p = makePrng('bc954cfa31b6455b' + name);
      const q = new Tychei(name, base);
      for (let i = 0; i < 50; i++) expect(q.int32()).toBe(p.int32());
    }
    for (const n of [0, 1, 42, 0x7fffffff, 2 ** 40 + 7]) {
      const p = seedrandom.tychei(n as unknown as string, { state: true });
      const q = new Tychei(n);
      for (let i = 0; i < 50; i++) expect(q.int32()).toBe(p.int32());
    }
  });

  it('a game\'s streams, seeded at their first use, draw what seed + name draws whatever is done first', () => {
    const seed = 'bc954cfa31b6455b';
    const names: [keyof ReturnType<typeof makeStreams>, string][] = [
      ['cards', '/cards'], ['events', '/events'], ['senators', '/senators'], ['tribunes', '/tribunes'],
      ['deaths', '/deaths'], ['revolts', '/revolts'], ['rorGarrisons', '/ror-garrisons'],
      ['rorAssassination', '/ror-assassination'], ['commanders', '/commanders'], ['repopulation', '/repopulation'],
      ['dictator', '/dictator'],
    ];
    const first = (x: Stream): number[] => [x.int32(), x.int32(), x.int32()];
    // Each way of using a stream not yet drawn from: a draw, its state, a clone, a copy over another, a copy onto it.
    const uses: ((x: Stream) => number[])[] = [
      (x) => first(x),
      (x) => first(new Tychei(x.state())),
      (x) => first(clonePrng(x)),
      (x) => first(copyPrng(makeStream('other'), x)),
      (x) => {
        const c = clonePrng(x); // x drawn from after its copy was taken from it
        return [...first(x), ...first(c)].slice(3);
      },
    ];
    for (const use of uses) {
      const s = makeStreams(seed, 5);
      for (const [key, name] of names) expect(use(s[key] as Stream)).toEqual(first(makePrng(seed + name)));
      for (let f = 0; f < 5; f++) expect(use(s.policy[f]!)).toEqual(first(makePrng(`${seed}/policy${f}`)));
    }
    // Reseeded in place (a search's streams), drawn or not before: as new.
    const g = { rng: makeStreams(seed, 5), players: 5 } as unknown as GameState;
    g.rng.cards.int32();
    reseedStreams(g, 'dc34e3261b37fd08');
    expect(first(g.rng.cards)).toEqual(first(makePrng('dc34e3261b37fd08/cards')));
    expect(first(g.rng.deaths)).toEqual(first(makePrng('dc34e3261b37fd08/deaths')));
    const t = new Tychei('x', mixPrefix(seed)); // reseed after seedLater: the pending name is dropped
    t.seedLater('/cards', mixPrefix(seed));
    t.reseed(7);
    expect(first(t)).toEqual(first(new Tychei(7)));
  });

  it('clonePrng yields the same future numbers and is independent', () => {
    const p = makePrng('legions');
    p.int32();
    const q = clonePrng(p);
    const a = [p.int32(), p.int32(), p.int32()];
    expect([q.int32(), q.int32(), q.int32()]).toEqual(a);
    q.int32();
    expect(p.int32()).not.toBe(q.int32());
  });
});

const PINNED_GAME_SEEDS = ['bc954cfa31b6455b', 'dc34e3261b37fd08', 'a5e22a93c64ad51d'];
