// A motion's key (motionKey) packs its fields with shifts and ors: it must equal the positional sum the
// documentation gives, so two motions share a key exactly when every keyed field is equal.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyKind, keyTarget, motionKey, newMotion, type Motion } from '../src/legions/motion.js';

/** The documented layout, written as arithmetic on doubles (the reference). */
function referenceKey(m: Motion): number {
  const low = (((((m.major ? 1 : 0) * 32 + m.mask) * 64 + (m.target2 + 1)) * 64 + (m.target + 1)) * 32 + (m.senator + 1)) * 32 + m.kind;
  return ((m.det * 4 + m.det2) * 2097152 + m.count) * 268435456 + low;
}

const fields = fc.record({
  kind: fc.integer({ min: 0, max: 31 }),
  senator: fc.integer({ min: -1, max: 29 }),
  target: fc.integer({ min: -1, max: 62 }),
  target2: fc.integer({ min: -1, max: 62 }),
  mask: fc.integer({ min: 0, max: 31 }),
  major: fc.boolean(),
  count: fc.integer({ min: 0, max: 2097151 }),
  det: fc.integer({ min: 0, max: 3 }),
  det2: fc.integer({ min: 0, max: 3 }),
});

function motionOf(f: { kind: number; senator: number; target: number; target2: number; mask: number; major: boolean; count: number; det: number; det2: number }): Motion {
  return Object.assign(newMotion(5), f);
}

describe('motionKey', () => {
  it('equals the documented positional sum over the fields\' whole ranges', () => {
    fc.assert(fc.property(fields, (f) => {
      const m = motionOf(f);
      const key = motionKey(m);
      expect(key).toBe(referenceKey(m));
      expect(keyKind(key)).toBe(f.kind);
      expect(keyTarget(key)).toBe(f.target);
    }), { numRuns: 3000 });
  });

  it('tells apart motions differing in any one field, at the edges of its range', () => {
    const base = { kind: 7, senator: 3, target: 2, target2: -1, mask: 5, major: true, count: 4, det: 1, det2: 2 };
    const edges: Record<string, number[] | boolean[]> = {
      kind: [0, 31], senator: [-1, 29], target: [-1, 62], target2: [0, 62], mask: [0, 31], major: [false],
      count: [0, 2097151], det: [0, 3], det2: [0, 3],
    };
    const key = motionKey(motionOf(base));
    for (const [field, values] of Object.entries(edges)) {
      for (const v of values) expect(motionKey(motionOf({ ...base, [field]: v })), `${field} = ${v}`).not.toBe(key);
    }
    // A base-game motion (no count, no detachment) keeps a small integer key.
    expect(motionKey(motionOf({ ...base, count: 0, det: 0, det2: 0 }))).toBeLessThan(2 ** 28);
  });
});
