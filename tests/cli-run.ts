// Running the command line from tests (compiled code: needs `npm run build`): single commands, several
// at once, and the checks every refusal must pass (one line, exit 2, no stack trace, nothing written).
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';

export const bin = join(__dirname, '..', 'bin', 'legions.js');

export interface Result {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  cwd?: string;
  env?: Record<string, string>;
  /** Milliseconds before the command is killed (a hang then fails the test on its status). */
  timeout?: number;
}

export function run(args: string[], o: RunOptions = {}): Result {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8', cwd: o.cwd, env: { ...process.env, ...o.env }, timeout: o.timeout ?? 60_000 });
  return { status: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

/** Runs commands as separate processes, `parallel` at a time, results in order. */
export async function runAll(commands: string[][], o: RunOptions = {}, parallel = 3): Promise<Result[]> {
  const out: Result[] = new Array(commands.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < commands.length; i = next++) out[i] = await runAsync(commands[i]!, o);
  };
  await Promise.all(Array.from({ length: Math.min(parallel, commands.length) }, worker));
  return out;
}

export function runAsync(args: string[], o: RunOptions = {}): Promise<Result> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args], { cwd: o.cwd, env: { ...process.env, ...o.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => p.kill('SIGKILL'), o.timeout ?? 60_000);
    p.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    p.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    p.on('close', (status, signal) => {
      clearTimeout(timer);
      resolve({ status, signal, stdout, stderr });
    });
  });
}

/** No stack trace, no Node error code, no uncaught-error banner. */
export function expectNoTrace(text: string): void {
  expect(text).not.toMatch(/\bat \S+:\d+/);
  expect(text).not.toMatch(/\bERR_[A-Z_]{3,}/);
  expect(text).not.toMatch(/^\s*\^\s*$|Node\.js v\d|Uncaught|Unhandled/m);
}

/** A refusal: exit 2, nothing on stdout, one line "legions: ..." matching `pattern`. */
export function expectRefused(r: Result, pattern: RegExp): void {
  const what = `status ${r.status}, stderr: ${r.stderr}`;
  expect(r.status, what).toBe(2);
  expect(r.stdout, what).toBe('');
  const lines = r.stderr.trimEnd().split('\n');
  expect(lines, what).toHaveLength(1);
  expect(lines[0], what).toMatch(/^legions: /);
  expect(lines[0], what).toMatch(pattern);
  expectNoTrace(r.stderr);
}

/** Every file and folder under `dir` (dot files too) with a hash of its content: what a refusal must not change. */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string, rel: string) => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      const r = rel ? `${rel}/${name}` : name;
      const st = lstatSync(p);
      if (st.isSymbolicLink()) out[r] = `link:${readlinkSync(p)}`;
      else if (st.isDirectory()) {
        out[r] = 'dir';
        walk(p, r);
      } else if (!st.isFile()) out[r] = 'special'; // a FIFO: reading it would wait for a writer
      else out[r] = createHash('sha256').update(readFileSync(p)).digest('hex');
    }
  };
  walk(dir, '');
  return out;
}

/** summary.json up to its perf key: the bytes that equal runs must share. */
export function summaryOf(dir: string): string {
  const text = readFileSync(join(dir, 'summary.json'), 'utf8');
  const cut = text.indexOf(',\n  "perf":');
  expect(cut).toBeGreaterThan(0);
  return text.slice(0, cut);
}

type RunCli = (args: readonly string[]) => Promise<number>;
let runCli: RunCli | null = null;

/**
 * Runs the command line in this process (the compiled cli.ts, so worker threads work): the same
 * code as the binary but for process.exit, and about a hundred times faster than a new process,
 * which lets the refusal tests and the fuzz test try many inputs. A thrown error (a bug: the
 * binary would print its stack) gives status null and the stack on stderr.
 */
export async function cli(args: string[], o: { cwd?: string } = {}): Promise<Result> {
  // @ts-expect-error compiled JavaScript without declarations
  runCli ??= ((await import('../dist/src/cli/cli.js')) as { runCli: RunCli }).runCli;
  let stdout = '';
  let stderr = '';
  const text = (c: unknown) => (typeof c === 'string' ? c : Buffer.from(c as Uint8Array).toString('utf8'));
  const [ow, ew] = [process.stdout.write, process.stderr.write];
  process.stdout.write = ((c: unknown) => ((stdout += text(c)), true)) as typeof process.stdout.write;
  process.stderr.write = ((c: unknown) => ((stderr += text(c)), true)) as typeof process.stderr.write;
  const cwd = process.cwd();
  let status: number | null;
  try {
    if (o.cwd) process.chdir(o.cwd);
    status = await runCli!(args);
  } catch (e) {
    status = null;
    stderr += `THREW ${(e as Error).stack ?? String(e)}`;
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
    process.chdir(cwd);
  }
  return { status, signal: null, stdout, stderr };
}
