// The Republic over time: per-cause collapses by turn and survival's discordant pairs in the
// accumulators (added, merged, checkpointed), and the curves built from them, against hand counts.
import { afterAll, describe, expect, it } from 'vitest';
import { addOutcome, addPair, type ArmAcc, mergeArm, mergePair, newArmAcc, newPairAcc } from '../src/games/legions/experiment/accumulator.js';
import { type ExperimentState, readExperimentCheckpoint, writeExperimentCheckpoint } from '../src/games/legions/experiment/resume.js';
import type { ResumeIdentity } from '../src/games/legions/experiment/fingerprint.js';
import { overTime, survivalDifference } from '../src/games/legions/experiment/survival.js';
import type { Outcome } from '../src/legions/outcome.js';
import { testTempDir } from './tmp.js';

const Z = 1.959963984540054;
const TURNS = 3;
const tmp = testTempDir('survival');
afterAll(() => tmp.remove());

/** A game of TURNS turns: survived (cause 0) or lost to `cause` (1 revolt, 2 bankruptcy, 3 wars) in `turn`. */
function game(cause: number, turn = 0): Outcome {
  const turnsPlayed = cause ? turn : TURNS;
  return {
    players: 5, cause, lostTurn: cause ? turn : 0, turnsPlayed, winners: cause ? 0 : 1, prestige: [3, 1, 0, 0, 0], treasury: [0, 0, 0, 0, 0],
    senators: [3, 3, 3, 3, 3], riByTurn: Array(turnsPlayed).fill(2), stateTreasuryByTurn: Array(turnsPlayed).fill(50),
    legionsLost: 0, warsWon: 0, policyErrors: 0, temporaryConsulFaction: 0, consulKeptAllGame: 0,
    motions: 0, motionsPassed: 0, motionsByPresiding: 0, motionsByOthers: 0, tabledByTribune: 0, vetoes: 0, votesBought: 0,
    unanimousVotes: 0, allowanceBinding: 0, motionsLapsed: 0, consulChanges: 0,
  } as unknown as Outcome;
}

// Ten games: a revolt in turn 1, two wars losses in turn 2, one in turn 3, six survived.
const TEN = [game(1, 1), game(3, 2), game(3, 2), game(3, 3), ...Array.from({ length: 6 }, () => game(0))];
const fold = (games: readonly Outcome[]): ArmAcc => {
  const a = newArmAcc(5);
  for (const g of games) addOutcome(a, g, ['x', 'x', 'x', 'x', 'x']);
  return a;
};

describe('collapses by cause and turn', () => {
  it('are counted per cause (dense, index = turn) and add up to collapseByTurn', () => {
    const a = fold(TEN);
    expect(a.collapseByCauseTurn).toEqual({ revolt: [0, 1], bankruptcy: [], wars: [0, 0, 2, 1] });
    expect(a.collapseByTurn).toEqual([undefined, 1, 2, 1]);
  });

  it('merge exactly whatever the split', () => {
    const whole = fold(TEN);
    const parts = fold(TEN.slice(0, 3));
    mergeArm(parts, fold(TEN.slice(3)));
    expect(parts.collapseByCauseTurn).toEqual(whole.collapseByCauseTurn);
  });

  it('survival, fallen by cause and lost per turn, with Wilson intervals (hand-computed)', () => {
    const o = overTime(fold(TEN), TURNS, Z);
    expect(o.survival.map((s) => s.value)).toEqual([1, 0.9, 0.7, 0.6]);
    // Wilson 95 %: 6 of 10 -> [0.312674, 0.831820]; 9 of 10 -> [0.595850, 0.982124]
    expect(o.survival[3]!.low).toBeCloseTo(0.3126737697, 9);
    expect(o.survival[3]!.high).toBeCloseTo(0.8318196703, 9);
    expect(o.survival[1]!.low).toBeCloseTo(0.5958499732, 9);
    expect(o.survival[0]).toEqual({ turn: 0, value: 1, low: expect.closeTo(0.7224672001, 9), high: 1 });
    expect(o.fallenBy.revolt.map((s) => s.value)).toEqual([0, 0.1, 0.1, 0.1]);
    expect(o.fallenBy.wars.map((s) => s.value)).toEqual([0, 0, 0.2, 0.3]);
    expect(o.fallenBy.bankruptcy.map((s) => s.value)).toEqual([0, 0, 0, 0]);
    expect(o.fallenBy.bankruptcy[3]!.high).toBeCloseTo(0.2775327999, 9); // 0 of 10
    expect(o.fallenBy.wars[3]!.low).toBeCloseTo(0.1077912674, 9); // 3 of 10
    expect(o.lostIn.map((s) => [s.turn, s.value])).toEqual([[1, 0.1], [2, 0.2], [3, 0.1]]);
    expect(o.lostIn[1]!.high).toBeCloseTo(0.5098375285, 9); // 2 of 10
    // Fallen to some cause plus still standing is every game, at every turn.
    for (let t = 0; t <= TURNS; t++) expect(o.survival[t]!.value + o.fallenBy.revolt[t]!.value + o.fallenBy.wars[t]!.value).toBeCloseTo(1, 12);
  });
});

describe("survival's paired difference by turn", () => {
  // (baseline, arm): survived / fell in turn 2; fell 1 / fell 3; fell 2 / survived; fell 2 / fell 2; survived / survived.
  const PAIRS: [Outcome, Outcome][] = [[game(0), game(3, 2)], [game(1, 1), game(3, 3)], [game(3, 2), game(0)], [game(3, 2), game(1, 2)], [game(0), game(0)]];
  const pairAcc = (pairs: readonly [Outcome, Outcome][]) => {
    const p = newPairAcc();
    for (const [b, a] of pairs) addPair(p, b, a);
    return p;
  };

  it('counts the games fallen by turn t in one arm only', () => {
    const p = pairAcc(PAIRS);
    // Baseline only: pair 2 in turns 1-2, pair 3 in turns 2-3. Arm only: pair 1 in turns 2-3.
    expect(p.fallenB).toEqual([0, 1, 2, 1]);
    expect(p.fallenC).toEqual([0, 0, 1, 1]);
    const split = pairAcc(PAIRS.slice(0, 2));
    mergePair(split, pairAcc(PAIRS.slice(2)));
    expect(split.fallenB).toEqual(p.fallenB);
    expect(split.fallenC).toEqual(p.fallenC);
  });

  it('is the arm\'s survival minus the baseline\'s, with the exact paired interval (hand-computed)', () => {
    const d = survivalDifference(pairAcc(PAIRS), TURNS, Z);
    // Standing after turns 1, 2, 3: baseline 4, 2, 2 of 5; arm 5, 3, 2 of 5.
    expect(d.map((x) => x.value)).toEqual([0, 0.2, 0.2, 0]);
    // Turn 1: one discordant game for the arm: (1/5)(2t - 1) over Clopper-Pearson t in [0.025, 1].
    expect(d[1]!.low).toBeCloseTo(-0.19, 7);
    expect(d[1]!.high).toBeCloseTo(0.2, 12);
    // Turn 2: 2 of 3 discordant games for the arm: t in [0.094299, 0.991564], so (3/5)(2t - 1).
    expect(d[2]!.low).toBeCloseTo(-0.4868408111, 7);
    expect(d[2]!.high).toBeCloseTo(0.5899154896, 7);
    // Turn 3: 1 of 2 each way: symmetric.
    expect(d[3]!.low).toBeCloseTo(-0.3899367063, 7);
    expect(d[3]!.high).toBeCloseTo(0.3899367063, 7);
  });

  it('survive a checkpoint round trip (the resume schema knows them)', () => {
    const acc = fold(TEN);
    const pair = pairAcc(PAIRS);
    const state: ExperimentState = { done: 10, target: 20, looks: 0, seconds: 1, accs: [acc], pairs: [pair] };
    writeExperimentCheckpoint(tmp.path, { name: 'x' } as unknown as ResumeIdentity, state);
    const back = readExperimentCheckpoint(tmp.path)!;
    expect(back.state.accs[0]!.collapseByCauseTurn).toEqual(acc.collapseByCauseTurn);
    expect(back.state.pairs[0]!.fallenB).toEqual(pair.fallenB);
    expect(back.state.pairs[0]!.fallenC).toEqual(pair.fallenC);
  });
});
