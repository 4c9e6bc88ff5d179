// The tests tidy up after themselves: every temp folder is made through tests/tmp.ts (so that it
// carries this run's tag and the global teardown can find it), and the teardown's check works.
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { leftBehind } from './global-setup.js';
import { runTag, testTempDir } from './tmp.js';

describe('temp folders', () => {
  it('are made only through tests/tmp.ts', () => {
    const own = new Set(['tmp.ts', 'global-setup.ts', 'hygiene.test.ts']);
    for (const f of readdirSync(__dirname).filter((x) => x.endsWith('.ts') && !own.has(x))) {
      expect(readFileSync(join(__dirname, f), 'utf8'), f).not.toMatch(/\btmpdir\(\)/);
    }
  });

  const made = testTempDir('hygiene');
  afterAll(() => made.remove());

  it("carry this run's tag, so the teardown finds exactly this run's leftovers", () => {
    const parent = join(made.path, 'tmp');
    mkdirSync(parent);
    mkdirSync(join(parent, `legions-exp-${runTag()}-abc123`));
    mkdirSync(join(parent, 'legions-exp-otherrun-abc123'));
    mkdirSync(join(parent, 'unrelated'));
    expect(leftBehind(parent, runTag())).toEqual([`legions-exp-${runTag()}-abc123`]);
    expect(made.path).toContain(`legions-hygiene-${runTag()}-`);
    expect(process.env.LEGIONS_TEST_RUN, 'set by tests/global-setup.ts').toBe(runTag());
  });
});
