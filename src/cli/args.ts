// The first step of the input-validation layer, before yargs sees the command line: every option of
// the chosen command is given at most once (unless it is documented as repeatable, i.e. declared as an
// array), every option that takes a value has one, values are not empty, and numbers are written as
// decimal numbers that a double holds exactly. Values are then passed on as --name=value, so yargs
// never reads a value such as "-1/2" as more flags.
import { availableParallelism } from 'node:os';
import type { CommandModule } from 'yargs';
import yargs from 'yargs';
import { InputError } from '../core/errors.js';
import { WEIGHT_KEYS, type Weights } from '../../policies/parametric.js';

interface OptionTable {
  boolean: Set<string>;
  number: Set<string>;
  string: Set<string>;
  array: Set<string>;
}

const kebab = (s: string) => s.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase());

/** The options a command declares, read from its own yargs builder. */
export function optionTable(cmd: CommandModule<object, never>): OptionTable {
  const y = yargs([]);
  if (typeof cmd.builder === 'function') (cmd.builder as (y: unknown) => unknown)(y);
  const o = (y as unknown as { getOptions(): unknown }).getOptions() as Record<'boolean' | 'number' | 'string' | 'array', string[]>;
  const positional = new Set([...String(cmd.command).matchAll(/[<[]([\w-]+)(?:\.\.)?[>\]]/g)].map((m) => m[1]!));
  const set = (names: string[]) => new Set(names.filter((n) => !positional.has(n)));
  return { boolean: set(o.boolean), number: set(o.number), string: set(o.string), array: set(o.array) };
}

const DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

/** A flag rather than a value: --x, or -x with a letter (so "-1" and "-1/2" are values). */
const isFlag = (t: string) => t.startsWith('--') || /^-[A-Za-z]/.test(t);

/**
 * Checks the command line of one command and returns it with every option value attached as
 * --name=value. Unknown options are left for yargs' strict mode to refuse.
 */
export function normalizeArgs(tokens: readonly string[], commands: readonly CommandModule<object, never>[]): string[] {
  const at = tokens.findIndex((t) => !t.startsWith('-'));
  if (at < 0) return [...tokens];
  const cmd = commands.find((c) => String(c.command).split(' ')[0] === tokens[at]);
  if (!cmd) return [...tokens];
  // Only an in-process caller can pass one (a real command line cannot hold NUL), but file paths
  // with it make the fs module throw: refuse it here, once.
  if (tokens.some((t) => t.includes('\0'))) throw new InputError('the command line holds a NUL character');
  const table = optionTable(cmd);
  const known = (k: string) => table.boolean.has(k) || table.number.has(k) || table.string.has(k);
  const seen = new Map<string, number>();
  const out = tokens.slice(0, at + 1);
  const declared = [...String(cmd.command).matchAll(/[<[][\w-]+(\.\.)?[>\]]/g)];
  const maxPositionals = declared.some((m) => m[1]) ? Infinity : declared.length;
  let positionals = 0;
  for (let i = at + 1; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t === '--') {
      // yargs would pass what follows unchecked: more arguments than the command takes are refused here.
      const rest = tokens.slice(i + 1);
      if (positionals + rest.length > maxPositionals) throw new InputError(`unexpected argument "${rest[Math.max(0, maxPositionals - positionals)]}"`);
      out.push(...tokens.slice(i));
      break;
    }
    if (!t.startsWith('--')) {
      if (!t.startsWith('-') || /^-\d/.test(t)) positionals++;
      out.push(t);
      continue;
    }
    const body = t.slice(2);
    const eq = body.indexOf('=');
    let key = kebab(eq < 0 ? body : body.slice(0, eq));
    let value: string | undefined = eq < 0 ? undefined : body.slice(eq + 1);
    if (key.startsWith('no-') && table.boolean.has(key.slice(3)) && value === undefined) key = key.slice(3);
    else if (key.startsWith('no-') && known(key.slice(3))) throw new InputError(`--${key}: --${key.slice(3)} takes a value, it is not a switch`);
    if (!known(key)) {
      out.push(t);
      continue;
    }
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n > 1 && !table.array.has(key)) throw new InputError(`--${key} is given twice (it takes one value)`);
    if (table.boolean.has(key)) {
      if (value !== undefined && value !== 'true' && value !== 'false') throw new InputError(`--${key} is a switch: give it alone (or --no-${key}), not "${value}"`);
      out.push(t);
      continue;
    }
    if (value === undefined) {
      const next = tokens[i + 1];
      if (next === undefined || isFlag(next)) throw new InputError(`--${key} needs a value`);
      value = next;
      i++;
    }
    if (value.trim() === '') throw new InputError(`--${key} needs a value, got an empty one`);
    if (table.number.has(key)) checkNumberText(key, value);
    out.push(`--${key}=${value}`);
  }
  return out;
}

function checkNumberText(key: string, text: string): void {
  const t = text.trim();
  if (!DECIMAL.test(t)) throw new InputError(`--${key} must be a number, got "${text}"`);
  const v = Number(t);
  if (!Number.isFinite(v)) throw new InputError(`--${key} ${text} is too large`);
  // 9007199254740993 would silently become ...992: refuse any whole number a double cannot hold.
  if (Number.isInteger(v) && !Number.isSafeInteger(v)) throw new InputError(`--${key} ${text} is too large`);
}

// ---- ranges (documented in the README's option tables and Reliability section) ----

/** The most games one run may play (all shards together), and the per-arm cap of experiments. */
export const MAX_GAMES = 100_000_000;
/** Games of a tournament or of one tuning evaluation: they run on the main thread. */
export const MAX_MAIN_THREAD_GAMES = 1_000_000;

/** At most 4 worker threads per core, and never more than 256: more only adds memory. */
export function maxThreads(): number {
  return Math.min(256, 4 * Math.max(1, availableParallelism()));
}

/** An integer option within [min, max]; undefined passes (the option's default applies). */
export function intInRange(name: string, v: number | undefined, min: number, max: number): void {
  if (v === undefined) return;
  if (!Number.isInteger(v)) throw new InputError(`${name} must be a whole number, got ${v}`);
  if (v < min && min === 1) throw new InputError(`${name} must be a positive integer, got ${v}`);
  if (v < min || v > max) throw new InputError(`${name} must be ${min}..${max}, got ${v}`);
}

export function threadsInRange(v: number | undefined): void {
  if (v !== undefined && Number.isInteger(v) && v > maxThreads()) {
    throw new InputError(`--threads must be at most ${maxThreads()} (4 per core, 256 at most), got ${v}`);
  }
  intInRange('--threads', v, 1, maxThreads());
}

/** `--only a,b`: names of parametric weights (validated against the weight table). */
export function weightKeys(flag: string, v: string | undefined): (keyof Weights)[] | undefined {
  if (v === undefined) return undefined;
  const keys = v.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (keys.length === 0) throw new InputError(`${flag}: name at least one weight`);
  for (const k of keys) {
    if (!(WEIGHT_KEYS as string[]).includes(k)) throw new InputError(`${flag}: unknown weight "${k}" (known: ${WEIGHT_KEYS.join(', ')})`);
  }
  return keys as (keyof Weights)[];
}
