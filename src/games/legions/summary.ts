// The summary of a run, computed from its accumulator alone: the same accumulator always gives the
// same summary, byte for byte (timings are added by the caller under `perf`, the only field that
// may differ between runs of the same games).
import type { Distribution } from '../../stats/histogram.js';
import { wilson } from '../../stats/intervals.js';
import { CAUSES, type RunAccumulator, type ScalarMetric, SENATE_METRICS, WIN_UNIT } from './accumulator.js';
import type { RunIdentity } from '../../sim/spec.js';
import { TRIGGERS } from './triggers.js';
import { degeneracyWarnings } from './warnings.js';
import type { VariantName } from '../../legions/variants.js';

// /2: prestige.spread became prestigeSpread (all games) and winnerMargin (survived games), as in metric-defs.ts.
export const SUMMARY_FORMAT = 'legions-summary/2';

export interface Rate {
  count: number;
  rate: number;
  ci95: [number, number];
}

/** A per-game mean with its 95 % interval (normal approximation; n is large in every run we report). */
export interface MeanCi {
  n: number;
  mean: number | null;
  sd: number | null;
  ci95: [number, number] | null;
}

export interface TurnRow {
  turn: number;
  /** Games still going at the start of the turn (neither lost nor ended by a Consul for Life before it). */
  atRisk: number;
  losses: Record<(typeof CAUSES)[number], number>;
  /** Losses in this turn / games at risk (null once no game is at risk). */
  hazard: number | null;
  hazardCi95: [number, number] | null;
  /** Share of all games still going at the end of the turn. */
  survival: number;
  /** Revolution Index and State Treasury at the end of the turn, over the games that played it. */
  revolutionIndex: Distribution;
  stateTreasury: Distribution;
}

/** A LEGIONS run's identity: the runner's fields and the game's (definition.ts). */
export type LegionsIdentity = RunIdentity & { players: number; variants: string[]; turns: number; rulesHash: string; boardHash: string };

export interface Summary {
  format: string;
  config: LegionsIdentity & { fingerprint: string; range: [number, number] };
  games: number;
  collapse: Rate;
  causes: Record<(typeof CAUSES)[number], Rate>;
  survival: Rate;
  byTurn: TurnRow[];
  winRate: {
    bySeat: (Rate & { seat: number; policy: string })[];
    byPolicy: (Rate & { policy: string; seats: number })[];
    sharedWins: number;
    /** Win share of the faction that held the Temporary Consul, over all games (a collapse is no win). */
    temporaryConsulFaction: Rate;
  };
  /** Per-game means of the Senate's business, and how often one faction kept the Consulship all game. */
  senate: Record<(typeof SENATE_METRICS)[number], MeanCi> & { consulKeptAllGame: Rate };
  /**
   * Per enabled variation: games in which its mechanic fired at least once (`games`, also as `count`, `rate`, `ci95`),
   * events per game (`perGame`) and the detailed counters' per-game means (src/games/legions/triggers.ts).
   */
  triggers: Record<string, Rate & { games: number; what: string; perGame: number | null; detail: Record<string, number | null> }>;
  /** Figures that look like a quirk rather than a property of the game (src/games/legions/warnings.ts); empty when none. */
  warnings: string[];
  prestige: {
    bySeat: Distribution[];
    /** Highest minus lowest Prestige at the end, over all games (METRIC_DEFS.prestigeSpread, as in experiments). */
    prestigeSpread: Distribution;
    /** Winner minus runner-up, over the games the Republic survived (METRIC_DEFS.winnerMargin; n = those games). */
    winnerMargin: Distribution;
  };
  wars: Record<'won' | 'wipedOut' | 'battles' | 'unopposedWarTurns' | 'legionsRaised' | 'legionsLost', Distribution>;
  other: Record<string, Distribution>;
  policyErrors: { total: number; games: number };
  perf?: unknown;
}

/** Rounds to 10 significant digits: stable text, far below any interval's width. */
function r(x: number): number {
  return Number(x.toPrecision(10));
}

function rounded(d: Distribution): Distribution {
  return { ...d, mean: d.mean === null ? null : r(d.mean), sd: d.sd === null ? null : r(d.sd) };
}

function meanCi(d: Distribution): MeanCi {
  if (d.mean === null || d.sd === null || d.n < 2) return { n: d.n, mean: d.mean === null ? null : r(d.mean), sd: d.sd === null ? null : r(d.sd), ci95: null };
  const h = (1.959963984540054 * d.sd) / Math.sqrt(d.n);
  return { n: d.n, mean: r(d.mean), sd: r(d.sd), ci95: [r(d.mean - h), r(d.mean + h)] };
}

function rate(k: number, n: number): Rate {
  const [lo, hi] = wilson(k, n);
  return { count: r(k), rate: n ? r(k / n) : 0, ci95: [r(lo), r(hi)] };
}

const WAR_METRICS: Record<keyof Summary['wars'], ScalarMetric> = {
  won: 'warsWon', wipedOut: 'warsWipedOut', battles: 'battles', unopposedWarTurns: 'unopposedWarTurns',
  legionsRaised: 'legionsRaised', legionsLost: 'legionsLost',
};
const OTHER_METRICS: ScalarMetric[] = [
  'turnsPlayed', 'provincesConquered', 'provincesDeveloped', 'senatorsKilled', 'senatorsExecuted', 'senatorsAttracted',
  'neutralsAttracted', 'prosecutions', 'convictions', 'concessionsHeld',
];

export function summarise(acc: RunAccumulator, runId: RunIdentity, fingerprint: string, range: [number, number]): Summary {
  const id = runId as LegionsIdentity;
  const n = acc.games;
  const turns = Math.max(id.turns, acc.riByTurn.length);
  const byTurn: TurnRow[] = [];
  let lost = 0;
  let ended = 0; // ror-consul-for-life: games won at the end of an earlier turn, no longer at risk
  for (let t = 1; t <= turns; t++) {
    const atRisk = n - lost - ended;
    const losses = Object.fromEntries(CAUSES.map((c, i) => [c, acc.lossTurn[i]!.count(t)])) as TurnRow['losses'];
    const k = losses.revolt + losses.bankruptcy + losses.wars;
    lost += k;
    ended += acc.metrics.cflTurn.count(t);
    const hz = atRisk ? wilson(k, atRisk) : null;
    byTurn.push({
      turn: t,
      atRisk,
      losses,
      hazard: atRisk ? r(k / atRisk) : null,
      hazardCi95: hz ? [r(hz[0]), r(hz[1])] : null,
      survival: n ? r((n - lost) / n) : 0,
      revolutionIndex: rounded(describe(acc.riByTurn[t - 1])),
      stateTreasury: rounded(describe(acc.stateTreasuryByTurn[t - 1])),
    });
  }

  const policies = id.policies;
  // With a rotating field a seat is played by every policy in turn.
  const bySeat = acc.winShares.map((w, f) => ({ seat: f, policy: id.rotation === 'latin' ? 'rotating' : policies[f]!, ...rate(w / WIN_UNIT, n) }));
  const names = [...new Set(policies)];
  const byPolicy = names.map((p) => {
    // Entries of the policy list: with a rotating field each entry plays every seat in turn.
    const seats = policies.flatMap((q, f) => (q === p ? [f] : []));
    const wins = seats.reduce((s, f) => s + acc.policyWinShares[f]!, 0) / WIN_UNIT;
    return { policy: p, seats: seats.length, ...rate(wins, n * seats.length) };
  });

  const survived = acc.causes[0]!;
  const wars = Object.fromEntries(Object.entries(WAR_METRICS).map(([k, m]) => [k, rounded(acc.metrics[m].describe())])) as Summary['wars'];
  const other = Object.fromEntries(OTHER_METRICS.map((m) => [m, rounded(acc.metrics[m].describe())]));
  return {
    format: SUMMARY_FORMAT,
    config: { ...id, fingerprint, range },
    games: n,
    collapse: rate(n - survived, n),
    causes: Object.fromEntries(CAUSES.map((c, i) => [c, rate(acc.causes[i + 1]!, n)])) as Summary['causes'],
    survival: rate(survived, n),
    byTurn,
    winRate: { bySeat, byPolicy, sharedWins: acc.sharedWins, temporaryConsulFaction: rate(acc.temporaryConsulWins / WIN_UNIT, n) },
    senate: {
      ...(Object.fromEntries(SENATE_METRICS.map((m) => [m, meanCi(acc.metrics[m].describe())])) as Record<(typeof SENATE_METRICS)[number], MeanCi>),
      consulKeptAllGame: rate(acc.consulKeptAllGame, n),
    },
    prestige: {
      bySeat: acc.prestige.map((h) => rounded(h.describe())),
      prestigeSpread: rounded(acc.spreadAll.describe()),
      winnerMargin: rounded(acc.spreadTop2.describe()),
    },
    wars,
    other,
    triggers: Object.fromEntries(id.variants.map((v) => {
      const t = TRIGGERS[v as VariantName];
      const h = acc.metrics[t.main];
      const mean = (m: ScalarMetric) => {
        const x = acc.metrics[m].describe().mean;
        return x === null ? null : r(x);
      };
      return [v, { games: n - h.count(0), ...rate(n - h.count(0), n), what: t.what, perGame: mean(t.main), detail: Object.fromEntries(t.detail.map((m) => [m, mean(m)])) }];
    })),
    warnings: degeneracyWarnings({
      games: n, survived, players: id.players, seatWins: acc.winShares.map((w) => w / WIN_UNIT),
      policyWins: byPolicy.map((p) => ({ policy: p.policy, wins: p.count, seatGames: n * p.seats })),
      temporaryConsulWins: acc.temporaryConsulWins / WIN_UNIT, motions: acc.metrics.motions.sum(), unanimousVotes: acc.metrics.unanimousVotes.sum(),
    }),
    policyErrors: { total: acc.metrics.policyErrors.sum(), games: acc.gamesWithPolicyErrors },
  };
}

const EMPTY: Distribution = { n: 0, mean: null, sd: null, min: null, p05: null, p25: null, p50: null, p75: null, p95: null, max: null };
function describe(h: { describe(): Distribution } | undefined): Distribution {
  return h ? h.describe() : EMPTY;
}

/** The summary as text: two-space JSON, perf last (the only part that may differ between equal runs). */
export function summaryText(s: Summary, perf?: unknown): string {
  return JSON.stringify(perf === undefined ? s : { ...s, perf }, null, 2) + '\n';
}
