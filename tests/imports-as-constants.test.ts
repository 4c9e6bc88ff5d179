// The game's modules, and the default field's player (policies/parametric.ts, policies/lib.ts), take their imported values as constants of their own (docs/performance.md, the
// thirteenth round): V8 checks an imported binding at every use and folds a module's own constant.
// A named value import from another game module would quietly undo that in hot code; and a constant
// destructured from a module of the same import cycle could be read before that module has run.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const legions = join(root, 'src', 'legions');
/** The player of the default field and its library: as hot as the engine. */
const player = [join(root, 'policies', 'parametric.ts'), join(root, 'policies', 'lib.ts')];
/** The two modules that import from a partner in their own import cycle keep live imports (see the record). */
const liveImports = new Set(['ror/consul-for-life.ts', 'ror/split-combat.ts']);

function gameModules(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? gameModules(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('imports in the game modules', () => {
  it('are namespace or type imports, destructured once into constants', () => {
    const offenders: string[] = [];
    for (const file of [...gameModules(legions), ...player]) {
      const name = relative(legions, file);
      if (liveImports.has(name)) continue;
      const text = readFileSync(file, 'utf8');
      // import { a, type B } from './x.js' (a value among the names): only `import type {...}` and `import * as` are the rule.
      for (const m of text.matchAll(/^import \{([^}]*)\} from '(\.[^']+)'/gm)) {
        const values = m[1]!.split(',').map((x) => x.trim()).filter((x) => x !== '' && !x.startsWith('type '));
        if (values.length > 0) offenders.push(`${name}: ${values.join(', ')} from ${m[2]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('take only functions from a module of their own import cycle (hoisted: initialised before any module runs)', async () => {
    const voting = await import('../src/legions/senate/voting.js');
    const consulForLife = await import('../src/legions/ror/consul-for-life.js');
    const splitCombat = await import('../src/legions/ror/split-combat.js');
    const taken: [string, Record<string, unknown>, string[]][] = [];
    for (const [file, mod] of [['senate/voting.ts', consulForLife], ['senate/agenda.ts', voting], ['combat.ts', splitCombat]] as const) {
      const text = readFileSync(join(legions, file), 'utf8');
      const ns = file === 'senate/voting.ts' ? 'consulForLifeModule' : file === 'senate/agenda.ts' ? 'votingModule' : 'splitCombatModule';
      const m = new RegExp(`^const \\{([^}]*)\\} = ${ns};`, 'm').exec(text);
      expect(m, `${file} destructures ${ns}`).not.toBeNull();
      taken.push([file, mod as Record<string, unknown>, m![1]!.split(',').map((x) => x.trim().split(':')[0]!.trim())]);
    }
    for (const [file, mod, names] of taken) {
      for (const n of names) expect(typeof mod[n], `${file} takes ${n}`).toBe('function');
    }
  });
});
