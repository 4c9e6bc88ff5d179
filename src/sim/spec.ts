// What a run is: the game configuration, the seats' policies, the master seed, the game count and
// the slice of game indices this process plays (a shard), plus the identity that checkpoints and
// shard files carry so that a resume or a merge can refuse results of another configuration.
import { createHash } from 'node:crypto';
import type { GameConfig } from '../legions/game.js';
import { InputError } from '../legions/params.js';
import { VARIANT_NAMES } from '../legions/variants.js';

export interface RunSpec {
  readonly cfg: GameConfig;
  /** Policy name of every seat. */
  readonly policies: readonly string[];
  /** latin: game i seats policies[(s + i) mod n] in seat s (a field's rotation); none: as listed. */
  readonly rotation?: 'none' | 'latin';
  readonly seed: string;
  /** Games of the whole run (all shards). */
  readonly games: number;
  /** Game indices [start, end) played by this process. */
  readonly start: number;
  readonly end: number;
  readonly shard: Shard | null;
}

export interface Shard {
  readonly index: number;
  readonly count: number;
}

/**
 * Everything that decides the results of a whole run. Two runs with equal identities give the same
 * outcome for every game index; shards of one run share it.
 */
export interface RunIdentity {
  players: number;
  policies: string[];
  /** Seat rotation of the policies (a field's), when not none. */
  rotation?: 'latin';
  variants: string[];
  seed: string;
  games: number;
  turns: number;
  rulesHash: string;
  boardHash: string;
}

/** JSON with object keys sorted at every level: equal values give equal text. */
export function canonicalJSON(v: unknown): string {
  if (Array.isArray(v)) return '[' + v.map(canonicalJSON).join(',') + ']';
  if (v !== null && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    return '{' + Object.keys(o).sort().filter((k) => o[k] !== undefined).map((k) => JSON.stringify(k) + ':' + canonicalJSON(o[k])).join(',') + '}';
  }
  return JSON.stringify(v);
}

export function shortHash(v: unknown): string {
  return createHash('sha256').update(canonicalJSON(v)).digest('hex').slice(0, 16);
}

export function enabledVariants(cfg: GameConfig): string[] {
  return VARIANT_NAMES.filter((n) => cfg.variants[n]);
}

export function runIdentity(spec: RunSpec): RunIdentity {
  return {
    players: spec.cfg.players,
    policies: [...spec.policies],
    ...(spec.rotation === 'latin' ? { rotation: 'latin' as const } : {}),
    variants: enabledVariants(spec.cfg),
    seed: spec.seed,
    games: spec.games,
    turns: spec.cfg.params.turns,
    rulesHash: shortHash(spec.cfg.params),
    boardHash: shortHash(spec.cfg.board),
  };
}

export function fingerprint(id: RunIdentity): string {
  return shortHash(id);
}

/** Human names of the identity fields, for messages that name a mismatch. */
const FIELD_NAMES: Record<keyof RunIdentity, string> = {
  players: '--players',
  policies: '--policies (or --field)',
  rotation: 'the seat rotation (--field)',
  variants: '--variants',
  seed: '--seed',
  games: '--games',
  turns: 'the rules (turns)',
  rulesHash: 'the rules (--rule/--rules; rules hash)',
  boardHash: 'the board (--board; board hash)',
};

function show(v: unknown): string {
  return Array.isArray(v) ? (v.length ? v.join(',') : 'none') : typeof v === 'string' ? `"${v}"` : String(v);
}

/** The first field where two identities differ, as "FIELD (A vs B)", or null when they agree. */
export function identityMismatch(a: RunIdentity, b: RunIdentity, aName: string, bName: string): string | null {
  for (const k of Object.keys(FIELD_NAMES) as (keyof RunIdentity)[]) {
    if (canonicalJSON(a[k]) !== canonicalJSON(b[k])) return `${FIELD_NAMES[k]} differs: ${show(a[k])} in ${aName}, ${show(b[k])} in ${bName}`;
  }
  return null;
}

/** Parses --shard "i/n" (0 <= i < n): the i-th of n contiguous, near-equal ranges of game indices. */
export function parseShard(text: string | undefined, games: number): Shard | null {
  if (text === undefined) return null;
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  if (!m) throw new InputError(`--shard must be i/n with 0 <= i < n (e.g. 0/4), got "${text}"`);
  const index = Number(m[1]);
  const count = Number(m[2]);
  if (count < 1) throw new InputError(`--shard ${text}: the shard count must be at least 1`);
  if (index >= count) throw new InputError(`--shard ${text}: the shard index must be 0..${count - 1} (shards are numbered from 0)`);
  if (count > games) throw new InputError(`--shard ${text}: more shards than games (${games})`);
  return { index, count };
}

/** Game indices [start, end) of shard i of n over `games` games. */
export function shardRange(games: number, shard: Shard | null): [number, number] {
  if (!shard) return [0, games];
  const at = (k: number) => Math.floor((k * games) / shard.count);
  return [at(shard.index), at(shard.index + 1)];
}
