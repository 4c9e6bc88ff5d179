// The documents keep up with the code: every rules parameter and every variation is documented.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paramDocs } from '../src/legions/params.js';
import { VARIANT_NAMES } from '../src/legions/variants.js';
import { WEIGHT_KEYS } from '../policies/parametric.js';

const read = (f: string) => readFileSync(join(__dirname, '..', f), 'utf8');

describe('documentation', () => {
  it('docs/rules.md lists every rules parameter with its default and range', () => {
    const lines = read('docs/rules.md').split('\n');
    for (const p of paramDocs()) {
      const row = lines.find((l) => l.startsWith(`| \`${p.key}\` |`));
      expect(row, p.key).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      expect(cells[2]!.replace(/\s/g, ''), p.key).toBe(p.default);
      expect(cells[3], p.key).toBe(p.range);
    }
  });

  it('docs/rules.md describes every variation', () => {
    const rules = read('docs/rules.md');
    for (const v of VARIANT_NAMES) expect(rules, v).toContain(`(\`${v}\`)`);
  });

  it('docs/policies.md documents every weight of the parametric policy', () => {
    const doc = read('docs/policies.md');
    for (const k of WEIGHT_KEYS) expect(doc, k).toContain(`| \`${k}\` |`);
  });
});
