// legions bench: a fixed seeded workload (5 players, a field — competent by default — seed "bench"),
// played once on the main thread and once on the worker pool; prints games/s for each, the scaling
// ratio and the signature of all outcome records in game order, which must not depend on the threads.
// Beside them: the random-number floor (the workload's seedings and draws with no game logic), the
// allocation and GC time per game on the main thread, and the rollout policy's cost per decision.
import { cpus } from 'node:os';
import { GCProfiler } from 'node:v8';
import type { CommandModule } from 'yargs';
import { makePolicy, parsePolicies } from '../../policies/index.js';
import { checkFieldSeats, DEFAULT_FIELD, FIELD_NAMES, loadField } from '../../policies/fields.js';
import { RolloutPolicy } from '../../policies/rollout.js';
import { gameSeed, type Stream, Tychei, type TycheiState, uniformInt } from '../core/rng.js';
import { seatLineups } from '../sim/seats.js';
import { game as legionsGame } from '../games/legions/definition.js';
import { defaultBoard } from '../legions/board.js';
import { type GameConfig, playGame, playOn, playOutcome, startGame } from '../legions/game.js';
import { defaultParams, InputError } from '../legions/params.js';
import { makeStreams, type Streams } from '../legions/state.js';
import { noVariants } from '../legions/variants.js';
import { defaultThreads, runPool } from '../sim/runner.js';
import { Signature } from '../sim/signature.js';
import { intInRange, MAX_GAMES, threadsInRange } from './args.js';

export const BENCH_SEED = 'bench';
/** The rollout workload's seed: games of one rollout seat (rotating) among the field's policies. */
export const ROLLOUT_BENCH_SEED = 'bench/rollout';

export interface BenchResult {
  games: number;
  seconds: number;
  gamesPerSecond: number;
  signature: string;
}

/** The main-thread run with what it allocated: bytes per game and GC time (V8's GC profiler). */
export interface SingleBenchResult extends BenchResult {
  allocBytesPerGame: number;
  gcMsPerGame: number;
}

/** The random-number floor: the workload's seedings and draws alone (see rngFloor). */
export interface RngFloor {
  /** Random numbers drawn per game (int32 draws, rejections included), measured on the first games. */
  drawsPerGame: number;
  /** Streams made per game (each from the game's seed and its name; a stream is mixed in at its first draw). */
  streamsPerGame: number;
  /** Streams drawn from in a game (those whose seeding the game pays), on average over the first games. */
  streamsDrawnPerGame: number;
  /** The median pass's time (the floor is timed `passes` times). */
  seconds: number;
  /** Microseconds per game, of the median pass. */
  microsPerGame: number;
  passes: number;
  /** The fastest and slowest pass, microseconds per game. */
  microsPerGameRange: [number, number];
}

export interface RolloutBench {
  /** The rollout seat's policy (rollout, rollout:classic, ...). */
  policy: string;
  games: number;
  decisions: number;
  msPerDecision: number;
  /** Playouts per decision: the cost in games' tails, independent of the machine. */
  playoutsPerDecision: number;
}

/** A pool run's rates: over the whole run, and once its workers are warm (see warmRate). */
export interface PoolBenchResult extends BenchResult {
  warm: WarmRate;
}

/** The worker figures over the whole runs: worker start-up and V8's compilation included. */
export interface WithStartUp {
  gamesPerSecond1: number;
  gamesPerSecondAll: number;
  scaling: number;
}

/** Every figure of a bench run. Its `seconds` are the timed run's on all threads, start-up included; its `gamesPerSecond` is gamesPerSecondAll (warm). */
export interface ParallelBenchResult extends BenchResult {
  threads: number;
  single: SingleBenchResult;
  /** Games/s on all threads over games/s on one worker thread, both once warm (the same path). */
  scaling: number;
  /**
   * Games/s on one worker thread and on all threads (gamesPerSecond) once the workers are warm, per
   * pool thread, and on the main thread (single, also warm).
   */
  gamesPerSecond1: number;
  gamesPerSecondMain: number;
  gamesPerSecondAll: number;
  gamesPerSecondPerThread: number;
  /** The same runs timed whole, start-up included: what a run of only `games` games would see. */
  withStartUp: WithStartUp;
  /** The games the warm rates count, on one worker and on all threads (0: too short to tell; the figure is then the whole run's). */
  warmGames1: number;
  warmGamesAll: number;
  rngFloor: RngFloor;
  /** A game's time on the main thread over its random-number floor. */
  rngFloorRatio: number;
  allocBytesPerGame: number;
  gcMsPerGame: number;
  rollout: RolloutBench | null;
  rolloutMsPerDecision: number | null;
  /** What ran it: speed figures mean little without the machine (the README states them with it). */
  machine: Machine;
}

/** The processor as the operating system names it, its cores, their nominal clock, and Node's version. */
export interface Machine {
  cpu: string;
  cores: number;
  mhz: number;
  node: string;
}

export function machine(): Machine {
  const c = cpus();
  return { cpu: c.length > 0 ? c[0]!.model.trim() : 'unknown', cores: c.length, mhz: c.length > 0 ? c[0]!.speed : 0, node: process.version };
}

function benchConfig(): GameConfig {
  return { players: 5, params: defaultParams(), board: defaultBoard(), variants: noVariants() };
}

/** The bench's players: a field's policies for 5 seats and its rotation. */
export interface BenchField {
  policies: string[];
  rotation: 'none' | 'latin';
}

export function benchField(name: string = DEFAULT_FIELD): BenchField {
  const f = loadField(name);
  checkFieldSeats(f, 5);
  const policies = f.policies.length === 1 ? Array<string>(5).fill(f.policies[0]!) : [...f.policies];
  return { policies, rotation: f.policies.length === 1 ? 'none' : f.seatRotation };
}

function seatedLineups(field: BenchField) {
  const lineups = seatLineups(5, field.rotation);
  return lineups.map((l) => parsePolicies(l.map((k) => field.policies[k]!).join(','), 5));
}

/** Games played before the main thread's timed run, so that it times compiled code (at most the run's own count). */
const MAIN_WARM_UP = 1000;

/**
 * The signature's workload on the main thread: its definition (Signature over game index order).
 * After a warm-up of the first games, each game is timed on its own: `seconds` is the games' time,
 * not the hashing of their outcomes for the signature (the harness's work, about 3 % of a game).
 * The allocation and GC figures span the whole loop, that hashing included (a JSON string a game).
 */
export function runBench(games: number, field: BenchField = benchField()): SingleBenchResult {
  const cfg = benchConfig();
  const seated = seatedLineups(field);
  // As simulate's workers play them: each game in the state the last one left (playOutcome).
  for (let i = 0; i < Math.min(games, MAIN_WARM_UP); i++) playOutcome(cfg, BENCH_SEED, i, seated[i % seated.length]!);
  const sig = new Signature();
  const gc = new GCProfiler();
  const heap0 = process.memoryUsage().heapUsed;
  gc.start();
  let millis = 0;
  for (let i = 0; i < games; i++) {
    const t0 = performance.now();
    const o = playOutcome(cfg, BENCH_SEED, i, seated[i % seated.length]!);
    millis += performance.now() - t0;
    sig.add(o);
  }
  const seconds = millis / 1000;
  const heap1 = process.memoryUsage().heapUsed;
  const profile = gc.stop();
  // Allocated = what each collection found in use beyond what the previous one left, plus the growth since the last.
  let allocated = 0;
  let gcMicros = 0;
  let after = heap0;
  for (const s of profile.statistics) {
    allocated += Math.max(0, s.beforeGC.heapStatistics.usedHeapSize - after);
    after = s.afterGC.heapStatistics.usedHeapSize;
    gcMicros += s.cost;
  }
  allocated += Math.max(0, heap1 - after);
  return {
    games, seconds, gamesPerSecond: games / seconds, signature: sig.hex(),
    allocBytesPerGame: allocated / games, gcMsPerGame: gcMicros / 1000 / games,
  };
}

/** Draws a stream made between two of its states (each draw is one step of the generator). */
function stepsBetween(from: TycheiState, to: TycheiState): number {
  const t = new Tychei(from);
  for (let k = 0; k < 1e7; k++) {
    if (t.a === to.a && t.b === to.b && t.c === to.c && t.d === to.d) return k;
    t.int32();
  }
  throw new Error('bench: a stream advanced more than 10^7 draws in one game');
}

/** The names of a game's streams other than the policies'. */
const streamNames = (s: Streams): (keyof Omit<Streams, 'policy'>)[] => Object.keys(s).filter((k) => k !== 'policy') as (keyof Omit<Streams, 'policy'>)[];

/** How many times the floor is timed (the median pass is kept). */
const FLOOR_PASSES = 5;

/** Every stream of a game, the policies' included (the named ones first, in streamNames' order). */
const allStreams = (s: Streams): Stream[] => [...streamNames(s).map((k) => s[k]), ...s.policy];

/**
 * The random-number floor of the workload: per game, its seed and streams as a game makes them and
 * as many draws (uniform integers) as a game makes on average, measured on the first `sample` games
 * of the workload; no game logic. The draws are spread over the streams the sample drew from, so the
 * floor pays the seeding of each stream a game seeds (a stream is mixed in at its first draw). Timed
 * FLOOR_PASSES times over the `games` games; the median pass is the floor.
 */
export function rngFloor(games: number, field: BenchField = benchField(), sample = 200): RngFloor {
  const cfg = benchConfig();
  const seated = seatedLineups(field);
  const n = Math.min(games, sample);
  let draws = 0;
  let drawnFrom = 0;
  let streamsPerGame = 0;
  const used = new Set<number>(); // indices (in allStreams order) of the streams some sample game drew from
  for (let i = 0; i < n; i++) {
    const pols = seated[i % seated.length]!;
    const g = startGame(cfg, gameSeed(BENCH_SEED, i), pols);
    const streams = allStreams(g.rng);
    const start = streams.map((x) => x.state());
    streamsPerGame = streams.length;
    playOn(g, pols);
    streams.forEach((x, k) => {
      const steps = stepsBetween(start[k]!, x.state());
      draws += steps;
      if (steps > 0) {
        drawnFrom++;
        used.add(k);
      }
    });
  }
  const drawsPerGame = draws / n;
  const streamsDrawnPerGame = drawnFrom / n;
  // The streams drawn from, as their names in Streams (allStreams' order: the named ones, then the policies').
  const named = streamNames(makeStreams('', 5));
  const order = [...used].sort((a, b) => a - b);
  const usedNames = order.filter((k) => k < named.length).map((k) => named[k]!);
  const usedPolicies = order.filter((k) => k >= named.length).map((k) => k - named.length);
  const seeds = Math.min(Math.round(streamsDrawnPerGame), order.length);
  // The floor is short (some 0.06 s for 20,000 games) and one pass moved by 8 % run to run: it is timed
  // FLOOR_PASSES times and the median pass kept, as a game's time is the sum over many games.
  const passes: number[] = [];
  let sink = 0;
  for (let pass = 0; pass < FLOOR_PASSES; pass++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < games; i++) {
      const s = makeStreams(gameSeed(BENCH_SEED, i), 5);
      const d = Math.floor((i + 1) * drawsPerGame) - Math.floor(i * drawsPerGame); // the mean, spread over the games
      // The first draws go one to each stream a game draws from (seeding it), the rest to s.cards.
      let k = 0;
      for (let j = 0; j < usedNames.length && k < seeds && k < d; j++, k++) sink += uniformInt(s[usedNames[j]!], 10);
      for (let j = 0; j < usedPolicies.length && k < seeds && k < d; j++, k++) sink += uniformInt(s.policy[usedPolicies[j]!]!, 10);
      for (; k < d; k++) sink += uniformInt(s.cards, 10);
    }
    passes.push(Number(process.hrtime.bigint() - t0) / 1e9);
  }
  if (sink < 0) throw new Error('unreachable');
  passes.sort((a, b) => a - b);
  const seconds = passes[(FLOOR_PASSES - 1) >> 1]!;
  const perGame = (t: number): number => (t * 1e6) / games;
  return {
    drawsPerGame, streamsPerGame, streamsDrawnPerGame, seconds, microsPerGame: perGame(seconds),
    passes: FLOOR_PASSES, microsPerGameRange: [perGame(passes[0]!), perGame(passes[FLOOR_PASSES - 1]!)],
  };
}

/** The rollout policy's cost: `games` games with one rollout seat (rotating) among the field's policies. */
/** Refuses a name that is not a rollout policy's (before any game is played). */
function checkRolloutPolicy(name: string): void {
  if (!(makePolicy(name) instanceof RolloutPolicy)) throw new InputError(`--rollout-policy must be a rollout policy (rollout, rollout:classic, rollout:race:..., rollout:N), got ${name}`);
}

export function rolloutBench(games: number, field: BenchField = benchField(), policy = 'rollout'): RolloutBench {
  checkRolloutPolicy(policy);
  const cfg = benchConfig();
  let ms = 0;
  let decisions = 0;
  let playouts = 0;
  for (let i = 0; i < games; i++) {
    const seat = i % 5;
    const names = field.policies.map((p, s) => (s === seat ? policy : p));
    const pols = parsePolicies(names.join(','), 5);
    playGame(cfg, ROLLOUT_BENCH_SEED, i, pols);
    const r = pols[seat] as RolloutPolicy;
    ms += r.millis;
    decisions += r.decisions;
    playouts += r.playouts;
  }
  return { policy, games, decisions, msPerDecision: decisions ? ms / decisions : 0, playoutsPerDecision: decisions ? playouts / decisions : 0 };
}

/** A worker's games played before its rate counts as warm (see warmRate). */
const WARM_GAMES_PER_THREAD = 2000;

/** One finished batch as the bench times it: its games, and when a worker started and finished it (ms, one clock for all threads). */
export interface BatchTiming {
  games: number;
  startedAt: number;
  endedAt: number;
}

/** A rate once warm, and the games it counts (0: the run was too short to tell, and the rate is the whole run's). */
export interface WarmRate {
  gamesPerSecond: number;
  games: number;
}

/**
 * Games/s once the workers are warm. A worker's first games pay for starting it and for V8 compiling
 * the hot code: measured here, a 20,000-game run on two threads plays its first 4,000 games at under
 * half its later rate, and they take half of its time. The warm window opens when the first quarter
 * of the games, or 2,000 games a thread if fewer, have finished, and closes when the last batch does.
 * Each batch counts for the share of its playing time inside the window, so the batches the other
 * threads have under way when it opens count only in part. A window holding under a quarter of the
 * games is too short to tell: the whole run's `wholeRate` is given, with games 0.
 */
export function warmRate(batches: readonly BatchTiming[], games: number, threads: number, wholeRate: number): WarmRate {
  const tooShort = { gamesPerSecond: wholeRate, games: 0 };
  const byEnd = [...batches].sort((a, b) => a.endedAt - b.endedAt);
  const warmUp = Math.min(games / 4, WARM_GAMES_PER_THREAD * threads);
  let finished = 0;
  let open = NaN;
  for (const b of byEnd) {
    finished += b.games;
    if (finished >= warmUp) {
      open = b.endedAt;
      break;
    }
  }
  const close = byEnd.length ? byEnd[byEnd.length - 1]!.endedAt : NaN;
  if (!(close > open)) return tooShort;
  let counted = 0;
  for (const b of byEnd) {
    const inside = Math.min(b.endedAt, close) - Math.max(b.startedAt, open);
    if (inside > 0) counted += (b.games * inside) / (b.endedAt - b.startedAt);
  }
  return counted < games / 4 ? tooShort : { gamesPerSecond: counted / ((close - open) / 1000), games: counted };
}

/**
 * The same workload on the worker pool. With `hash` the workers send every outcome record and the main
 * thread hashes them in game order (the signature); without it they return only their counts, as
 * `simulate` does, so the timing is not that of a main thread busy hashing (signature: '').
 */
export async function runPoolBench(games: number, threads: number, field: BenchField = benchField(), hash = true): Promise<PoolBenchResult> {
  const cfg = benchConfig();
  const sig = new Signature();
  const spec = { game: legionsGame, cfg, policies: field.policies, rotation: field.rotation, seed: BENCH_SEED, games, start: 0, end: games, shard: null };
  const timings: BatchTiming[] = [];
  const r = await runPool(spec, { threads, outcomes: hash }, {
    onBatch: (b) => {
      if (hash) for (const o of b.outcomes!) sig.addJSON(o);
      timings.push({ games: b.end - b.start, startedAt: b.startedAt, endedAt: b.endedAt });
    },
  });
  const gamesPerSecond = games / r.seconds;
  return { games, seconds: r.seconds, gamesPerSecond, warm: warmRate(timings, games, threads, gamesPerSecond), signature: hash ? sig.hex() : '' };
}

/** Every figure of one bench run (the order of the runs: main thread, floor, rollouts, pool timings, pool signature). */
export async function fullBench(games: number, threads: number, rolloutGames: number, field: BenchField = benchField(),
  rolloutPolicy = 'rollout'): Promise<ParallelBenchResult> {
  const single = runBench(games, field);
  const floor = rngFloor(games, field);
  const rollout = rolloutGames > 0 ? rolloutBench(rolloutGames, field, rolloutPolicy) : null;
  // Timed as simulate runs (counts only): one worker, then all of them, so the scaling compares the same
  // path; then once more on all threads with every outcome hashed, for the signature.
  const one = await runPoolBench(games, 1, field, false);
  const timed = threads === 1 ? one : await runPoolBench(games, threads, field, false);
  const signature = (await runPoolBench(games, threads, field, true)).signature;
  const all = timed.warm.gamesPerSecond;
  return {
    games, seconds: timed.seconds, gamesPerSecond: all, signature, threads, single, scaling: all / one.warm.gamesPerSecond,
    gamesPerSecond1: one.warm.gamesPerSecond, gamesPerSecondAll: all, gamesPerSecondPerThread: all / threads,
    withStartUp: { gamesPerSecond1: one.gamesPerSecond, gamesPerSecondAll: timed.gamesPerSecond, scaling: timed.gamesPerSecond / one.gamesPerSecond },
    warmGames1: one.warm.games, warmGamesAll: timed.warm.games,
    gamesPerSecondMain: single.gamesPerSecond,
    rngFloor: floor, rngFloorRatio: single.seconds / floor.seconds,
    allocBytesPerGame: single.allocBytesPerGame, gcMsPerGame: single.gcMsPerGame,
    rollout, rolloutMsPerDecision: rollout ? rollout.msPerDecision : null,
    machine: machine(),
  };
}

const f0 = (x: number): string => x.toFixed(0).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** How a worker figure was timed: once warm, or (a run too short to tell) over the whole run. */
const warmth = (warmGames: number): string => (warmGames > 0 ? 'warm' : 'whole run: too short to time warm');

export function benchText(r: ParallelBenchResult): string {
  const fl = r.rngFloor;
  const mc = r.machine;
  return `machine ${mc.cpu}, ${mc.cores} cores${mc.mhz > 0 ? ` at ${mc.mhz} MHz` : ''}, Node ${mc.node}\n` +
    `games ${r.games}\n` +
    `games/s 1 thread ${f0(r.gamesPerSecond1)} (worker, ${warmth(r.warmGames1)}; ${f0(r.withStartUp.gamesPerSecond1)} with start-up; ${f0(r.gamesPerSecondMain)} on the main thread, warm, games alone)\n` +
    `games/s ${r.threads} threads ${f0(r.gamesPerSecondAll)} (${warmth(r.warmGamesAll)}, ${f0(r.gamesPerSecondPerThread)} per thread; ${f0(r.withStartUp.gamesPerSecondAll)} with start-up)\n` +
    `scaling ${r.scaling.toFixed(2)}x (${r.warmGames1 && r.warmGamesAll ? 'warm' : 'not all warm'}; ${r.withStartUp.scaling.toFixed(2)}x with start-up)\n` +
    `random-number floor ${fl.microsPerGame.toFixed(2)} us/game (median of ${fl.passes} passes, ${fl.microsPerGameRange[0].toFixed(2)}-${fl.microsPerGameRange[1].toFixed(2)}; ${fl.streamsPerGame} streams, ${fl.streamsDrawnPerGame.toFixed(1)} drawn from, ${fl.drawsPerGame.toFixed(0)} draws); a game costs ${r.rngFloorRatio.toFixed(0)}x its floor\n` +
    `allocation ${(r.allocBytesPerGame / 1024).toFixed(1)} KiB/game, GC ${(1000 * r.gcMsPerGame).toFixed(1)} us/game (1 thread)\n` +
    (r.rollout ? `rollout ${r.rollout.msPerDecision.toFixed(2)} ms/decision (${r.rollout.decisions} decisions in ${r.rollout.games} games)\n` : '') +
    `signature ${r.single.signature}\n`;
}

export const benchCommand: CommandModule<object, { games: number; threads?: number; json: boolean; field: string; 'rollout-games': number; 'rollout-policy': string }> = {
  command: 'bench',
  describe: 'Throughput of 5-player games of a field on 1 thread and on all threads, the random-number floor, allocation, rollout cost and the outcome signature',
  builder: (y) =>
    y.option('games', { type: 'number', default: 20000, describe: `Games to play (each way), 1..${MAX_GAMES}` })
      .option('field', { type: 'string', default: DEFAULT_FIELD, describe: `The players: ${FIELD_NAMES.join(', ')}, or a field FILE.json` })
      .option('threads', { type: 'number', describe: 'Worker threads for the parallel run (default: the machine\'s cores)' })
      .option('rollout-games', { type: 'number', default: 24, describe: 'Games with one rollout seat for the rollout cost per decision, 0..1000 (0: skip; fewer measure mostly the warm-up)' })
      .option('rollout-policy', { type: 'string', default: 'rollout', describe: 'The rollout seat\'s policy: rollout, rollout:classic, rollout:race:..., rollout:N' })
      .option('json', { type: 'boolean', default: false, describe: 'Print the result as one JSON object' }) as never,
  handler: async (a) => {
    intInRange('--games', a.games, 1, MAX_GAMES);
    intInRange('--rollout-games', a['rollout-games'], 0, 1000);
    threadsInRange(a.threads);
    checkRolloutPolicy(a['rollout-policy']);
    const threads = a.threads ?? defaultThreads();
    const field = benchField(a.field);
    const r = await fullBench(a.games, threads, a['rollout-games'], field, a['rollout-policy']);
    if (a.json) process.stdout.write(JSON.stringify(r) + '\n');
    else process.stdout.write(benchText(r));
    const fullWarmUp = 4 * WARM_GAMES_PER_THREAD * threads; // (the warm-up is a quarter of the run at most)
    if (a.games < fullWarmUp && !a.json) {
      process.stdout.write(`note: ${a.games} games is a short run for ${threads} thread${threads === 1 ? '' : 's'}: a worker's JIT warm-up takes about ` +
        `${f0(WARM_GAMES_PER_THREAD)} games, and the warm figures start after the first quarter of the run (use ${f0(fullWarmUp)} games or more)\n`);
    }
    if (r.signature !== r.single.signature) {
      throw new InputError(`bench: the signature on ${threads} threads (${r.signature}) differs from the single-thread one (${r.single.signature})`);
    }
  },
};
