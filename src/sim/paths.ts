// Where outputs may go, decided before anything is written: never into system folders (/, /proc,
// /sys, /dev, ..., also through a symbolic link), never onto an input of the same command, never a
// file where a folder is meant or the reverse. The checks only look (stat, realpath, access), so a
// refused command leaves nothing behind, not even an empty folder, and /proc-like paths are refused
// at once instead of being walked.
import { accessSync, constants, existsSync, lstatSync, mkdirSync, realpathSync, rmdirSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { InputError } from '../core/errors.js';

/** Folders no output may be written into (or below); `/` itself only as a folder of its own. */
export const SYSTEM_FOLDERS = ['/proc', '/sys', '/dev', '/boot', '/etc', '/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32', '/usr', '/run'] as const;

/** `p` is `folder` or below it (both absolute). */
export function isWithin(p: string, folder: string): boolean {
  const r = relative(folder, p);
  return r === '' || !(r === '..' || r.startsWith('..' + sep) || isAbsolute(r));
}

function systemFolderOf(abs: string): string | null {
  if (abs === '/') return '/';
  return SYSTEM_FOLDERS.find((f) => isWithin(abs, f)) ?? null;
}

/** The deepest existing folder at or above `abs` (its real path), and whether `abs` itself exists. */
function existingAncestor(abs: string): { dir: string; real: string; rest: string } {
  let dir = abs;
  for (;;) {
    try {
      lstatSync(dir);
      break;
    } catch {
      const up = dirname(dir);
      if (up === dir) break;
      dir = up;
    }
  }
  let real = dir;
  try {
    real = realpathSync(dir);
  } catch {
    // a dangling link: judged by its own path
  }
  return { dir, real, rest: relative(dir, abs) };
}

/** The path with every existing part's links resolved (what a write would really touch). */
export function realTarget(path: string): string {
  const abs = resolve(path);
  const a = existingAncestor(abs);
  return a.rest ? join(a.real, a.rest) : a.real;
}

function refuseSystem(what: string, path: string, abs: string): void {
  for (const p of [abs, realTarget(abs)]) {
    const f = systemFolderOf(p);
    if (f) throw new InputError(`${what} ${path}: refusing to write into the system folder ${f}`);
  }
}

function checkParentWritable(what: string, path: string, abs: string): void {
  const a = existingAncestor(abs);
  let st;
  try {
    st = statSync(a.dir);
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot write there (${(e as NodeJS.ErrnoException).code})`);
  }
  if (!st.isDirectory()) throw new InputError(`${what} ${path}: cannot write there (ENOTDIR)`);
  try {
    accessSync(a.dir, constants.W_OK | constants.X_OK);
  } catch (e) {
    throw new InputError(`${what} ${path}: cannot write there (${(e as NodeJS.ErrnoException).code})`);
  }
}

/** An input of the command, which no output may replace. */
export interface InputPath {
  path: string;
  what: string;
  /** A folder (a shard): outputs may not go into it or below it. */
  folder?: boolean;
}

function sameOrWithin(target: string, input: InputPath): boolean {
  const t = realTarget(target);
  const i = realTarget(input.path);
  return input.folder ? isWithin(t, i) : t === i;
}

/**
 * Checks an output folder without creating it: not a system folder, not an existing file, writable
 * (its nearest existing ancestor is), not an input folder nor inside one, and not holding an input
 * file under one of the names the command writes (`ownNames`). Returns the absolute path.
 */
export function checkOutputDir(dir: string, what: string, inputs: readonly InputPath[] = [], ownNames: readonly string[] = []): string {
  if (dir.trim() === '') throw new InputError(`${what} needs a folder`);
  const abs = resolve(dir);
  refuseSystem(what, dir, abs);
  if (existsSync(abs) && !statSync(abs).isDirectory()) throw new InputError(`${what} ${dir}: cannot write there (ENOTDIR: it is a file)`);
  checkParentWritable(what, dir, abs);
  for (const input of inputs) {
    if (input.folder && sameOrWithin(abs, input)) throw new InputError(`${what} ${dir}: is the input ${input.what} ${input.path} (or inside it); write the outputs elsewhere`);
    if (!input.folder && ownNames.includes(basename(input.path)) && realTarget(dirname(resolve(input.path))) === realTarget(abs)) {
      throw new InputError(`${what} ${dir}: would overwrite the input ${input.what} ${input.path}`);
    }
  }
  return abs;
}

/**
 * Checks an output file the same way: not a folder, not an input, and not one of the files a
 * command writes in its output folder `outDir` (`ownNames`: summary.json, manifest.json, ...).
 */
export function checkOutputFile(file: string, what: string, inputs: readonly InputPath[] = [], outDir?: string, ownNames: readonly string[] = []): string {
  if (file.trim() === '') throw new InputError(`${what} needs a file name`);
  const abs = resolve(file);
  refuseSystem(what, file, abs);
  if (existsSync(abs) && statSync(abs).isDirectory()) throw new InputError(`${what} ${file}: is a folder, not a file`);
  if (file.endsWith('/')) throw new InputError(`${what} ${file}: names a folder, not a file`);
  checkParentWritable(what, file, dirname(abs));
  for (const input of inputs) {
    if (sameOrWithin(abs, input)) throw new InputError(`${what} ${file}: would overwrite the input ${input.what} ${input.path}`);
  }
  if (outDir !== undefined && realTarget(dirname(abs)) === realTarget(outDir)) {
    const name = basename(abs);
    if (ownNames.includes(name) || name.startsWith('.legions')) throw new InputError(`${what} ${file}: is the name of one of the run's own outputs in ${outDir}; choose another name`);
  }
  return abs;
}

/**
 * Creates a checked output folder. Returns the folders it created (outermost first), so that a
 * command refused later (another run holds the folder) can remove them again.
 */
export function createOutputDir(abs: string): string[] {
  const created: string[] = [];
  for (let d = abs; !existsSync(d); d = dirname(d)) created.unshift(d);
  mkdirSync(abs, { recursive: true });
  return created;
}

/** Removes folders made by createOutputDir that are still empty (innermost first). */
export function removeCreated(created: readonly string[]): void {
  for (const d of [...created].reverse()) {
    try {
      rmdirSync(d);
    } catch {
      return; // not empty: someone else uses it now
    }
  }
}
