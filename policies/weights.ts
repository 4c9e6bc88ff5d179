// Weight files of the parametric policy: JSON, validated on load.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { packageRoot } from '../src/core/paths.js';
import { InputError } from '../src/legions/params.js';
import { WEIGHT_KEYS, type Weights } from './parametric.js';

/** Allowed range of every weight (evolution stays inside it). */
export const WEIGHT_RANGES: Record<keyof Weights, [number, number]> = {
  cooperateRI: [0, 30], civic: [0, 1], aggression: [0, 1], bidShare: [0, 1], bidStatusOffset: [0, 10],
  attractMinTreasury: [1, 60], knightSpend: [0, 5], knightReserve: [0, 40], gamesReserve: [0, 1000],
  landActRI: [0, 30], coSponsorRI: [0, 30], landActVoteRI: [0, 30], warMargin: [0, 8], votePrice: [0, 20],
  claimIncomeSurplus: [0, 200], rivalMargin: [-20, 40], tribuneUse: [0, 1], objectRuling: [0, 1], ownGeneralMargin: [0, 5],
  guardCommands: [0, 1],
};

const weightsSchema = z.strictObject(
  Object.fromEntries(WEIGHT_KEYS.map((k) => [k, z.number().min(WEIGHT_RANGES[k][0]).max(WEIGHT_RANGES[k][1])])) as Record<keyof Weights, z.ZodNumber>,
);
const fileSchema = z.looseObject({ weights: weightsSchema });

const cache = new Map<string, Weights>();

/** Loads (once per path) and validates a weight file. */
export function loadWeights(path: string): Weights {
  const hit = cache.get(path);
  if (hit) return hit;
  const w = readWeights(path);
  cache.set(path, w);
  return w;
}

function readWeights(path: string): Weights {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new InputError(`weights ${path}: ${(e as Error).message.split('\n')[0]}`);
  }
  const r = fileSchema.safeParse(raw);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new InputError(`weights ${path}: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
  }
  return r.data.weights as Weights;
}

export const defaultWeightsPath = (): string => join(packageRoot(), 'policies', 'parametric', 'default.json');

export const competentWeightsPath = (): string => join(packageRoot(), 'policies', 'competent', 'competent.json');

/** rivalMargin of the contested player: the competent vector opposing a rival from 10 ahead, not 40 (docs/policies.md). */
export const CONTESTED_RIVAL_MARGIN = 10;

/** The competent vector with rivalMargin 10: neither value gives a seat a significant gain, and this one contests about a vote in six. */
export function contestedWeights(): Weights {
  return { ...loadWeights(competentWeightsPath()), rivalMargin: CONTESTED_RIVAL_MARGIN };
}
