// The commit point of a command that writes: after every input check has passed, create the output
// folders and take their locks (the folder's, and each output file's), then clear what killed
// writers left there. A lock held by another run refuses the command and removes the folders this
// call created, so a refusal still leaves nothing behind.
import { dirname, join } from 'node:path';
import { Lock, LOCK_NAME } from './lock.js';
import { createOutputDir, removeCreated } from './paths.js';
import { removeStrayTemps } from './transaction.js';

export interface Claim {
  /** Temporary files of killed writers that were removed. */
  removed: string[];
  release(): void;
}

export interface ClaimTarget {
  /** Absolute path (checked by checkOutputDir / checkOutputFile). */
  path: string;
  /** The option naming it, for messages: "--out reports/x". */
  what: string;
}

export function claimOutputs(command: string, dir: ClaimTarget | null, files: readonly ClaimTarget[] = []): Claim {
  const created: string[] = [];
  const locks: Lock[] = [];
  try {
    if (dir) {
      created.push(...createOutputDir(dir.path));
      locks.push(Lock.acquire(join(dir.path, LOCK_NAME), dir.what, command));
    }
    for (const f of files) {
      created.push(...createOutputDir(dirname(f.path)));
      locks.push(Lock.acquire(`${f.path}.lock`, f.what, command));
    }
  } catch (e) {
    for (const l of locks) l.release();
    removeCreated(created);
    throw e;
  }
  const removed = dir ? removeStrayTemps(dir.path) : [];
  return { removed, release: () => locks.forEach((l) => l.release()) };
}
