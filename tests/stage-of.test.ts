// stageOf reads a table by kind: it must give the Military Appointments' stages, and -1 for every
// other kind and for numbers that are no kind.
import { describe, expect, it } from 'vitest';
import {
  DISBAND, DISPATCH, GARRISON, MOTION_NAMES, RAISE, RECALL, RECALL_GARRISON, STAGE_DISBAND, STAGE_DISPATCH, STAGE_RAISE,
  STAGE_RECALL, stageOf,
} from '../src/legions/motion.js';

describe('stageOf', () => {
  it('gives each military kind its stage and every other kind none', () => {
    const staged = new Map([
      [DISBAND, STAGE_DISBAND], [RAISE, STAGE_RAISE], [DISPATCH, STAGE_DISPATCH], [GARRISON, STAGE_DISPATCH],
      [RECALL, STAGE_RECALL], [RECALL_GARRISON, STAGE_RECALL],
    ]);
    for (let kind = 0; kind < MOTION_NAMES.length; kind++) expect(stageOf(kind)).toBe(staged.get(kind) ?? -1);
    for (const notKind of [-1, MOTION_NAMES.length, 99]) expect(stageOf(notKind)).toBe(-1);
  });
});
