// Arms compared game by game, for any game with a flat integer outcome (GameDefinition.outcomeFields):
// a run whose "game" i plays game i of every arm on the same seed (common random numbers) and folds,
// per arm, its outcome sums and, against the arm's baseline, the per-game differences and the
// discordant games of every 0/1 field. Integer counts only, so merges stay exact.
import { z } from 'zod';
import type { GameDefinition, RunAcc } from './game.js';
import { type OutcomeFieldDef, SchemaAccumulator } from './schema-accumulator.js';
import { shortHash } from './spec.js';

export interface PairedArm {
  name: string;
  cfg: unknown;
  policies: string[];
  /** Index of the arm it is compared with; -1 for a baseline. */
  baseline: number;
}

export interface PairedCfg {
  arms: PairedArm[];
}

const n0 = (k: number) => Array.from({ length: k }, () => 0);

export class PairedAccumulator implements RunAcc {
  games = 0;
  readonly arms: SchemaAccumulator[];
  /** [arm][field]: sum and sum of squares of (arm - baseline) per game; discordant games b (baseline 1, arm 0), c (baseline 0, arm 1). */
  readonly sumD: number[][];
  readonly sumD2: number[][];
  readonly b: number[][];
  readonly c: number[][];

  constructor(readonly fields: readonly OutcomeFieldDef[], readonly armCount: number) {
    this.arms = Array.from({ length: armCount }, () => new SchemaAccumulator(fields));
    this.sumD = Array.from({ length: armCount }, () => n0(fields.length));
    this.sumD2 = Array.from({ length: armCount }, () => n0(fields.length));
    this.b = Array.from({ length: armCount }, () => n0(fields.length));
    this.c = Array.from({ length: armCount }, () => n0(fields.length));
  }

  /** Folds game i: the records of every arm, in arm order. */
  add(records: readonly Readonly<Record<string, number>>[], baselines: readonly number[]): void {
    this.games++;
    records.forEach((r, a) => {
      this.arms[a]!.add(r);
      const base = baselines[a]!;
      if (base < 0) return;
      const rb = records[base]!;
      this.fields.forEach((f, k) => {
        const d = r[f.name]! - rb[f.name]!;
        this.sumD[a]![k]! += d;
        this.sumD2[a]![k]! += d * d;
        if (f.kind === 'rate') {
          if (d < 0) this.b[a]![k]!++;
          else if (d > 0) this.c[a]![k]!++;
        }
      });
    });
  }

  merge(o: PairedAccumulator): void {
    if (o.armCount !== this.armCount || o.fields.length !== this.fields.length || o.fields.some((f, k) => f.name !== this.fields[k]!.name)) {
      throw new Error(`paired accumulators of different runs (${o.armCount} arms against ${this.armCount})`);
    }
    this.games += o.games;
    for (let a = 0; a < this.armCount; a++) {
      this.arms[a]!.merge(o.arms[a]!);
      for (let k = 0; k < this.fields.length; k++) {
        this.sumD[a]![k]! += o.sumD[a]![k]!;
        this.sumD2[a]![k]! += o.sumD2[a]![k]!;
        this.b[a]![k]! += o.b[a]![k]!;
        this.c[a]![k]! += o.c[a]![k]!;
      }
    }
  }

  toJSON(): unknown {
    return { games: this.games, arms: this.arms.map((a) => a.toJSON()), sumD: this.sumD, sumD2: this.sumD2, b: this.b, c: this.c };
  }

  static fromJSON(fields: readonly OutcomeFieldDef[], armCount: number, raw: unknown): PairedAccumulator {
    const grid = z.array(z.array(z.number().int())).length(armCount);
    const j = z.strictObject({ games: z.number().int().nonnegative(), arms: z.array(z.unknown()).length(armCount), sumD: grid, sumD2: grid, b: grid, c: grid }).parse(raw);
    const p = new PairedAccumulator(fields, armCount);
    p.games = j.games;
    for (let a = 0; a < armCount; a++) {
      p.arms[a] = SchemaAccumulator.fromJSON(fields, j.arms[a]);
      for (const key of ['sumD', 'sumD2', 'b', 'c'] as const) {
        if (j[key][a]!.length !== fields.length) throw new Error(`${key}[${a}]: ${j[key][a]!.length} fields, not ${fields.length}`);
        p[key][a] = [...j[key][a]!];
      }
    }
    return p;
  }
}

/** The paired run of a game's arms, as a game definition the runner plays like any other. */
export function pairedGame(base: GameDefinition): GameDefinition<PairedCfg, PairedAccumulator> {
  const fields = base.outcomeFields;
  const player = base.outcomePlayer;
  if (!fields || !player) throw new Error(`${base.id} has no flat outcome record to compare arms on`);
  return {
    id: base.id,
    moduleUrl: base.moduleUrl,
    wrap: 'paired',
    seats: (cfg) => base.seats(cfg.arms[0]!.cfg),
    identity: (cfg) => ({ arms: cfg.arms.map((a) => ({ name: a.name, identity: base.identity(a.cfg), policies: a.policies, baseline: a.baseline })), armsHash: shortHash(cfg.arms.map((a) => a.cfg)) }),
    identitySchema: z.object({ arms: z.array(z.unknown()), armsHash: z.string() }),
    identityNames: { arms: 'the arms', armsHash: 'the arms\' configurations' },
    formats: { checkpoint: `${base.id}-paired-checkpoint/1`, accumulator: `${base.id}-paired-accumulator/1` },
    newAccumulator: (cfg) => new PairedAccumulator(fields, cfg.arms.length),
    accumulatorFromJSON: (json) => {
      const arms = (json as { arms?: unknown[] } | null)?.arms?.length ?? 0;
      return PairedAccumulator.fromJSON(fields, arms, json);
    },
    batchPlayer(cfg, _policies, _rotation, seed) {
      const players = cfg.arms.map((a) => player.call(base, a.cfg, a.policies, seed));
      const baselines = cfg.arms.map((a) => a.baseline);
      return {
        play(i, acc) {
          acc.add(players.map((p) => p(i)), baselines);
          return null;
        },
      };
    },
    perGameHeader: () => '',
    perGameRow: () => '',
  };
}
