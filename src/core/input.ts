// Reading the files a user names (rules, boards, weights, experiments, baselines, shard files): only
// regular files, of bounded size, parsed as JSON without prototype keys, with messages that name the
// file and the problem but never echo its content.
import { closeSync, constants, fstatSync, openSync, readSync, statSync } from 'node:fs';
import { InputError } from './errors.js';

/** The largest input file read (the biggest legitimate one, an accumulator, is well under 1 MB). */
export const MAX_INPUT_BYTES = 16 * 1024 * 1024;

/** The file does not exist (callers for which that is normal, such as a checkpoint, catch this one). */
export class MissingInput extends InputError {}

/** Keys that would reach an object's prototype when copied into a plain object. */
export const PROTOTYPE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The text of a regular file of at most `max` bytes. A FIFO, device (/dev/zero), folder or missing
 * file is refused before it is read, and a file that keeps growing (/proc) is cut at `max` + 1 bytes
 * and refused.
 */
export function readInputText(path: string, what: string, max = MAX_INPUT_BYTES): string {
  if (path === '') throw new InputError(`${what}: no file named`);
  let kind;
  try {
    kind = statSync(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new MissingInput(`${what} ${path}: cannot read the file (no such file)`);
    throw new InputError(`${what} ${path}: cannot read the file (${code})`);
  }
  if (kind.isDirectory()) throw new InputError(`${what} ${path}: is a folder, not a file`);
  if (!kind.isFile()) throw new InputError(`${what} ${path}: not a regular file`);
  if (kind.size > max) throw new InputError(`${what} ${path}: too large (${kind.size} bytes; at most ${max})`);
  let fd: number;
  try {
    // O_NONBLOCK: should the file have become a FIFO since the check, opening it must not hang.
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw new InputError(`${what} ${path}: not a regular file`);
    const chunk = Buffer.alloc(64 * 1024);
    const chunks: Buffer[] = [];
    let len = 0;
    for (let n = readSync(fd, chunk, 0, chunk.length, null); n > 0; n = readSync(fd, chunk, 0, chunk.length, null)) {
      len += n;
      if (len > max) throw new InputError(`${what} ${path}: too large (more than ${max} bytes)`);
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks).toString('utf8');
  } catch (e) {
    if (e instanceof InputError) throw e;
    throw new InputError(`${what} ${path}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses JSON text; a syntax error is reported by position only (V8's message quotes the text, which
 * may be any file a user named), and a prototype key anywhere is refused.
 */
export function parseJsonInput(text: string, what: string): unknown {
  let bad: string | null = null;
  let raw: unknown;
  try {
    raw = JSON.parse(text, function (this: unknown, key: string, value: unknown) {
      if (bad === null && PROTOTYPE_KEYS.has(key) && this !== null && typeof this === 'object' && !Array.isArray(this)) bad = key;
      return value;
    });
  } catch (e) {
    const at = /position (\d+)/.exec((e as Error).message);
    throw new InputError(`${what}: not valid JSON${at ? ` (at character ${at[1]})` : text.trim() === '' ? ' (empty)' : ''}`);
  }
  if (bad !== null) throw new InputError(`${what}: the key "${bad}" is not allowed`);
  return raw;
}

/** readInputText then parseJsonInput. */
export function readJsonInput(path: string, what: string, max = MAX_INPUT_BYTES): unknown {
  return parseJsonInput(readInputText(path, what, max), `${what} ${path}`);
}
