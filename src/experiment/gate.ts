// The CI balance gate for any game's experiment: per arm and gated metric, the baseline's estimate
// against the current run's. A metric moved when its change is significant after Holm's adjustment
// over all the gate's tests (a two-sample z on per-game standard deviations) AND larger than its
// practical threshold.
import { z } from 'zod';
import { InputError } from '../core/errors.js';
import { holm, pNormal } from './paired.js';

export const gateBaselineSchema = z.strictObject({
  format: z.string(),
  experiment: z.string(),
  /** What the baseline was measured on: the experiment's arms, seed, games and metrics, hashed. */
  fingerprint: z.string(),
  gamesPerArm: z.number().int().positive(),
  arms: z.record(z.string(), z.record(z.string(), z.strictObject({ value: z.number(), games: z.number().int().positive(), sd: z.number().nonnegative() }))),
});
export type GateBaseline = z.infer<typeof gateBaselineSchema>;

export interface GateRow {
  arm: string;
  metric: string;
  baseline: number;
  current: number;
  change: number;
  practical: number;
  z: number;
  p: number;
  pHolm: number;
  moved: boolean;
}

/** What the gate reads of a baseline (LEGIONS' records carry their intervals too). */
export interface GateArms {
  arms: Readonly<Record<string, Readonly<Record<string, { value: number; games: number; sd: number }>>>>;
}

/** Rows of the gate: every arm of the current run by every gated metric (a missing value is an input error naming it). */
export function gateRows(practical: Readonly<Record<string, number>>, base: GateArms, cur: GateArms): GateRow[] {
  const rows: GateRow[] = [];
  for (const [m, threshold] of Object.entries(practical)) {
    for (const [arm, metrics] of Object.entries(cur.arms)) {
      const c = metrics[m];
      const b = base.arms[arm]?.[m];
      if (!c) throw new InputError(`gate: metric ${m} is gated but not measured (add it to "metrics")`);
      if (!b) throw new InputError(`baseline: no value for arm "${arm}", metric ${m}: update it with --update-baseline`);
      const change = c.value - b.value;
      const se = Math.sqrt((c.sd * c.sd) / c.games + (b.sd * b.sd) / b.games);
      const zs = se > 0 ? change / se : change === 0 ? 0 : Infinity;
      const p = Number.isFinite(zs) ? pNormal(zs) : 0;
      rows.push({ arm, metric: m, baseline: b.value, current: c.value, change, practical: threshold, z: zs, p, pHolm: p, moved: false });
    }
  }
  const adjusted = holm(rows.map((r) => r.p));
  rows.forEach((r, i) => {
    r.pHolm = adjusted[i]!;
    r.moved = r.pHolm < 0.05 && Math.abs(r.change) > r.practical;
  });
  return rows;
}

/**
 * Prints the gate (a table, or its rows as JSON) and its verdict; a moved metric sets exit status 1.
 * `isRate` says which metrics are shares (printed in %).
 */
export function reportGate(rows: readonly GateRow[], isRate: (metric: string) => boolean, json: boolean): void {
  const f = (m: string, v: number) => (isRate(m) ? `${(100 * v).toFixed(2)} %` : v.toFixed(3));
  if (json) process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
  else {
    const w = Math.max(15, ...rows.map((x) => x.metric.length));
    const lines = [`${'arm'.padEnd(20)} ${'metric'.padEnd(w)} baseline    current     change      threshold   z       p(Holm)   moved`];
    for (const x of rows) {
      lines.push([x.arm.padEnd(20), x.metric.padEnd(w), f(x.metric, x.baseline).padEnd(11), f(x.metric, x.current).padEnd(11), f(x.metric, x.change).padEnd(11),
        f(x.metric, x.practical).padEnd(11), (Number.isFinite(x.z) ? x.z.toFixed(2) : 'inf').padEnd(7), (x.pHolm < 1e-4 ? '<0.0001' : x.pHolm.toFixed(4)).padEnd(9), x.moved ? 'MOVED' : 'ok'].join(' '));
    }
    process.stdout.write(lines.join('\n') + '\n');
  }
  const moved = rows.filter((x) => x.moved).length;
  if (moved) {
    process.stdout.write(`balance gate: ${moved} metric(s) moved beyond tolerance (significant after Holm's adjustment over ${rows.length} tests, and larger than the threshold); rerun with --update-baseline if intended\n`);
    process.exitCode = 1;
  } else process.stdout.write('balance gate: no metric moved beyond its tolerance\n');
}
