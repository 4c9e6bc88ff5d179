// The summary as tidy CSV: summary.csv (one row per metric, group and statistic) and per-turn.csv
// (one row per turn and metric).
import { stringify } from 'csv-stringify/sync';
import type { Summary } from './summary.js';
import type { Distribution } from '../../stats/histogram.js';
import { METRIC_DEFS } from './metric-defs.js';

type Cell = string | number | null;

const STATS = ['n', 'mean', 'sd', 'min', 'p05', 'p25', 'p50', 'p75', 'p95', 'max'] as const;
const snake = (s: string) => s.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase());

function distRows(metric: string, group: string, d: Distribution): Cell[][] {
  return STATS.map((k) => [metric, group, k, d[k], null, null]);
}

/** summary.csv: metric, group, stat, value, ci95_low, ci95_high. */
export function summaryCsv(s: Summary): string {
  const rows: Cell[][] = [];
  const rate = (metric: string, group: string, r: { rate: number; count: number; ci95: [number, number] }) => {
    rows.push([metric, group, 'rate', r.rate, r.ci95[0], r.ci95[1]]);
    rows.push([metric, group, 'count', r.count, null, null]);
  };
  rows.push(['games', 'all', 'count', s.games, null, null]);
  rate('collapse', 'all', s.collapse);
  for (const [c, r] of Object.entries(s.causes)) rate('collapse', c, r);
  rate('survival', 'all', s.survival);
  for (const w of s.winRate.bySeat) rate('win_rate_seat', `${w.seat}:${w.policy}`, w);
  for (const w of s.winRate.byPolicy) rate('win_rate_policy', w.policy, w);
  rows.push(['shared_wins', 'all', 'count', s.winRate.sharedWins, null, null]);
  rate('win_rate_temporary_consul_faction', 'all', s.winRate.temporaryConsulFaction);
  for (const [v, t] of Object.entries(s.triggers)) {
    rate('trigger_games', v, t);
    rows.push(['trigger_per_game', v, 'mean', t.perGame, null, null]);
    for (const [k, x] of Object.entries(t.detail)) rows.push([`trigger_${snake(k)}`, v, 'mean', x, null, null]);
  }
  for (const [k, v] of Object.entries(s.senate)) {
    if ('rate' in v) rate(`senate_${snake(k)}`, 'all', v);
    else rows.push([`senate_${snake(k)}`, 'per_game', 'mean', v.mean, v.ci95?.[0] ?? null, v.ci95?.[1] ?? null]);
  }
  s.prestige.bySeat.forEach((d, f) => rows.push(...distRows('prestige', `seat_${f}`, d)));
  rows.push(...distRows(METRIC_DEFS.prestigeSpread.csv, 'all', s.prestige.prestigeSpread));
  rows.push(...distRows(METRIC_DEFS.winnerMargin.csv, 'survived', s.prestige.winnerMargin));
  for (const [k, d] of Object.entries(s.wars)) rows.push(...distRows(`wars_${snake(k)}`, 'all', d));
  for (const [k, d] of Object.entries(s.other)) rows.push(...distRows(snake(k), 'all', d));
  rows.push(['policy_errors', 'all', 'total', s.policyErrors.total, null, null]);
  rows.push(['policy_errors', 'all', 'games', s.policyErrors.games, null, null]);
  return stringify(rows, { header: true, columns: ['metric', 'group', 'stat', 'value', 'ci95_low', 'ci95_high'] });
}

/** per-turn.csv: turn, metric, value. */
export function perTurnCsv(s: Summary): string {
  const rows: Cell[][] = [];
  for (const t of s.byTurn) {
    const add = (metric: string, v: Cell) => rows.push([t.turn, metric, v]);
    add('at_risk', t.atRisk);
    for (const [c, k] of Object.entries(t.losses)) add(`losses_${c}`, k);
    add('hazard', t.hazard);
    add('hazard_ci95_low', t.hazardCi95?.[0] ?? null);
    add('hazard_ci95_high', t.hazardCi95?.[1] ?? null);
    add('survival', t.survival);
    for (const [prefix, d] of [['ri', t.revolutionIndex], ['state_treasury', t.stateTreasury]] as const) {
      for (const k of STATS) add(`${prefix}_${k}`, d[k]);
    }
  }
  return stringify(rows, { header: true, columns: ['turn', 'metric', 'value'] });
}
