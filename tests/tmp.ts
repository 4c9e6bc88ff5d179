// Temporary folders of the tests: every one is made here, named legions-NAME-RUN-XXXXXX in the system
// temp folder (RUN: this test run, set by tests/global-setup.ts), and removed by the test that made it;
// the global teardown fails the run if any folder of this run is left behind.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The tag of this test run in temp folder names (one outside a vitest run: the process id). */
export const runTag = (): string => process.env.LEGIONS_TEST_RUN ?? `p${process.pid}`;

export interface TempDir {
  path: string;
  remove(): void;
}

export function testTempDir(name: string): TempDir {
  const path = mkdtempSync(join(tmpdir(), `legions-${name}-${runTag()}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}
