// Atomic file output: every file appears complete or not at all.
import { closeSync, constants, fsyncSync, ftruncateSync, mkdirSync, openSync, renameSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

let tmpCounter = 0;

/** Writes a file atomically: a temporary file beside it, flushed, then renamed into place. */
export function writeAtomic(path: string, data: string | Uint8Array): void {
  const tmp = `${path}.legions-${process.pid}-${tmpCounter++}.tmp`;
  try {
    const fd = openSync(tmp, 'w');
    try {
      writeFileSync(fd, data);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing to clean
    }
    throw e;
  }
}

export function fileSize(path: string): number | null {
  try {
    return statSync(path).size;
  } catch {
    return null;
  }
}

/**
 * A file written by appending under a temporary name ("FILE.partial") and renamed to FILE when
 * complete. It can be reopened at a recorded length to continue an interrupted run.
 */
export class PartialFile {
  readonly tmp: string;
  private fd: number;
  private size: number;

  /** Opens FILE.partial: empty, or (when `resumeAt` is given) cut back to `resumeAt` bytes. */
  constructor(readonly path: string, resumeAt?: number) {
    this.tmp = `${path}.partial`;
    mkdirSync(dirname(path), { recursive: true });
    if (resumeAt === undefined) {
      this.fd = openSync(this.tmp, 'w');
      this.size = 0;
    } else {
      this.fd = openSync(this.tmp, constants.O_RDWR);
      ftruncateSync(this.fd, resumeAt);
      this.size = resumeAt;
    }
  }

  get bytes(): number {
    return this.size;
  }

  append(text: string): void {
    this.appendBytes(Buffer.from(text, 'utf8'));
  }

  appendBytes(buf: Uint8Array): void {
    let off = 0;
    while (off < buf.length) off += writeSync(this.fd, buf, off, buf.length - off, this.size + off);
    this.size += buf.length;
  }

  /** Flushes to disk (before a checkpoint records the length). */
  sync(): void {
    fsyncSync(this.fd);
  }

  /** Closes and renames into place. */
  finish(): void {
    this.sync();
    closeSync(this.fd);
    renameSync(this.tmp, this.path);
  }

  /** Closes, keeping FILE.partial for a later resume. */
  close(): void {
    closeSync(this.fd);
  }

  /** Closes and removes FILE.partial (a rolled-back output). */
  discard(): void {
    try {
      closeSync(this.fd);
    } catch {
      // already closed
    }
    try {
      unlinkSync(this.tmp);
    } catch {
      // already gone
    }
  }
}
