// What a run is: the game configuration, the seats' policies, the master seed, the game count and
// the slice of game indices this process plays (a shard), plus the identity that checkpoints and
// shard files carry so that a resume or a merge can refuse results of another configuration.
import { createHash } from 'node:crypto';
import { InputError } from '../core/errors.js';
import type { GameDefinition, RunAcc } from './game.js';

export interface RunSpec<Cfg = unknown, A extends RunAcc = RunAcc> {
  /** The game played (src/games). */
  readonly game: GameDefinition<Cfg, A>;
  readonly cfg: Cfg;
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
 * outcome for every game index; shards of one run share it. The runner's own fields, plus the game's
 * (GameDefinition.identity: for LEGIONS players, variants, turns and the rules and board hashes;
 * every other game also names itself in `game`).
 */
export interface RunIdentity {
  policies: string[];
  /** Seat rotation of the policies (a field's), when not none. */
  rotation?: 'latin';
  seed: string;
  games: number;
  [gameField: string]: unknown;
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

export function runIdentity<Cfg, A extends RunAcc>(spec: RunSpec<Cfg, A>): RunIdentity {
  const all: RunIdentity = {
    ...(spec.game.id !== 'legions' ? { game: spec.game.id } : {}),
    ...spec.game.identity(spec.cfg),
    policies: [...spec.policies],
    ...(spec.rotation === 'latin' ? { rotation: 'latin' as const } : {}),
    seed: spec.seed,
    games: spec.games,
  };
  // Fields in the game's order (identityNames), so that the summary's config reads as it always has.
  const id = {} as RunIdentity;
  for (const k of [...Object.keys(spec.game.identityNames), ...Object.keys(all)]) if (k in all && !(k in id)) id[k] = all[k];
  return id;
}

export function fingerprint(id: RunIdentity): string {
  return shortHash(id);
}

/** Human names of the runner's identity fields, for messages that name a mismatch (a game adds its own). */
const RUNNER_FIELD_NAMES: Readonly<Record<string, string>> = {
  game: '--game',
  policies: '--policies (or --field)',
  rotation: 'the seat rotation (--field)',
  seed: '--seed',
  games: '--games',
};

function show(v: unknown): string {
  return Array.isArray(v) ? (v.length ? v.join(',') : 'none') : typeof v === 'string' ? `"${v}"` : String(v);
}

/**
 * The first field where two identities differ, as "FIELD differs: A in ..., B in ...", or null when
 * they agree. `names` gives the game's fields in the order to report them (the runner's are added);
 * an identity without `game` is LEGIONS' (its files never named it).
 */
export function identityMismatch(a: RunIdentity, b: RunIdentity, aName: string, bName: string, names: Readonly<Record<string, string>> = {}): string | null {
  const all: Record<string, string> = { game: RUNNER_FIELD_NAMES.game!, ...names, ...RUNNER_FIELD_NAMES, ...names };
  const keys = [...new Set([...Object.keys(all), ...Object.keys(a), ...Object.keys(b)])];
  const value = (id: RunIdentity, k: string) => (k === 'game' ? id.game ?? 'legions' : id[k]);
  for (const k of keys) {
    if (canonicalJSON(value(a, k)) !== canonicalJSON(value(b, k))) return `${all[k] ?? k} differs: ${show(value(a, k))} in ${aName}, ${show(value(b, k))} in ${bName}`;
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
