// The rollout policy: at turn boundaries it simulates the rest of the game from a clone of the state
// under candidate postures and plays on with the posture of best expected outcome (win share plus a
// survival term). The postures (four from the statesman to the ruthless, and the competent player)
// differ exactly in the decisions that matter most: legions raised and sent and their commanders, Land
// Acts, prosecutions and poaching, bids and vote buying. The default is a sticky race (keep the
// posture unless a challenger wins a paired test); `rollout:classic` tries every posture every turn.
import { type Stream, uniformInt } from '../src/core/rng.js';
import { initPolicies, playOn } from '../src/legions/game.js';
import { hideFuture } from '../src/legions/hidden.js';
import type { Motion } from '../src/legions/motion.js';
import { type GameView, type Policy, popcount, winnersOf } from '../src/legions/policy.js';
import { setupGame } from '../src/legions/setup.js';
import { copyState, type GameState } from '../src/legions/state.js';
import { OPPORTUNIST, ParametricPolicy, STATESMAN, type Weights } from './parametric.js';
import { competentWeightsPath, loadWeights } from './weights.js';

/** The candidate postures, from the Republic's man to the ruthless. */
export const POSTURES: readonly { name: string; w: Weights }[] = [
  { name: 'republic', w: { ...STATESMAN, warMargin: 4, landActRI: 1 } },
  { name: 'statesman', w: STATESMAN },
  { name: 'ambitious', w: { ...OPPORTUNIST, cooperateRI: 5, civic: 1, bidShare: 0.45 } },
  { name: 'ruthless', w: OPPORTUNIST },
  // The competent player's own play: without it every posture loses the bids to a competent field.
  { name: 'competent', w: loadWeights(competentWeightsPath()) },
];

/** Index of the competent posture: the field's own play, where the sticky race starts. */
export const COMPETENT_POSTURE = POSTURES.findIndex((p) => p.name === 'competent');

/**
 * The sticky race: the current posture (the incumbent) is kept unless a challenger beats it on common
 * random numbers. A screen plays every candidate in the same few futures; only a challenger ahead there
 * is confirmed, with the incumbent, in fresh futures, and it takes over when its mean gain there (an
 * unbiased estimate: the screen's futures are not reused) exceeds the margin.
 */
export interface RaceOptions {
  /** The postures in the race (indices into POSTURES); the first is played until a challenger wins. */
  candidates: readonly number[];
  /** Search at the start of every `every`-th turn (turns every-1, 2*every-1, ...); keep the posture between. */
  every: number;
  /** Futures per candidate in the screen. */
  screen: number;
  /** Fresh futures for the incumbent and the screen's best challenger. */
  confirm: number;
  /** Mean gain per playout (win share + survival term) a challenger needs in the confirmation. */
  margin: number;
}

export interface RolloutOptions {
  /** Classic allocation: rollouts per posture per turn (the budget; deterministic). */
  rollouts: number;
  /**
   * Common random numbers: every posture is played out in the same hidden futures (the same seeds),
   * so the postures are compared on equal terms; otherwise each playout draws its own future.
   */
  common: boolean;
  /** Weight of the Republic's survival beside the win share. */
  survivalWeight: number;
  /** The sticky race instead of the classic allocation (null: every posture, every turn). */
  race: RaceOptions | null;
}

/**
 * Measured on 447 positions of competent games (40 paired playouts per posture): only the republic and
 * ambitious postures ever beat the competent one by a margin, and no allocation gained measurably over
 * staying competent, so the race spends little and rarely switches (switching itself costs senators).
 */
export const DEFAULT_RACE: RaceOptions = { candidates: [COMPETENT_POSTURE, 0, 2], every: 2, screen: 1, confirm: 6, margin: 0.2 };

/** The default: the sticky race. */
export const DEFAULT_ROLLOUT: RolloutOptions = { rollouts: 4, common: true, survivalWeight: 0.5, race: DEFAULT_RACE };

/** The policy before the race (`rollout:classic`): four independent playouts of every posture, every turn. */
export const CLASSIC_ROLLOUT: RolloutOptions = { rollouts: 4, common: false, survivalWeight: 0.5, race: null };

/**
 * A state for playouts to be copied over, made by setupGame like every real game's state (not by
 * cloneState's spread), so the engine sees one object shape and its optimised code is not thrown away
 * and rebuilt polymorphic when the first playouts run.
 */
function scratchState(g: GameState): GameState {
  return setupGame({ players: g.players, params: g.params, board: g.board, variants: g.variants }, 'rollout/scratch', false);
}

/** Makes the policy a seat plays in the rollouts (the real game's other policies, by name). */
export type SeatFactory = (seat: number) => Policy;

export class RolloutPolicy implements Policy {
  readonly name: string;
  private rng!: Stream;
  private current: ParametricPolicy;
  private currentIndex: number;
  private readonly delegates = POSTURES.map((p) => new ParametricPolicy(p.name, p.w));
  private seats: SeatFactory | null = null;
  /** Playout scratch: the state every playout is copied into, and the seats' policies (for seat seatsFor). */
  private scratch: GameState | null = null;
  /** The race's hidden future, made once and copied into the scratch for every candidate played in it. */
  private future: GameState | null = null;
  private others: Policy[] = [];
  private seatsFor = -1;
  private readonly seedList: string[] = [];
  private readonly screenGains: number[] = POSTURES.map(() => 0);
  /** Measured cost: posture choices made (one a turn), playouts run and milliseconds spent choosing. */
  decisions = 0;
  playouts = 0;
  millis = 0;
  chosen: number[] = [];

  constructor(readonly opts: RolloutOptions = DEFAULT_ROLLOUT, name?: string) {
    this.name = name ?? (opts === DEFAULT_ROLLOUT ? 'rollout' : opts === CLASSIC_ROLLOUT ? 'rollout:classic' : `rollout:${opts.rollouts}`);
    this.currentIndex = this.startPosture();
    this.current = this.delegates[this.currentIndex]!;
  }

  /** The race starts from its first candidate; the classic policy from the statesman (it chooses every turn anyway). */
  private startPosture(): number {
    return this.opts.race ? this.opts.race.candidates[0]! : 1;
  }

  /** The other seats' policies for the rollouts (set by the registry once all seats are known). */
  setSeats(f: SeatFactory): void {
    this.seats = f;
    this.seatsFor = -1;
  }

  init(_me: number, rng: Stream): void {
    this.rng = rng;
    this.currentIndex = this.startPosture();
    this.current = this.delegates[this.currentIndex]!;
    this.chosen = [];
  }

  beginTurn(g: GameView, me: number): void {
    const t0 = performance.now();
    const race = this.opts.race;
    let k = this.currentIndex;
    if (race === null) k = this.choosePosture(g as GameState, me);
    else if (g.turn % race.every === race.every - 1) k = this.racePosture(g as GameState, me, race);
    this.currentIndex = k;
    this.current = this.delegates[k]!;
    this.chosen.push(k);
    this.decisions++;
    this.millis += performance.now() - t0;
  }

  /**
   * The other seats' policies in playouts, made once per seat and re-initialised by every playout
   * (a policy's init starts its game afresh).
   */
  private playoutSeats(players: number, me: number): Policy[] {
    if (this.seatsFor !== me || this.others.length !== players) {
      this.others = [];
      for (let f = 0; f < players; f++) this.others.push(this.seats ? this.seats(f) : new ParametricPolicy('statesman', STATESMAN));
      this.seatsFor = me;
    }
    return this.others;
  }

  /** Classic: expected value of each posture over `rollouts` honest simulations of the rest of the game. */
  choosePosture(g: GameState, me: number): number {
    let best = 0;
    let bestValue = -Infinity;
    const seeds = this.seedList;
    if (this.opts.common) for (let r = 0; r < this.opts.rollouts; r++) seeds[r] = this.drawSeed();
    for (let k = 0; k < this.delegates.length; k++) {
      let value = 0;
      for (let r = 0; r < this.opts.rollouts; r++) {
        const seed = this.opts.common ? seeds[r]! : this.drawSeed();
        value += this.simulate(g, me, k, seed);
      }
      if (value > bestValue) {
        bestValue = value;
        best = k;
      }
    }
    return best;
  }

  /**
   * The sticky race from the current posture: screen every challenger against it in the same futures,
   * then confirm the best one, if ahead, in fresh futures; it takes over only by more than the margin.
   */
  racePosture(g: GameState, me: number, race: RaceOptions): number {
    const incumbent = this.currentIndex;
    const gains = this.screenGains.fill(0);
    for (let r = 0; r < race.screen; r++) {
      this.makeFuture(g, me, this.drawSeed());
      const base = this.playFuture(me, incumbent);
      for (const k of race.candidates) if (k !== incumbent) gains[k] += this.playFuture(me, k) - base;
    }
    let best = -1;
    let bestGain = 0;
    for (const k of race.candidates) {
      if (k !== incumbent && gains[k]! > bestGain) {
        bestGain = gains[k]!;
        best = k;
      }
    }
    if (best < 0) return incumbent;
    let gain = 0;
    for (let r = 0; r < race.confirm; r++) {
      this.makeFuture(g, me, this.drawSeed());
      gain += this.playFuture(me, best);
      gain -= this.playFuture(me, incumbent);
    }
    return race.confirm > 0 && gain / race.confirm > race.margin ? best : incumbent;
  }

  private drawSeed(): string {
    return `rollout/${uniformInt(this.rng, 0x7fffffff)}`;
  }

  /** The hidden future of `seed` seen by `me`, kept in this.future for the candidates to be played in. */
  private makeFuture(g: GameState, me: number, seed: string): void {
    let f = this.future;
    if (f === null || f.players !== g.players) f = this.future = scratchState(g);
    copyState(f, g);
    f.trace = null;
    hideFuture(f, me, seed);
  }

  /** One playout of posture k from the current future (copied over the scratch, not cloned: no garbage). */
  private playFuture(me: number, k: number): number {
    const f = this.future!;
    let clone = this.scratch;
    if (clone === null || clone.players !== f.players) clone = this.scratch = scratchState(f);
    copyState(clone, f);
    return this.playOut(clone, me, k);
  }

  private simulate(g: GameState, me: number, k: number, seed: string): number {
    // One scratch state for every playout (copied over, not cloned: no garbage per playout).
    let clone = this.scratch;
    if (clone === null || clone.players !== g.players) clone = this.scratch = scratchState(g);
    copyState(clone, g);
    clone.trace = null;
    hideFuture(clone, me, seed);
    return this.playOut(clone, me, k);
  }

  /** Plays the rest of the game in `clone` with posture k in seat `me`: win share plus the survival term. */
  private playOut(clone: GameState, me: number, k: number): number {
    this.playouts++;
    const pols = this.playoutSeats(clone.players, me);
    pols[me] = this.delegates[k]!;
    initPolicies(clone, pols);
    playOn(clone, pols);
    if (clone.lost) return 0;
    const w = winnersOf(clone); // the rules' winners: Prestige, then total Status
    return (w & (1 << me) ? 1 / popcount(w) : 0) + this.opts.survivalWeight;
  }

  // ---- every decision is the current posture's ----
  claimIncome(g: GameView): boolean { return this.current.claimIncome(g); }
  doubleLandCommission(g: GameView, me: number): boolean { return this.current.doubleLandCommission(g, me); }
  donation(g: GameView, me: number): number { return this.current.donation(g, me); }
  transfer(): number { return 0; }
  attend(): boolean { return true; }
  consulPlaysFirst(): boolean { return true; }
  neutralBid(g: GameView, me: number, s: number): number { return this.current.neutralBid(g, me, s); }
  attractTarget(g: GameView, me: number): number { return this.current.attractTarget(g, me); }
  attractRaise(g: GameView, me: number, s: number, attacking: boolean, a: number, d: number): number {
    return this.current.attractRaise(g, me, s, attacking, a, d);
  }
  knightSpend(g: GameView, me: number): number { return this.current.knightSpend(g, me); }
  knightDonations(g: GameView, me: number): number { return this.current.knightDonations(g, me); }
  games(g: GameView, me: number): number { return this.current.games(g, me); }
  propose(g: GameView, me: number, m: Motion, c: readonly number[]): boolean { return this.current.propose(g, me, m, c); }
  ownLegion(g: GameView, me: number, raise: boolean): boolean { return this.current.ownLegion(g, me, raise); }
  coSponsor(g: GameView, me: number, m: Motion): boolean { return this.current.coSponsor(g, me, m); }
  veto(g: GameView, me: number, m: Motion): boolean { return this.current.veto(g, me, m); }
  vote(g: GameView, me: number, m: Motion): number { return this.current.vote(g, me, m); }
  buyVotes(g: GameView, me: number, m: Motion, st: number): number { return this.current.buyVotes(g, me, m, st); }
  tieBreak(g: GameView, me: number, m: Motion): boolean { return this.current.tieBreak(g, me, m); }
  proposeBill(g: GameView): boolean { return this.current.proposeBill(g); }
  closeDebate(g: GameView, me: number, m: Motion): boolean { return this.current.closeDebate(g, me, m); }
  penalize(g: GameView, me: number, m: Motion): boolean { return this.current.penalize(g, me, m); }
  objectToRuling(g: GameView, me: number, m: Motion): boolean { return this.current.objectToRuling(g, me, m); }
  tableNext(g: GameView, me: number, a: readonly Motion[], n: number): number { return this.current.tableNext(g, me, a, n); }
  useTribune(g: GameView, me: number, m: Motion): boolean { return this.current.useTribune(g, me, m); }
  stepDown(g: GameView, me: number, m: Motion): boolean { return this.current.stepDown(g, me); }
  consent(g: GameView, me: number, m: Motion): boolean { return this.current.consent(g, me, m); }
  repopulationPick(g: GameView, me: number, c: readonly number[]): number { return this.current.repopulationPick(g, me, c); }
  chooseLosses(g: GameView, me: number, war: number, n: number, det?: number): number { return this.current.chooseLosses(g, me, war, n, det); }
  claimSpoils(g: GameView, me: number, war: number): number { return this.current.claimSpoils(g, me, war); }
  payRansom(g: GameView, me: number, s: number, r: number): boolean { return this.current.payRansom(g, me, s, r); }
  assassinTarget(g: GameView, me: number): number { return this.current.assassinTarget(g, me); }
  assassin(g: GameView, me: number): number { return this.current.assassin(g, me); }
  hireAssassins(g: GameView, me: number): number { return this.current.hireAssassins(g, me); }
  bodyguards(g: GameView, me: number, t: number, roll: number, a: number): number { return this.current.bodyguards(g, me, t, roll, a); }
}
