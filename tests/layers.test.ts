// The layers of the toolkit (README, Layout): the runner, its statistics, experiments and report code
// know no game. No file in src/sim, src/stats, src/report, src/experiment or src/core imports a game's
// module (src/legions, src/caesar, src/games, policies).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const GENERIC = ['src/sim', 'src/stats', 'src/report', 'src/core', 'src/experiment'];
const GAME_CODE = ['src/legions/', 'src/caesar/', 'src/games/', 'policies/'];

const tsFiles = (dir: string): string[] =>
  readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));

/** Relative module specifiers a file imports (static and dynamic, type-only included), resolved to repo paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const specs = [...text.matchAll(/(?:from|import)\s*\(?\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]!);
  return specs.map((s) => relative(root, normalize(join(root, dirname(file), s))).replace(/\.js$/, '.ts'));
}

describe('layers', () => {
  it('finds the imports it checks (a file known to import a game module does)', () => {
    expect(importsOf('src/games/legions/definition.ts')).toContain('src/legions/game.ts');
    expect(importsOf('src/cli/simulate.ts').some((p) => p.startsWith('src/sim/'))).toBe(true);
  });

  it('no file of src/sim, src/stats, src/report, src/experiment or src/core imports a game', () => {
    const bad: string[] = [];
    for (const dir of GENERIC) {
      for (const f of tsFiles(dir)) {
        for (const target of importsOf(f)) if (GAME_CODE.some((g) => target.startsWith(g))) bad.push(`${f} imports ${target}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every generic folder has files to check (a moved folder cannot make the test pass vacuously)', () => {
    for (const dir of GENERIC) expect(tsFiles(dir).length, dir).toBeGreaterThan(0);
  });
});
