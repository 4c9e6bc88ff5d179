// The experiment worker (compiled JS in a worker thread): plays each game index once per arm, on the
// same game seed (common random numbers), and returns the folded per-arm and paired accumulators.
import { workerData } from 'piscina';
import { parsePolicies } from '../../../../policies/index.js';
import type { GameConfig } from '../../../legions/game.js';
import { playOutcome } from '../../../legions/game.js';
import type { Outcome } from '../../../legions/outcome.js';
import type { Policy } from '../../../legions/policy.js';
import { addOutcome, addPair, type ArmAcc, newArmAcc, newPairAcc, type PairAcc } from './accumulator.js';

export interface ExperimentSetup {
  /** Per arm: configuration, policies, seat lineups (rotation) and the index of the arm it is paired with. */
  arms: { cfg: GameConfig; policies: string[]; lineups: number[][]; baseline: number }[];
  seed: string;
}

export interface ExperimentTask {
  start: number;
  end: number;
}

export interface ExperimentBatch {
  start: number;
  end: number;
  arms: ArmAcc[];
  pairs: PairAcc[];
}

/** Policies of one arm for one lineup (created once per worker and reused; parsePolicies wires rollout seats). */
export function seatPolicies(names: readonly string[], lineup: readonly number[]): { names: string[]; pols: Policy[] } {
  const seatNames = lineup.map((l) => names[l]!);
  return { names: seatNames, pols: parsePolicies(seatNames.join(','), seatNames.length) };
}

const setup = workerData as ExperimentSetup | undefined;
const cache = setup ? setup.arms.map((a) => a.lineups.map((l) => seatPolicies(a.policies, l))) : [];

/** Plays games [start, end) of every arm; also usable in-process (tests) with an explicit setup. */
export function playBatch(s: ExperimentSetup, t: ExperimentTask, seats = cache): ExperimentBatch {
  const arms = s.arms.map((a) => newArmAcc(a.cfg.players));
  const pairs = s.arms.map(() => newPairAcc());
  const outcomes: Outcome[] = new Array<Outcome>(s.arms.length);
  for (let i = t.start; i < t.end; i++) {
    for (let a = 0; a < s.arms.length; a++) {
      const sp = seats[a]![i % s.arms[a]!.lineups.length]!;
      outcomes[a] = playOutcome(s.arms[a]!.cfg, s.seed, i, sp.pols);
      addOutcome(arms[a]!, outcomes[a]!, sp.names);
    }
    for (let a = 0; a < s.arms.length; a++) addPair(pairs[a]!, outcomes[s.arms[a]!.baseline]!, outcomes[a]!);
  }
  return { start: t.start, end: t.end, arms, pairs };
}

export default function runBatch(t: ExperimentTask): ExperimentBatch {
  return playBatch(setup!, t);
}
