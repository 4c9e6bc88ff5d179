// What makes two experiment runs comparable, in two strengths:
//  - the fingerprint (for `check`): the arms by name and order with their seat policies, the player
//    count, seat rotation, seed and games per arm (with the precision settings). Rules, boards and
//    variants are left out on purpose: they are what the balance gate watches for drift. The name is
//    a label and is left out too: renaming a file keeps its baseline.
//  - the resume identity (for `experiment --resume`): all of that plus every arm's full game
//    configuration, since a checkpoint may only be continued by the very same games.
import type { Arm } from './arms.js';
import type { Experiment } from './schema.js';
import { canonicalJSON, shortHash } from '../../../sim/spec.js';

export interface ExperimentFingerprint {
  players: number;
  seed: string;
  gamesPerArm: number;
  precision: number | null;
  maxGames: number | null;
  seatRotation: string;
  arms: { name: string; policies: string[] }[];
}

export function experimentFingerprint(e: Experiment, arms: readonly Arm[]): ExperimentFingerprint {
  return {
    players: e.players,
    seed: e.seed,
    gamesPerArm: e.games,
    precision: e.precision ?? null,
    maxGames: e.precision ? (e.maxGames ?? null) : null,
    seatRotation: e.seatRotation,
    arms: arms.map((a) => ({ name: a.name, policies: [...a.policies] })),
  };
}

const LABELS: Record<keyof ExperimentFingerprint, string> = {
  players: 'players',
  seed: 'seed',
  gamesPerArm: 'games per arm',
  precision: 'precision',
  maxGames: 'maxGames',
  seatRotation: 'seatRotation',
  arms: 'arms',
};

function show(k: keyof ExperimentFingerprint, v: unknown): string {
  if (k === 'arms') return (v as ExperimentFingerprint['arms']).map((a) => `${a.name} (${a.policies.join(',')})`).join(', ') || 'none';
  return typeof v === 'string' ? `"${v}"` : String(v);
}

/** The first field where two fingerprints differ, as "FIELD differs: A in aName, B in bName", or null. */
export function fingerprintMismatch(a: ExperimentFingerprint, b: ExperimentFingerprint, aName: string, bName: string): string | null {
  for (const k of Object.keys(LABELS) as (keyof ExperimentFingerprint)[]) {
    if (canonicalJSON(a[k]) !== canonicalJSON(b[k])) return `${LABELS[k]} differs: ${show(k, a[k])} in ${aName}, ${show(k, b[k])} in ${bName}`;
  }
  return null;
}

/** The fingerprint plus a hash of every arm's configuration: what a checkpoint must match to be resumed. */
export interface ResumeIdentity extends ExperimentFingerprint {
  baseline: number;
  configs: string[];
}

export function resumeIdentity(e: Experiment, arms: readonly Arm[], baseline: number): ResumeIdentity {
  return { ...experimentFingerprint(e, arms), baseline, configs: arms.map((a) => shortHash(a.cfg)) };
}

/** Like fingerprintMismatch, also naming an arm whose rules, board or variants differ. */
export function resumeMismatch(a: ResumeIdentity, b: ResumeIdentity, aName: string, bName: string): string | null {
  const m = fingerprintMismatch(a, b, aName, bName);
  if (m) return m;
  if (a.baseline !== b.baseline) return `the baseline arm differs: ${a.arms[a.baseline]?.name} in ${aName}, ${b.arms[b.baseline]?.name} in ${bName}`;
  const i = a.configs.findIndex((c, k) => c !== b.configs[k]);
  return i >= 0 ? `the rules, board or variants of arm ${a.arms[i]!.name} differ between ${aName} and ${bName}` : null;
}
