// Once per test run: tags the run (tests/tmp.ts puts the tag in every temp folder name), and at the
// end fails the run when a temp folder of this run is still there, naming it (then removes it, so
// that a failed run does not leave litter either). Other runs' folders, e.g. of a test run in another
// checkout at the same time, carry another tag and are left alone.
import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function setup(): void {
  process.env.LEGIONS_TEST_RUN = `r${process.pid.toString(36)}${Date.now().toString(36)}`;
}

/** Folders of run `tag` left in `dir`. */
export function leftBehind(dir: string, tag: string): string[] {
  return readdirSync(dir).filter((f) => f.startsWith('legions-') && f.includes(`-${tag}-`)).sort();
}

export function teardown(): void {
  const tag = process.env.LEGIONS_TEST_RUN!;
  const left = leftBehind(tmpdir(), tag);
  for (const f of left) rmSync(join(tmpdir(), f), { recursive: true, force: true });
  if (left.length) {
    // vitest reports an error thrown here but still exits 0, so the exit code is set as well.
    process.exitCode = 1;
    throw new Error(`the tests left ${left.length} temp folder(s) behind (now removed): ${left.join(', ')}; remove each in an afterAll`);
  }
}
