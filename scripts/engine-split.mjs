// Where a game's time goes: the engine against the players. Every answer the players give in the
// bench's games is recorded, then the same games are replayed by players that only read their answers
// back: the same decisions give the same games (the signatures must agree), so the replay's time is
// the engine's own (plus a few ns per answer read). Real and replayed games run in fresh worker
// threads, one at a time, so neither inherits the other's inline caches. Compiled dist/ is used.
// Usage: node scripts/engine-split.mjs [GAMES=6000] [POLICY=competent] [PASSES=3]
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { playGame } from '../dist/src/legions/game.js';
import { defaultParams } from '../dist/src/legions/params.js';
import { defaultBoard } from '../dist/src/legions/board.js';
import { noVariants } from '../dist/src/legions/variants.js';
import { parsePolicies } from '../dist/policies/index.js';
import { Signature } from '../dist/src/sim/signature.js';

/** Every decision method of the Policy interface (src/legions/policy.ts). */
const METHODS = [
  'beginTurn', 'claimIncome', 'doubleLandCommission', 'donation', 'transfer', 'attend', 'consulPlaysFirst', 'neutralBid',
  'attractTarget', 'attractRaise', 'knightSpend', 'knightDonations', 'games', 'propose', 'tableNext', 'useTribune',
  'ownLegion', 'coSponsor', 'veto', 'vote', 'buyVotes', 'tieBreak', 'proposeBill', 'closeDebate', 'objectToRuling',
  'penalize', 'consent', 'repopulationPick', 'stepDown', 'chooseLosses', 'claimSpoils', 'payRansom', 'assassinTarget',
  'assassin', 'hireAssassins', 'bodyguards',
];
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
    const o = { name: p.name, neverProposes: p.neverProposes, init: (me, rng) => p.init(me, rng) };
    for (const k of METHODS) {
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
  constructor(name, neverProposes, tape) {
    this.name = name;
    this.neverProposes = neverProposes;
    this.tape = tape;
  }
  init() {}
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

/** Players that answer from the tape; policies.cursor is the shared reader. */
function replayers(real, numbers, booleans) {
  const proto = Replayer.prototype;
  for (const k of METHODS) {
    if (k === 'beginTurn' || k === 'propose' || k === 'init') continue;
    proto[k] = booleans.has(k) ? proto.bool : proto.num;
  }
  const tape = new Tape(numbers);
  const seats = real.map((p) => new Replayer(p.name, p.neverProposes, tape));
  seats.cursor = tape;
  return seats;
}

async function main() {
  const games = Number(process.argv[2] ?? 6000);
  const policy = process.argv[3] ?? 'competent';
  const passes = Number(process.argv[4] ?? 3);
  if (!Number.isInteger(games) || games < 1 || !Number.isInteger(passes) || passes < 1) {
    process.stderr.write('engine-split: GAMES and PASSES must be positive whole numbers\n');
    process.exit(2);
  }
  const { tape, starts, booleans } = record(games, policy);
  const run = (mode) => new Promise((resolveRun, reject) => {
    const w = new Worker(new URL(import.meta.url), { workerData: { mode, games, policy, tape, starts, booleans } });
    w.once('message', resolveRun);
    w.once('error', reject);
  });
  process.stdout.write(`${games} games of ${policy}, ${(tape.length / games).toFixed(0)} recorded numbers a game\n`);
  const real = [];
  const engine = [];
  for (let p = 0; p < passes; p++) {
    const r = await run('real');
    const e = await run('replay');
    if (r.signature !== e.signature) throw new Error(`the replay played other games (${r.signature} against ${e.signature})`);
    real.push(r.micros);
    engine.push(e.micros);
    process.stdout.write(`pass ${p + 1}: with players ${r.micros.toFixed(1)} us/game, engine alone ${e.micros.toFixed(1)} us/game (signature ${r.signature})\n`);
  }
  const best = (xs) => Math.min(...xs);
  const share = best(engine) / best(real);
  process.stdout.write(`best: with players ${best(real).toFixed(1)} us/game, engine alone ${best(engine).toFixed(1)} (${(100 * share).toFixed(0)} %), players ${(best(real) - best(engine)).toFixed(1)} (${(100 * (1 - share)).toFixed(0)} %)\n`);
}

/** A worker: one timed run of the games, real or replayed. */
function worker() {
  const { mode, games, policy, tape, starts, booleans } = workerData;
  const policies = mode === 'real' ? parsePolicies(policy, 5) : replayers(parsePolicies(policy, 5), tape, new Set(booleans));
  const c = cfg();
  // Warm-up on the first games, then the timed run over all of them.
  const warm = Math.min(games, 1000);
  const cursor = policies.cursor ?? { at: 0 };
  for (let i = 0; i < warm; i++) {
    cursor.at = starts[i];
    playGame(c, 'bench', i, policies);
  }
  // Only the games are timed: their outcomes are hashed afterwards.
  const outcomes = [];
  const t0 = performance.now();
  for (let i = 0; i < games; i++) {
    cursor.at = starts[i];
    outcomes.push(playGame(c, 'bench', i, policies).outcome);
  }
  const micros = ((performance.now() - t0) * 1000) / games;
  const sig = new Signature();
  for (const o of outcomes) sig.add(o);
  parentPort.postMessage({ micros, signature: sig.hex() });
}


if (isMainThread) await main();
else worker();
