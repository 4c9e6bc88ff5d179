// One writer per output: a lock file (DIR/.legions.lock for a folder, FILE.lock for a per-game CSV)
// created atomically (written under a temporary name, then hard-linked into place, which fails if
// the lock exists), holding who took it: pid, host, start time. A second writer is refused at once
// with one line naming the holder. A lock is stale when its process is gone: on the same host the
// pid is dead or now belongs to another process (its start time in /proc differs); from another host
// (a node that died under a cluster job), when its heartbeat, the file's modification time refreshed
// every HEARTBEAT_MS, is older than FOREIGN_STALE_MS. A stale lock is taken over under a short-lived
// guard file, so that of two processes finding it stale at once only one gets it.
import { closeSync, linkSync, openSync, readFileSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { InputError } from '../core/errors.js';

export const LOCK_NAME = '.legions.lock';
export const HEARTBEAT_MS = 10_000;
export const FOREIGN_STALE_MS = 30_000;
/** A takeover guard older than this belongs to a process that died while taking over. */
const GUARD_STALE_MS = 10_000;

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  command: string;
  /** The process's start time in clock ticks after boot (/proc/PID/stat field 22), where known. */
  procStart: string | null;
  /** Tells this lock from a later one of the same pid. */
  token: string;
}

/** The start time of process `pid` (Linux), or null where /proc does not tell. */
export function processStart(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // someone else's process, but alive
  }
}

/** Whether the process that took a lock is gone (see the file comment). */
export function isStale(h: LockHolder, mtimeMs: number, now = Date.now()): boolean {
  if (h.host !== hostname()) return now - mtimeMs > FOREIGN_STALE_MS;
  if (!alive(h.pid)) return true;
  const start = processStart(h.pid);
  return h.procStart !== null && start !== null && start !== h.procStart;
}

export function describeHolder(h: LockHolder): string {
  return `pid ${h.pid} on ${h.host}, started ${h.startedAt}`;
}

function parseHolder(text: string): LockHolder | null {
  try {
    const h = JSON.parse(text) as LockHolder;
    if (Number.isInteger(h.pid) && typeof h.host === 'string' && typeof h.startedAt === 'string' && typeof h.token === 'string') return h;
  } catch {
    // fall through
  }
  return null;
}

/** "pid P on H, started T" when a live process holds the lock at `path`, else null (no lock, or a stale one). */
export function liveHolder(path: string): string | null {
  try {
    const h = parseHolder(readFileSync(path, 'utf8'));
    if (h && !isStale(h, statSync(path).mtimeMs) && !(h.pid === process.pid && h.host === hostname())) return describeHolder(h);
  } catch {
    // no lock
  }
  return null;
}

const held = new Set<Lock>();
let exitHook = false;

export class Lock {
  private beat: NodeJS.Timeout | null = null;

  private constructor(readonly path: string, readonly holder: LockHolder) {
    held.add(this);
    if (!exitHook) {
      exitHook = true;
      // Whatever way the process ends (but SIGKILL), its locks go with it.
      process.on('exit', () => {
        for (const l of [...held]) l.release();
      });
    }
    this.beat = setInterval(() => {
      try {
        const t = new Date();
        utimesSync(this.path, t, t);
      } catch {
        // the heartbeat is best effort
      }
    }, HEARTBEAT_MS);
    this.beat.unref();
  }

  /**
   * Takes the lock at `path` for `what` (e.g. "--out reports/x"), or throws an InputError naming the
   * holder. `command` is recorded for people reading the lock file.
   */
  static acquire(path: string, what: string, command: string): Lock {
    const me: LockHolder = {
      pid: process.pid, host: hostname(), startedAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'), command,
      procStart: processStart(process.pid), token: randomBytes(8).toString('hex'),
    };
    const text = JSON.stringify(me) + '\n';
    for (let attempt = 0; attempt < 5; attempt++) {
      if (tryCreate(path, text)) return new Lock(path, me);
      let current: string;
      let mtime: number;
      try {
        current = readFileSync(path, 'utf8');
        mtime = statSync(path).mtimeMs;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') continue; // released meanwhile: try again
        throw new InputError(`${what}: cannot read its lock ${path} (${(e as NodeJS.ErrnoException).code})`);
      }
      const other = parseHolder(current);
      if (!other) throw new InputError(`${what}: its lock ${path} is unreadable; remove it if no legions run is writing there`);
      if (!isStale(other, mtime)) {
        throw new InputError(`${what} is in use by another legions run (${describeHolder(other)}); wait for it to end, or remove ${path} if that run is gone`);
      }
      if (takeOver(path, current, text)) return new Lock(path, me);
      sleep(20 * (attempt + 1)); // another process is taking it over: let it finish
    }
    throw new InputError(`${what}: could not take its lock ${path}: other legions runs are starting there at the same time`);
  }

  /** Removes the lock if it is still this process's own. */
  release(): void {
    if (this.beat) clearInterval(this.beat);
    this.beat = null;
    if (!held.delete(this)) return;
    try {
      if (parseHolder(readFileSync(this.path, 'utf8'))?.token === this.holder.token) unlinkSync(this.path);
    } catch {
      // already gone
    }
  }
}

/** Blocks for `ms` milliseconds (a lock is taken before anything else runs; nothing to yield to). */
function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** Creates `path` holding `text` only if it does not exist; readers never see it half-written. */
function tryCreate(path: string, text: string): boolean {
  const tmp = `${path}.legions-${process.pid}-${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, text);
  try {
    linkSync(tmp, path);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    // A file system without hard links: exclusive creation (a reader may see it empty for an instant).
    try {
      const fd = openSync(path, 'wx');
      try {
        writeFileSync(fd, text);
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing to clean
    }
  }
}

/**
 * Replaces the stale lock whose content is `stale` by ours, under the guard PATH.takeover: only the
 * process holding the guard may remove a stale lock, and only if it is still the same stale lock.
 */
function takeOver(path: string, stale: string, text: string): boolean {
  const guard = `${path}.takeover`;
  if (!tryCreate(guard, `${process.pid}\n`)) {
    try {
      if (Date.now() - statSync(guard).mtimeMs > GUARD_STALE_MS) unlinkSync(guard);
    } catch {
      // gone meanwhile
    }
    return false;
  }
  try {
    let now: string | null = null;
    try {
      now = readFileSync(path, 'utf8');
    } catch {
      // removed meanwhile
    }
    if (now !== null && now !== stale) return false;
    if (now !== null) unlinkSync(path);
    return tryCreate(path, text);
  } finally {
    try {
      unlinkSync(guard);
    } catch {
      // nothing to clean
    }
  }
}
