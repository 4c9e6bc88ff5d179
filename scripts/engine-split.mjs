// Where a game's time goes: the engine against the players. Every answer the players give in the
// bench's games is recorded, then the same games are replayed by players that only read their answers
// back: the same decisions give the same games (the signatures must agree), so the replay's time is
// the engine's own (plus a few ns per answer read). Real and replayed games run in fresh worker
// threads, one at a time, so neither inherits the other's inline caches. Compiled dist/ is used.
// With LIVE (method names, comma-separated), a third run replays every answer but those, which the
// real players work out in the same games: its excess over the replay is what those decisions cost,
// plus some 20 ns a call for the indirection (on a shared machine, differences under about 10 us a
// game are noise: take the best of several passes). The live players see only those methods, so
// LIVE needs players whose answers do not depend on their other calls or their random stream (the
// parametric ones); otherwise the replay goes out of step and the run stops, saying so.
// With ENGINE_PROFILE=FILE in the environment, one more replay, not timed, is profiled (V8's sampler
// every 50 us) and its CPU profile written to FILE: the engine's own functions without the players'
// (read it with Chrome's DevTools or any .cpuprofile viewer). Last, both times are set against
// bench's random-number floor for the same players (issue 15's ratio, here for the engine alone too).
// Usage: node scripts/engine-split.mjs [GAMES=6000] [POLICY=competent] [PASSES=3] [LIVE=propose,vote,...]
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { playGame } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants } from '../dist/src/legions/variants.js';
import { parsePolicies } from '../dist/policies/index.js';
import { Signature } from '../dist/src/sim/signature.js';
import { rngFloor } from '../dist/src/cli/bench.js';
import { POLICY_METHODS } from './policy-methods.mjs';

/** What a proposal writes into the motion, recorded after each propose. */
const MOTION_FIELDS = ['senator', 'target', 'target2', 'det', 'det2', 'count', 'mask'];

const cfg = () => ({ players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() });

/** Plays the games with the real players, writing every answer to one Int32Array (starts[i]: game i's first). */
function record(games, policy) {
  let buf = new Int32Array(1 << 20);
  let n = 0;
  const push = (v) => {
    if (n === buf.length) {
      const b = new Int32Array(buf.length * 2);
      b.set(buf);
      buf = b;
    }
    buf[n++] = v;
  };
  const booleans = new Set();
  const put = (method, v) => {
    if (typeof v === 'boolean') {
      booleans.add(method);
      push(v ? 1 : 0);
    } else if (Number.isInteger(v) && v === (v | 0)) push(v);
    else throw new Error(`engine-split: ${method} answered ${String(v)}, not a whole number or boolean`);
  };
  const recorders = parsePolicies(policy, 5).map((p) => {
    const o = { name: p.name, neverProposes: p.neverProposes, alwaysAttends: p.alwaysAttends, neverTransfers: p.neverTransfers, init: (me, rng) => p.init(me, rng) };
    for (const k of POLICY_METHODS) {
      if (typeof p[k] !== 'function') continue;
      o[k] = k === 'propose'
        ? (g, me, m, cands) => {
          const r = p.propose(g, me, m, cands);
          put(k, r);
          for (const f of MOTION_FIELDS) put(f, m[f]);
          put('major', m.major);
          return r;
        }
        : (...a) => {
          const r = p[k](...a);
          if (k !== 'beginTurn') put(k, r);
          return r;
        };
    }
    return o;
  });
  const starts = new Int32Array(games + 1);
  const c = cfg();
  for (let i = 0; i < games; i++) {
    starts[i] = n;
    playGame(c, 'bench', i, recorders);
  }
  starts[games] = n;
  return { tape: buf.slice(0, n), starts, booleans: [...booleans] };
}

/** The tape's reader, shared by the seats: `at` is the next number to read. */
class Tape {
  at = 0;
  constructor(numbers) {
    this.numbers = numbers;
  }
}

/**
 * A player that answers from the tape (one class for every seat: the engine's calls stay
 * monomorphic, as with the real players).
 */
class Replayer {
  constructor(real, tape, live) {
    this.name = real.name;
    this.neverProposes = real.neverProposes; // (the hints as the real player's: the engine then asks the same questions)
    this.alwaysAttends = real.alwaysAttends;
    this.neverTransfers = real.neverTransfers;
    this.tape = tape;
    /** The real player, asked the live methods (null: none live). */
    this.real = live ? real : null;
  }
  init(me, rng) {
    this.real?.init(me, rng);
  }
  beginTurn() {}
  num() {
    const t = this.tape;
    return t.numbers[t.at++];
  }
  bool() {
    const t = this.tape;
    return t.numbers[t.at++] !== 0;
  }
  propose(g, me, m) {
    const t = this.tape;
    const x = t.numbers;
    const i = t.at;
    m.senator = x[i + 1];
    m.target = x[i + 2];
    m.target2 = x[i + 3];
    m.det = x[i + 4];
    m.det2 = x[i + 5];
    m.count = x[i + 6];
    m.mask = x[i + 7];
    m.major = x[i + 8] !== 0;
    t.at = i + 9;
    return x[i] !== 0;
  }
}

/** Players that answer from the tape but for the `live` methods; policies.cursor is the shared reader. */
function replayers(real, numbers, booleans, live) {
  const proto = Replayer.prototype;
  for (const k of POLICY_METHODS) {
    if (typeof real[0][k] !== 'function') {
      delete proto[k]; // an optional method the real players lack (mayPropose): the engine must not ask it of the replay either
      continue;
    }
    if (live.has(k)) {
      // The real player answers; its recorded answer is skipped.
      const size = k === 'propose' ? 9 : k === 'beginTurn' ? 0 : 1;
      proto[k] = function (a, b, c, d, e, f) {
        this.tape.at += size;
        return this.real[k](a, b, c, d, e, f);
      };
    } else if (k !== 'beginTurn' && k !== 'propose') proto[k] = booleans.has(k) ? proto.bool : proto.num;
  }
  const tape = new Tape(numbers);
  const seats = real.map((p) => new Replayer(p, tape, live.size > 0));
  seats.cursor = tape;
  return seats;
}

async function main() {
  const games = Number(process.argv[2] ?? 6000);
  const policy = process.argv[3] ?? 'competent';
  const passes = Number(process.argv[4] ?? 3);
  const live = (process.argv[5] ?? '').split(',').filter((k) => k !== '');
  if (!Number.isInteger(games) || games < 1 || !Number.isInteger(passes) || passes < 1) {
    process.stderr.write('engine-split: GAMES and PASSES must be positive whole numbers\n');
    process.exit(2);
  }
  const unknown = live.filter((k) => !POLICY_METHODS.includes(k));
  if (unknown.length) {
    process.stderr.write(`engine-split: not a decision method: ${unknown.join(', ')} (one of ${POLICY_METHODS.join(', ')})\n`);
    process.exit(2);
  }
  let players;
  try {
    players = parsePolicies(policy, 5);
  } catch (e) {
    process.stderr.write(`engine-split: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(2);
  }
  const missing = live.filter((k) => typeof players[0][k] !== 'function');
  if (missing.length) {
    process.stderr.write(`engine-split: ${policy} has no ${missing.join(', ')} to answer live\n`);
    process.exit(2);
  }
  if (process.env.ENGINE_PROFILE) {
    try {
      writeFileSync(process.env.ENGINE_PROFILE, ''); // written at the end: a path that cannot be written is refused now
    } catch (e) {
      process.stderr.write(`engine-split: ENGINE_PROFILE ${process.env.ENGINE_PROFILE} cannot be written (${e.code ?? e})\n`);
      process.exit(2);
    }
  }
  const { tape, starts, booleans } = record(games, policy);
  const run = (mode) => new Promise((resolveRun, reject) => {
    // The real players read no tape: only the replaying workers get a copy of it.
    // A profiled run is a replay that also writes the engine's profile.
    const data = mode === 'real' ? { mode, games, policy }
      : mode === 'profile' ? { mode: 'replay', games, policy, tape, starts, booleans, live: [], profile: process.env.ENGINE_PROFILE }
        : { mode, games, policy, tape, starts, booleans, live: mode === 'live' ? live : [] };
    const w = new Worker(new URL(import.meta.url), { workerData: data });
    w.once('message', resolveRun);
    w.once('error', reject);
  });
  process.stdout.write(`${games} games of ${policy}, ${(tape.length / games).toFixed(0)} recorded numbers a game\n`);
  const real = [];
  const engine = [];
  const withLive = [];
  let signature = '';
  for (let p = 0; p < passes; p++) {
    const r = await run('real');
    signature = r.signature;
    const e = await run('replay');
    const l = live.length ? await run('live') : e;
    for (const x of [e, l]) if (x.signature !== r.signature) throw new Error(`engine-split: a replay played other games (${x.signature} against ${r.signature})`);
    real.push(r.micros);
    engine.push(e.micros);
    withLive.push(l.micros);
    process.stdout.write(`pass ${p + 1}: with players ${r.micros.toFixed(1)} us/game, engine alone ${e.micros.toFixed(1)} us/game` +
      (live.length ? `, engine and ${live.join(', ')} ${l.micros.toFixed(1)}` : '') + ` (signature ${r.signature})\n`);
  }
  const best = (xs) => Math.min(...xs);
  const share = best(engine) / best(real);
  process.stdout.write(`best: with players ${best(real).toFixed(1)} us/game, engine alone ${best(engine).toFixed(1)} (${(100 * share).toFixed(0)} %), players ${(best(real) - best(engine)).toFixed(1)} (${(100 * (1 - share)).toFixed(0)} %)\n`);
  if (live.length) process.stdout.write(`${live.join(', ')}: ${(best(withLive) - best(engine)).toFixed(1)} us/game of the players' time\n`);
  // Against bench's random-number floor for the same players (its seeds and draws, no game logic), timed here after the runs.
  const floor = rngFloor(20000, { policies: Array(5).fill(policy), rotation: 'none' }).microsPerGame;
  process.stdout.write(`random-number floor ${floor.toFixed(2)} us/game: with players ${(best(real) / floor).toFixed(1)} times it, engine alone ${(best(engine) / floor).toFixed(1)} times\n`);
  if (process.env.ENGINE_PROFILE) {
    const x = await run('profile');
    if (x.signature !== signature) throw new Error('engine-split: the profiled replay played other games');
    process.stdout.write(`engine profile (replayed games, sampled every 50 us): ${process.env.ENGINE_PROFILE}\n`);
  }
}

/** A worker: one timed run of the games, real or replayed. */
function worker() {
  const { mode, games, policy, tape, starts, booleans, live, profile } = workerData;
  const replaying = mode !== 'real';
  const policies = replaying ? replayers(parsePolicies(policy, 5), tape, new Set(booleans), new Set(live)) : parsePolicies(policy, 5);
  const c = cfg();
  // Warm-up on the first games, then the timed run over all of them.
  const warm = Math.min(games, 1000);
  const cursor = policies.cursor ?? { at: 0 };
  /** A replayed game must read exactly its own answers: one more or fewer and the replay is out of step. */
  const inStep = (i) => {
    if (replaying && cursor.at !== starts[i + 1]) throw new Error(`engine-split: game ${i} read ${cursor.at - starts[i]} of its ${starts[i + 1] - starts[i]} recorded answers: the replay is out of step`);
  };
  for (let i = 0; i < warm; i++) {
    if (replaying) cursor.at = starts[i];
    playGame(c, 'bench', i, policies);
    inStep(i);
  }
  // Only the games are timed: their outcomes are hashed afterwards.
  const outcomes = [];
  const session = profile ? new Session() : null;
  if (session) {
    // The callback API answers at once on this thread: the games below run outside the inspector's dispatch.
    session.connect();
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: 50 });
    session.post('Profiler.start');
  }
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    if (replaying) cursor.at = starts[i];
    outcomes.push(playGame(c, 'bench', i, policies).outcome);
    inStep(i);
  }
  const micros = ((performance.now() - t0) * 1000) / games;
  if (session) session.post('Profiler.stop', (err, r) => writeFileSync(profile, JSON.stringify(err ? {} : r.profile)));
  const sig = new Signature();
  for (const o of outcomes) sig.add(o);
  parentPort.postMessage({ micros, signature: sig.hex() });
}


if (isMainThread) {
  await main().catch((e) => {
    process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
    process.exit(1);
  });
} else worker();
