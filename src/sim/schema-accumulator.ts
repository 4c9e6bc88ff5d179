// A run accumulator derived from an outcome schema, for games whose outcome is a flat record of
// integers (each field a 0/1 rate or a count): per field its sum, sum of squares, least and largest
// value. Integer sums only, so merges in any grouping are exact and give the same bytes.
import { z } from 'zod';
import type { RunAcc } from './game.js';

export interface OutcomeFieldDef {
  readonly name: string;
  readonly label: string;
  /** 'rate': a 0/1 field, reported as a share of games; 'mean': a count, reported as an average. */
  readonly kind: 'rate' | 'mean';
}

const jsonSchema = z.strictObject({
  fields: z.array(z.string()),
  games: z.number().int().nonnegative(),
  sum: z.array(z.number().int()),
  sumSq: z.array(z.number().int().nonnegative()),
  min: z.array(z.number().int().nullable()),
  max: z.array(z.number().int().nullable()),
});
export type SchemaAccJSON = z.infer<typeof jsonSchema>;

export class SchemaAccumulator implements RunAcc {
  games = 0;
  readonly sum: number[];
  readonly sumSq: number[];
  readonly min: (number | null)[];
  readonly max: (number | null)[];

  constructor(readonly fields: readonly OutcomeFieldDef[]) {
    this.sum = fields.map(() => 0);
    this.sumSq = fields.map(() => 0);
    this.min = fields.map(() => null);
    this.max = fields.map(() => null);
  }

  /** Folds one outcome record in (every schema field must be an integer). */
  add(o: Readonly<Record<string, number>>): void {
    this.games++;
    for (let k = 0; k < this.fields.length; k++) {
      const v = o[this.fields[k]!.name]!;
      this.sum[k]! += v;
      this.sumSq[k]! += v * v;
      if (this.min[k] === null || v < this.min[k]!) this.min[k] = v;
      if (this.max[k] === null || v > this.max[k]!) this.max[k] = v;
    }
  }

  merge(other: SchemaAccumulator): void {
    if (other.fields.length !== this.fields.length || other.fields.some((f, k) => f.name !== this.fields[k]!.name)) throw new Error('accumulators of different outcome schemas');
    this.games += other.games;
    for (let k = 0; k < this.fields.length; k++) {
      this.sum[k]! += other.sum[k]!;
      this.sumSq[k]! += other.sumSq[k]!;
      const lo = other.min[k]!;
      const hi = other.max[k]!;
      if (lo !== null && (this.min[k] === null || lo < this.min[k]!)) this.min[k] = lo;
      if (hi !== null && (this.max[k] === null || hi > this.max[k]!)) this.max[k] = hi;
    }
  }

  toJSON(): SchemaAccJSON {
    return { fields: this.fields.map((f) => f.name), games: this.games, sum: [...this.sum], sumSq: [...this.sumSq], min: [...this.min], max: [...this.max] };
  }

  /** Rebuilds an accumulator of `fields` from toJSON's output; throws a one-line message on anything else. */
  static fromJSON(fields: readonly OutcomeFieldDef[], raw: unknown): SchemaAccumulator {
    const r = jsonSchema.safeParse(raw);
    if (!r.success) throw new Error(`${r.error.issues[0]!.path.join('.') || '(root)'}: ${r.error.issues[0]!.message}`);
    const j = r.data;
    const n = fields.length;
    if (j.fields.length !== n || j.fields.some((f, k) => f !== fields[k]!.name)) throw new Error(`fields ${j.fields.join(',')} are not this game's outcome fields`);
    if ([j.sum, j.sumSq, j.min, j.max].some((a) => a.length !== n)) throw new Error('a field list of the wrong length');
    const a = new SchemaAccumulator(fields);
    a.games = j.games;
    for (let k = 0; k < n; k++) {
      a.sum[k] = j.sum[k]!;
      a.sumSq[k] = j.sumSq[k]!;
      a.min[k] = j.min[k]!;
      a.max[k] = j.max[k]!;
    }
    return a;
  }
}
