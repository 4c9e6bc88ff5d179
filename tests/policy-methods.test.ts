// The measuring scripts (scripts/engine-split.mjs, scripts/decisions.mjs) wrap or replay every
// decision method of the Policy interface from one hand-kept list: it must name them all, or a new
// method would go uncounted (decisions.mjs) or unrecorded (engine-split.mjs).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');

/** The method names declared in `export interface Policy { ... }` (init excluded: it is not a decision). */
function interfaceMethods(): string[] {
  const src = readFileSync(join(root, 'src/legions/policy.ts'), 'utf8');
  const body = /export interface Policy \{\n([\s\S]*?)\n\}/.exec(src)?.[1] ?? '';
  return [...body.matchAll(/^ {2}(\w+)\??\(/gm)].map((m) => m[1]!).filter((k) => k !== 'init');
}

/** The names in scripts/policy-methods.mjs's POLICY_METHODS. */
function listedMethods(): string[] {
  const src = readFileSync(join(root, 'scripts/policy-methods.mjs'), 'utf8');
  const list = /POLICY_METHODS = \[([\s\S]*?)\];/.exec(src)?.[1] ?? '';
  return [...list.matchAll(/'(\w+)'/g)].map((m) => m[1]!);
}

describe('the measuring scripts\' list of Policy methods', () => {
  it('names every decision method of the interface, and nothing else', () => {
    const declared = interfaceMethods();
    expect(declared.length).toBeGreaterThan(30); // the parse found the interface
    expect(declared).toContain('propose');
    expect(declared).toContain('bodyguards');
    expect([...listedMethods()].sort()).toEqual([...declared].sort());
  });

  it('is the one list both scripts use', () => {
    for (const script of ['engine-split.mjs', 'decisions.mjs']) {
      const src = readFileSync(join(root, 'scripts', script), 'utf8');
      expect(src, script).toContain("import { POLICY_METHODS } from './policy-methods.mjs';");
    }
  });
});
