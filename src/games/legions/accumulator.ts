// The mergeable record of a run: every outcome record folded into integer counts and exact
// histograms. Workers fold their batch into one, the main thread merges them; because every field is
// an integer count, merging is exact, associative and commutative, so the same games give the same
// accumulator (and the same JSON) whatever the threads, batches or shards.
import { z } from 'zod';
import { popcount } from '../../core/bits.js';
import type { Outcome } from '../../legions/outcome.js';
import { type HistogramJSON, IntHistogram } from '../../stats/histogram.js';

/** The scalar integer fields of an outcome record that the summary describes. */
export const SCALAR_METRICS = [
  'turnsPlayed', 'warsWon', 'warsWipedOut', 'unopposedWarTurns', 'battles', 'legionsRaised', 'legionsLost',
  'provincesConquered', 'provincesDeveloped', 'senatorsKilled', 'senatorsExecuted', 'senatorsAttracted',
  'neutralsAttracted', 'prosecutions', 'convictions', 'concessionsHeld', 'policyErrors',
  // The Senate and the variations' triggers.
  'motions', 'motionsPassed', 'motionsByPresiding', 'motionsByOthers', 'tabledByTribune', 'vetoes', 'votesBought',
  'unanimousVotes', 'allowanceBinding', 'motionsLapsed', 'consulChanges', 'rulings', 'rulingsBinding', 'objections', 'votesRemoved',
  'penaltyFines', 'billsIntroduced', 'billsPassed', 'landActsVoted', 'landActsPassed', 'landActsRepealed', 'tempoExhausted', 'tempoMeetings',
  'deaths', 'officersDied', 'distributionChanged', 'macedonianWars', 'revolts',
  // Republic of Rome modules.
  'rorGarrisonMotions', 'rorGarrisoned', 'rorGarrisonRecalled', 'rorGarrisonSaves', 'rorGarrisonBattles',
  'rorFrontierChanged', 'rorFrontierSpared', 'rorCaptures', 'rorRansomsPaid',
  'rorAssassinAttempts', 'rorAssassinEffective', 'rorAssassinKills', 'rorAssassinsCaught', 'rorAssassinTrials',
  'rorAssassinConvictions',
  'rorLeaderlessKept', 'rorReinforceBlocked', 'rorRecallsVoided', 'rorDispatchesDeferred', 'rorReinforcementsBound', 'rorDisasters', 'rorStandoffs',
  'rorDisasterStandoffs', 'rorDetachmentMotions', 'rorDetachments', 'rorSplitBattles', 'rorRepopulated',
  'rorErrataChanges', 'rorStepDowns', 'rorCensorPenalties', 'rorCensorBarred', 'rorCensorContinued', 'rorGovernorsCompelled',
  'rorRewardsChanged', 'rorLandBillsExtra', 'rorDictators', 'rorDictatorVotes', 'rorDictatorBattles',
  'rorCflEvents', 'rorCflVotes', 'rorCflAppointed', 'rorCflAuto', 'rorCflWins', 'cflTurn',
] as const satisfies readonly (keyof Outcome)[];
export type ScalarMetric = (typeof SCALAR_METRICS)[number];

/** The Senate's per-game figures of the summary's `senate` section. */
export const SENATE_METRICS = [
  'motions', 'motionsPassed', 'motionsByPresiding', 'motionsByOthers', 'tabledByTribune', 'vetoes', 'votesBought',
  'unanimousVotes', 'allowanceBinding', 'motionsLapsed', 'consulChanges',
] as const satisfies readonly ScalarMetric[];

/** Loss causes, in the order of Outcome.cause (0 = survived). */
export const CAUSES = ['revolt', 'bankruptcy', 'wars'] as const;

/**
 * A shared win of k factions counts 1/k to each; win shares are kept in 60ths (60 = lcm(1..5)) so
 * that they stay integers.
 */
export const WIN_UNIT = 60;

export interface AccumulatorJSON {
  players: number;
  games: number;
  /** Games by Outcome.cause: survived, revolt, bankruptcy, wars. */
  causes: number[];
  /** Per loss cause (revolt, bankruptcy, wars): histogram of the turn of the loss. */
  lossTurn: HistogramJSON[];
  /** Per seat: win shares in 1/WIN_UNIT of a game. */
  winShares: number[];
  /** Per entry of the run's policy list: win shares (differs from winShares when a field rotates). */
  policyWinShares: number[];
  /** Survived games won by more than one faction (a tie on Prestige and Status). */
  sharedWins: number;
  /** Win shares (1/WIN_UNIT of a game) of the faction that held the Temporary Consul. */
  temporaryConsulWins: number;
  /** Games in which the Temporary Consul's faction held the Consulship every turn. */
  consulKeptAllGame: number;
  /** Survived games: winner's Prestige minus the runner-up's (the winner's margin, metric-defs.ts). */
  spreadTop2: HistogramJSON;
  /** All games: highest Prestige minus lowest (the Prestige spread, metric-defs.ts). */
  spreadAll: HistogramJSON;
  /** Per seat: final Prestige (all games). */
  prestige: HistogramJSON[];
  metrics: Record<ScalarMetric, HistogramJSON>;
  /** Per turn (index turn - 1): Revolution Index and State Treasury at the end of the turn. */
  riByTurn: HistogramJSON[];
  stateTreasuryByTurn: HistogramJSON[];
  /** Games with at least one policy error. */
  gamesWithPolicyErrors: number;
}

const hist = z.object({ min: z.number().int(), counts: z.array(z.number().int().nonnegative()) });
const count = z.number().int().nonnegative();
export const accumulatorSchema = z.object({
  players: z.union([z.literal(3), z.literal(5)]),
  games: count,
  causes: z.array(count).length(4),
  lossTurn: z.array(hist).length(3),
  winShares: z.array(count),
  policyWinShares: z.array(count),
  sharedWins: count,
  temporaryConsulWins: count,
  consulKeptAllGame: count,
  spreadTop2: hist,
  spreadAll: hist,
  prestige: z.array(hist),
  metrics: z.object(Object.fromEntries(SCALAR_METRICS.map((m) => [m, hist])) as Record<ScalarMetric, typeof hist>),
  riByTurn: z.array(hist),
  stateTreasuryByTurn: z.array(hist),
  gamesWithPolicyErrors: count,
});

const newHists = (n: number): IntHistogram[] => Array.from({ length: n }, () => new IntHistogram());

export class RunAccumulator {
  games = 0;
  readonly causes = [0, 0, 0, 0];
  readonly lossTurn = newHists(3);
  readonly winShares: number[];
  readonly policyWinShares: number[];
  sharedWins = 0;
  temporaryConsulWins = 0;
  consulKeptAllGame = 0;
  readonly spreadTop2 = new IntHistogram();
  readonly spreadAll = new IntHistogram();
  readonly prestige: IntHistogram[];
  readonly metrics = Object.fromEntries(SCALAR_METRICS.map((m) => [m, new IntHistogram()])) as Record<ScalarMetric, IntHistogram>;
  /** The same histograms in SCALAR_METRICS order (add reads them by position, not by name). */
  private readonly metricList = SCALAR_METRICS.map((m) => this.metrics[m]);
  readonly riByTurn: IntHistogram[] = [];
  readonly stateTreasuryByTurn: IntHistogram[] = [];
  gamesWithPolicyErrors = 0;

  constructor(readonly players: number) {
    this.winShares = new Array<number>(players).fill(0);
    this.policyWinShares = new Array<number>(players).fill(0);
    this.prestige = newHists(players);
  }

  /** Folds one game's outcome record in; `lineup[s]` is the policy-list entry seat s played (default: s). */
  add(o: Outcome, lineup?: readonly number[]): void {
    if (o.players !== this.players) throw new Error(`outcome of a ${o.players}-player game in a ${this.players}-player run`);
    this.games++;
    this.causes[o.cause]!++;
    if (o.cause) this.lossTurn[o.cause - 1]!.add(o.lostTurn);
    else {
      const k = popcount(o.winners);
      if (k > 1) this.sharedWins++;
      if (k) {
        for (let f = 0; f < this.players; f++) {
          if (!(o.winners & (1 << f))) continue;
          this.winShares[f]! += WIN_UNIT / k;
          this.policyWinShares[lineup ? lineup[f]! : f]! += WIN_UNIT / k;
        }
      }
      if (k && o.winners & (1 << o.temporaryConsulFaction)) this.temporaryConsulWins += WIN_UNIT / k;
      let top = -Infinity;
      let second = -Infinity;
      for (const p of o.prestige) {
        if (p > top) {
          second = top;
          top = p;
        } else if (p > second) second = p;
      }
      this.spreadTop2.add(top - second);
    }
    // Over every game, as the experiments count it: a fallen Republic's factions keep their Prestige.
    let high = -Infinity;
    let low = Infinity;
    for (const p of o.prestige) {
      if (p > high) high = p;
      if (p < low) low = p;
    }
    this.spreadAll.add(high - low);
    this.consulKeptAllGame += o.consulKeptAllGame;
    for (let f = 0; f < this.players; f++) this.prestige[f]!.add(o.prestige[f]!);
    const list = this.metricList;
    const values = scalarValues;
    readScalars(o, values);
    for (let i = 0; i < list.length; i++) list[i]!.add(values[i]!);
    perTurn(this.riByTurn, o.riByTurn);
    perTurn(this.stateTreasuryByTurn, o.stateTreasuryByTurn);
    if (o.policyErrors) this.gamesWithPolicyErrors++;
  }

  /** Adds every game of `o` (exact; the order of merges never matters). */
  merge(o: RunAccumulator): this {
    if (o.players !== this.players) throw new Error(`cannot merge a ${o.players}-player accumulator into a ${this.players}-player one`);
    this.games += o.games;
    o.causes.forEach((c, i) => (this.causes[i]! += c));
    o.lossTurn.forEach((h, i) => this.lossTurn[i]!.merge(h));
    o.winShares.forEach((w, f) => (this.winShares[f]! += w));
    o.policyWinShares.forEach((w, f) => (this.policyWinShares[f]! += w));
    this.sharedWins += o.sharedWins;
    this.temporaryConsulWins += o.temporaryConsulWins;
    this.consulKeptAllGame += o.consulKeptAllGame;
    this.spreadTop2.merge(o.spreadTop2);
    this.spreadAll.merge(o.spreadAll);
    o.prestige.forEach((h, f) => this.prestige[f]!.merge(h));
    for (const m of SCALAR_METRICS) this.metrics[m].merge(o.metrics[m]);
    mergeSeries(this.riByTurn, o.riByTurn);
    mergeSeries(this.stateTreasuryByTurn, o.stateTreasuryByTurn);
    this.gamesWithPolicyErrors += o.gamesWithPolicyErrors;
    return this;
  }

  toJSON(): AccumulatorJSON {
    return {
      players: this.players,
      games: this.games,
      causes: this.causes.slice(),
      lossTurn: this.lossTurn.map((h) => h.toJSON()),
      winShares: this.winShares.slice(),
      policyWinShares: this.policyWinShares.slice(),
      sharedWins: this.sharedWins,
      temporaryConsulWins: this.temporaryConsulWins,
      consulKeptAllGame: this.consulKeptAllGame,
      spreadTop2: this.spreadTop2.toJSON(),
      spreadAll: this.spreadAll.toJSON(),
      prestige: this.prestige.map((h) => h.toJSON()),
      metrics: Object.fromEntries(SCALAR_METRICS.map((m) => [m, this.metrics[m].toJSON()])) as Record<ScalarMetric, HistogramJSON>,
      riByTurn: this.riByTurn.map((h) => h.toJSON()),
      stateTreasuryByTurn: this.stateTreasuryByTurn.map((h) => h.toJSON()),
      gamesWithPolicyErrors: this.gamesWithPolicyErrors,
    };
  }

  /** Rebuilds an accumulator from its JSON; throws an Error naming the first bad field. */
  static fromJSON(raw: unknown): RunAccumulator {
    const r = accumulatorSchema.safeParse(raw);
    if (!r.success) {
      const issue = r.error.issues[0]!;
      throw new Error(`${issue.path.join('.') || '(root)'}: ${issue.message}`);
    }
    const j = r.data;
    const n = j.players;
    if (j.winShares.length !== n || j.policyWinShares.length !== n || j.prestige.length !== n) throw new Error(`per-seat fields do not have ${n} seats`);
    const a = new RunAccumulator(n);
    a.games = j.games;
    j.causes.forEach((c, i) => (a.causes[i] = c));
    // A new accumulator's histograms are empty: each is taken whole (merging into an empty one regrows it bin by bin).
    j.lossTurn.forEach((h, i) => (a.lossTurn[i] = IntHistogram.fromJSON(h)));
    j.winShares.forEach((w, f) => (a.winShares[f] = w));
    j.policyWinShares.forEach((w, f) => (a.policyWinShares[f] = w));
    a.sharedWins = j.sharedWins;
    a.temporaryConsulWins = j.temporaryConsulWins;
    a.consulKeptAllGame = j.consulKeptAllGame;
    a.spreadTop2.merge(IntHistogram.fromJSON(j.spreadTop2));
    a.spreadAll.merge(IntHistogram.fromJSON(j.spreadAll));
    j.prestige.forEach((h, f) => (a.prestige[f] = IntHistogram.fromJSON(h)));
    SCALAR_METRICS.forEach((m, i) => {
      const h = IntHistogram.fromJSON(j.metrics[m]);
      a.metrics[m] = h;
      a.metricList[i] = h;
    });
    for (const h of j.riByTurn) a.riByTurn.push(IntHistogram.fromJSON(h));
    for (const h of j.stateTreasuryByTurn) a.stateTreasuryByTurn.push(IntHistogram.fromJSON(h));
    a.gamesWithPolicyErrors = j.gamesWithPolicyErrors;
    if (a.causes.reduce((s, c) => s + c, 0) !== a.games) throw new Error('causes do not add up to games');
    return a;
  }
}


/**
 * readScalars(o, values) sets values[i] = o[SCALAR_METRICS[i]] for every i, written out as one plain
 * property read per metric (the names are this file's constants): read by a name that varies, each is a
 * megamorphic lookup (measured: 2.2 against 0.8 us an outcome, and more in a worker, where the game's
 * code crowds V8's shared lookup cache).
 */
const readScalars = new Function('o', 'values', SCALAR_METRICS.map((m, i) => `values[${i}] = o.${m};`).join('\n')) as (o: Outcome, values: number[]) => void;
const scalarValues: number[] = SCALAR_METRICS.map(() => 0);

function perTurn(series: IntHistogram[], values: readonly number[]): void {
  for (let t = 0; t < values.length; t++) {
    if (t === series.length) series.push(new IntHistogram());
    series[t]!.add(values[t]!);
  }
}

function mergeSeries(into: IntHistogram[], from: readonly IntHistogram[]): void {
  for (let t = 0; t < from.length; t++) {
    if (t === into.length) into.push(new IntHistogram());
    into[t]!.merge(from[t]!);
  }
}
