// Output writing as a transaction. A command writes its outputs into a staging folder inside its
// output folder (DIR/.legions-staging-PID-X), then commits: every file renamed into place, the
// manifest last, then the files of the previous run that this one did not write removed. A rollback
// removes the staging folder and leaves DIR as it was. DIR/.legions-outputs.json lists the files
// the last committed run owns (before the renames it lists the union of old and new, so that a crash
// in the middle of a commit still leaves every stale file listed), which is how a re-used --out is
// cleaned of a previous run's outputs without ever touching files legions did not write.
import { existsSync, fsyncSync, mkdirSync, openSync, closeSync, readdirSync, readFileSync, renameSync, rmSync, rmdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { dirname, isAbsolute, join, normalize, relative, sep } from 'node:path';
import { writeAtomic } from './files.js';
import { isWithin, realTarget } from './paths.js';
import { signalExitCode, StopSignals } from './signals.js';

export const OUTPUTS_INDEX = '.legions-outputs.json';
const INDEX_FORMAT = 'legions-outputs/1';
const STAGING_PREFIX = '.legions-staging-';

/** Files written last, in this order: they describe the others. */
const LAST = ['index.html', 'manifest.json'];

/**
 * The names legions writes: what a folder of an older version (no index, but a legions manifest)
 * is cleaned of, and the temp-file names of older versions that may be removed.
 */
const KNOWN_OUTPUTS = [
  'summary.json', 'summary.csv', 'per-turn.csv', 'manifest.json', 'accumulator.json', 'checkpoint.json',
  'results.json', 'metrics.csv', 'comparisons.csv', 'seats.csv', 'policies.csv', 'collapse-by-turn.csv', 'index.html',
  'experiment-checkpoint.json', 'tournament.csv', 'tournament.json', 'tournament.html',
];
const KNOWN_CHART = /^[a-z0-9=._+-]+\.(vl\.json|svg|png)$/i;

/** A relative path that stays inside its folder. */
function safeRelative(name: string): boolean {
  if (typeof name !== 'string' || name === '' || isAbsolute(name)) return false;
  const n = normalize(name);
  return n !== '..' && !n.startsWith('..' + sep) && !n.startsWith(STAGING_PREFIX) && n !== OUTPUTS_INDEX;
}

function readIndex(dir: string): string[] | null {
  try {
    const j = JSON.parse(readFileSync(join(dir, OUTPUTS_INDEX), 'utf8')) as { format?: string; files?: unknown };
    if (j.format === INDEX_FORMAT && Array.isArray(j.files)) return j.files.filter((f): f is string => safeRelative(f as string));
  } catch {
    // no index, or a broken one: fall back to the known names
  }
  return null;
}

function writeIndex(dir: string, command: string, files: Iterable<string>): void {
  writeAtomic(join(dir, OUTPUTS_INDEX), JSON.stringify({ format: INDEX_FORMAT, command, files: [...new Set(files)].sort() }, null, 2) + '\n');
}

/**
 * The outputs a previous run left in `dir`: the index's list; in a folder of an older version, what
 * its legions manifest lists (or, for an experiment report, the report's names); else nothing, so a
 * folder that legions did not write keeps all its files.
 */
export function previousOutputs(dir: string): string[] {
  const listed = readIndex(dir);
  if (listed) return listed;
  let m: { tool?: unknown; command?: unknown; files?: unknown; perGame?: unknown };
  try {
    m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  } catch {
    return [];
  }
  if (m === null || typeof m !== 'object' || m.tool !== 'legions') return [];
  const found = new Set<string>(['manifest.json']);
  if (Array.isArray(m.files)) for (const f of m.files) if (safeRelative(f as string)) found.add(f as string);
  if (typeof m.perGame === 'string') {
    const rel = relative(dir, m.perGame);
    if (safeRelative(rel)) found.add(rel);
  }
  if (m.command === 'experiment') {
    for (const f of KNOWN_OUTPUTS) if (existsSync(join(dir, f))) found.add(f);
    try {
      for (const f of readdirSync(join(dir, 'charts'))) if (KNOWN_CHART.test(f)) found.add(`charts/${f}`);
    } catch {
      // no charts folder
    }
  }
  return [...found];
}

function removeFile(dir: string, name: string): void {
  // Never through a link out of the folder.
  if (!isWithin(realTarget(join(dir, name)), realTarget(dir))) return;
  for (const f of [name, `${name}.partial`]) {
    try {
      unlinkSync(join(dir, f));
    } catch {
      // already gone
    }
  }
  // Remove the folders it leaves empty (charts/), up to dir.
  for (let d = dirname(join(dir, name)); relative(dir, d) !== '' && !relative(dir, d).startsWith('..'); d = dirname(d)) {
    try {
      rmdirSync(d);
    } catch {
      break;
    }
  }
}

/**
 * A fresh run in a used folder: removes the previous run's outputs (all but `keep`) and records an
 * empty list. Call with the folder's lock held.
 */
export function cleanPreviousOutputs(dir: string, command: string, keep: readonly string[] = []): string[] {
  const old = previousOutputs(dir).filter((f) => !keep.includes(f));
  for (const f of old) removeFile(dir, f);
  if (old.length || existsSync(join(dir, OUTPUTS_INDEX))) writeIndex(dir, command, []);
  return old;
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what killed writers left in `dir` (and its charts/): staging folders and *.PID.N.tmp files
 * of processes that are gone. Call with the folder's lock held.
 */
export function removeStrayTemps(dir: string): string[] {
  const removed: string[] = [];
  for (const sub of ['', 'charts']) {
    let names: string[];
    try {
      names = readdirSync(join(dir, sub));
    } catch {
      continue;
    }
    for (const name of names) {
      const staging = sub === '' ? new RegExp(`^${STAGING_PREFIX.replace(/\./g, '\\.')}(\\d+)-`).exec(name) : null;
      // Temp names: NAME.legions-PID-N.tmp; before them NAME.PID.N.tmp, matched only for the
      // names legions writes, so that a file of the user's that happens to look alike is kept.
      const old = /^(.*)\.(\d+)\.\d+\.tmp$/.exec(name);
      const tmp = /\.legions-(\d+)-[0-9a-z]+\.tmp$/.exec(name) ?? /^\.legions-probe-(\d+)\.tmp$/.exec(name)
        ?? (old && (sub === 'charts' ? KNOWN_CHART.test(old[1]!) : KNOWN_OUTPUTS.includes(old[1]!) || old[1] === OUTPUTS_INDEX) ? [old[0], old[2]] : null);
      const m = staging ?? tmp;
      if (!m || pidAlive(Number(m[1]))) continue;
      rmSync(join(dir, sub, name), { recursive: true, force: true });
      removed.push(join(sub, name));
    }
  }
  return removed;
}

export class OutputTransaction {
  readonly staging: string;
  private readonly adopted = new Set<string>();
  private readonly commitHooks: (() => void)[] = [];
  private readonly rollbackHooks: (() => void)[] = [];
  private done = false;

  /** Starts a transaction on the existing, locked folder `dir`. */
  constructor(readonly dir: string, readonly command: string) {
    this.staging = join(dir, `${STAGING_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(this.staging);
  }

  /** Writes one output (a path relative to the output folder) into the staging folder. */
  put(name: string, data: string | Uint8Array): void {
    const path = join(this.staging, name);
    mkdirSync(dirname(path), { recursive: true });
    const fd = openSync(path, 'w');
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
  }

  /** An output already in place (accumulator.json, a per-game CSV inside the folder) that this run owns. */
  adopt(name: string): void {
    if (safeRelative(name)) this.adopted.add(name);
  }

  /** Runs `fn` at the start of the commit (e.g. renaming a staged file kept outside the folder). */
  beforeCommit(fn: () => void): void {
    this.commitHooks.push(fn);
  }

  /** Runs `fn` on rollback (e.g. removing such a staged file). */
  onRollback(fn: () => void): void {
    this.rollbackHooks.push(fn);
  }

  /** The staged files, relative to the output folder. */
  staged(): string[] {
    const out: string[] = [];
    const walk = (rel: string) => {
      for (const e of readdirSync(join(this.staging, rel), { withFileTypes: true })) {
        const r = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) walk(r);
        else out.push(r);
      }
    };
    walk('');
    return out;
  }

  /** Moves every staged file into place (the manifest last) and removes the previous run's leftovers. */
  commit(): string[] {
    const names = this.staged().sort((a, b) => LAST.indexOf(a) - LAST.indexOf(b) || (a < b ? -1 : a > b ? 1 : 0));
    const mine = new Set([...names, ...this.adopted]);
    const old = previousOutputs(this.dir);
    writeIndex(this.dir, this.command, [...old, ...mine]);
    for (const f of this.commitHooks) f();
    for (const n of names) {
      mkdirSync(dirname(join(this.dir, n)), { recursive: true });
      renameSync(join(this.staging, n), join(this.dir, n));
    }
    for (const f of old) if (!mine.has(f)) removeFile(this.dir, f);
    writeIndex(this.dir, this.command, mine);
    rmSync(this.staging, { recursive: true, force: true });
    this.done = true;
    return names;
  }

  rollback(): void {
    if (this.done) return;
    this.done = true;
    for (const f of this.rollbackHooks) {
      try {
        f();
      } catch {
        // roll back the rest regardless
      }
    }
    rmSync(this.staging, { recursive: true, force: true });
  }
}

/**
 * Writes outputs through a transaction while `signals` is installed: a first signal lets the writing
 * finish (then says so, and the command exits with the signal's status), a second one rolls back and
 * exits at once. `fill` stages the files.
 */
export async function writeTransaction(dir: string, command: string, signals: StopSignals, fill: (tx: OutputTransaction) => Promise<void> | void, adopt: readonly string[] = []): Promise<string[]> {
  const tx = new OutputTransaction(dir, command);
  for (const a of adopt) tx.adopt(a);
  signals.onFirst((sig) => process.stderr.write(`legions: ${sig}: finishing the outputs in ${dir} (a second signal rolls them back)\n`));
  signals.onUrgent((sig) => {
    tx.rollback();
    process.stderr.write(`legions: second ${sig} while writing the outputs: rolled back, nothing new in ${dir}; run the command again (with --resume where it has one) to write them\n`);
    process.exit(signalExitCode(sig));
  });
  const pending = signals.signal;
  try {
    await fill(tx);
    await holdForTest(tx);
  } catch (e) {
    tx.rollback();
    throw e;
  }
  const files = tx.commit();
  signals.onFirst(null);
  signals.onUrgent(StopSignals.exitNow);
  const sig = signals.signal;
  if (sig !== null) {
    process.stderr.write(`legions: ${sig} ${pending ? 'before' : 'while'} writing the outputs: finished writing them in ${dir}, then stopped\n`);
    process.exitCode = signalExitCode(sig);
  }
  return files;
}

/**
 * Test hook: with LEGIONS_TEST_HOLD_COMMIT=FILE, a staged transaction waits (yielding to the event
 * loop, so signals are handled) until FILE exists, which lets a test signal it at a known point.
 */
async function holdForTest(tx: OutputTransaction): Promise<void> {
  const go = process.env.LEGIONS_TEST_HOLD_COMMIT;
  if (!go) return;
  const marker = join(tx.dir, '.legions-test-held');
  writeFileSync(marker, '');
  tx.onRollback(() => rmSync(marker, { force: true }));
  while (!existsSync(go)) await new Promise((r) => setTimeout(r, 10));
  rmSync(marker, { force: true });
}
