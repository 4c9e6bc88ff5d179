// The measuring scripts refuse bad input in one line with exit 2 (README, Performance: measuring a change).
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const run = (script: string, ...args: string[]) =>
  spawnSync(process.execPath, [join(root, 'scripts', script), ...args], { cwd: root, encoding: 'utf8' });

describe('measuring scripts', () => {
  it('ab-commit refuses a name that is not a commit, in one line', () => {
    const r = run('ab-commit.mjs', 'no-such-ref-anywhere');
    expect(r.status).toBe(2);
    expect(r.stderr.trim().split('\n')).toEqual(['ab-commit: no-such-ref-anywhere is not a commit of this repository']);
  });

  it('ab-commit refuses a bad PAIRS before building anything (no "building" line first)', () => {
    const r = run('ab-commit.mjs', 'HEAD', '300', 'x');
    expect(r.status).toBe(2);
    expect(r.stderr.trim()).toBe('ab-commit: CHUNK and PAIRS must be positive whole numbers (got 300, x)');
  });

  it('ab-commit without a REF prints its usage and exits 2', () => {
    const r = run('ab-commit.mjs');
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^ab-commit: usage: node scripts\/ab-commit\.mjs REF/);
  });

  it('ab-builds refuses a root without a build and a bad CHUNK, each in one line', () => {
    const noBuild = run('ab-builds.mjs', join(root, 'tests'), join(root, 'tests'), '10', '1');
    expect(noBuild.status).toBe(2);
    expect(noBuild.stderr.trim().split('\n')).toHaveLength(1);
    expect(noBuild.stderr).toContain('has no build');
    const badChunk = run('ab-builds.mjs', root, root, 'x', '1');
    expect(badChunk.status).toBe(2);
    expect(badChunk.stderr.trim()).toBe('ab-builds: CHUNK and PAIRS must be positive whole numbers (got x, 1)');
  });

  it('warm-up refuses a bad GAMES or THREADS and extra arguments, each in one line', () => {
    const bad = run('warm-up.mjs', '1000', 'two');
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe('warm-up: GAMES and THREADS must be positive whole numbers (got 1000, two)');
    const extra = run('warm-up.mjs', '1000', '2', '3');
    expect(extra.status).toBe(2);
    expect(extra.stderr.trim().split('\n')).toHaveLength(1);
    expect(extra.stderr).toContain('too many arguments');
  });

  it('ab-instructions refuses a bad WARM, a root without a build, a bad policy and no roots, each in one line', () => {
    const badWarm = run('ab-instructions.mjs', root, root, 'ten', '5');
    expect(badWarm.status).toBe(2);
    expect(badWarm.stderr.trim()).toBe('ab-instructions: WARM and MEASURE must be positive whole numbers (got ten, 5)');
    const noBuild = run('ab-instructions.mjs', join(root, 'tests'), root, '1', '1');
    expect(noBuild.status).toBe(2);
    expect(noBuild.stderr.trim().split('\n')).toHaveLength(1);
    expect(noBuild.stderr).toContain('has no build');
    const badPolicy = run('ab-instructions.mjs', root, root, '1', '1', 'no-such-policy');
    expect(badPolicy.status).toBe(2);
    expect(badPolicy.stderr.trim().split('\n')).toHaveLength(1);
    expect(badPolicy.stderr).toMatch(/^ab-instructions: .*no-such-policy/);
    const usage = run('ab-instructions.mjs', root);
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/^ab-instructions: usage: node scripts\/ab-instructions\.mjs \[--branches\] A_ROOT B_ROOT/);
    // --branches is a flag before the roots: the arguments after it are checked the same way.
    const branchesBadWarm = run('ab-instructions.mjs', '--branches', root, root, 'ten', '5');
    expect(branchesBadWarm.status).toBe(2);
    expect(branchesBadWarm.stderr.trim()).toBe('ab-instructions: WARM and MEASURE must be positive whole numbers (got ten, 5)');
  });

  it('instruction-profile refuses a bad TOP, a root without a build and too many arguments, each in one line', () => {
    const badTop = run('instruction-profile.mjs', root, 'all');
    expect(badTop.status).toBe(2);
    expect(badTop.stderr.trim()).toBe('instruction-profile: TOP, WARM and MEASURE must be positive whole numbers (got all, 1000, 2000)');
    const noBuild = run('instruction-profile.mjs', join(root, 'tests'));
    expect(noBuild.status).toBe(2);
    expect(noBuild.stderr.trim().split('\n')).toHaveLength(1);
    expect(noBuild.stderr).toContain('has no build');
    const extra = run('instruction-profile.mjs', root, '1', '1', '1', 'competent', 'more');
    expect(extra.status).toBe(2);
    expect(extra.stderr).toMatch(/^instruction-profile: usage: .*\[--mispredicts\]/);
    const mispredictsBadTop = run('instruction-profile.mjs', '--mispredicts', root, 'all');
    expect(mispredictsBadTop.status).toBe(2);
    expect(mispredictsBadTop.stderr.trim()).toBe('instruction-profile: TOP, WARM and MEASURE must be positive whole numbers (got all, 1000, 2000)');
  });
});
