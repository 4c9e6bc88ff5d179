// The CI balance gate for any game's experiment: per arm and gated metric, the baseline's estimate
// against the current run's. A metric moved when its change is significant after Holm's adjustment
// over all the gate's tests (a two-sample z on per-game standard deviations) AND larger than its
// practical threshold.
import { z } from 'zod';
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

/** Rows of the gate: every arm of the current run by every gated metric (missing values throw, naming them). */
export function gateRows(practical: Readonly<Record<string, number>>, base: GateBaseline, cur: GateBaseline): GateRow[] {
  const rows: GateRow[] = [];
  for (const [m, threshold] of Object.entries(practical)) {
    for (const [arm, metrics] of Object.entries(cur.arms)) {
      const c = metrics[m];
      const b = base.arms[arm]?.[m];
      if (!c) throw new Error(`gate: metric ${m} is gated but not measured`);
      if (!b) throw new Error(`baseline: no value for arm "${arm}", metric ${m}: update it with --update-baseline`);
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
