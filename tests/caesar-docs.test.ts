// docs/caesar-xl.md keeps up with the module: every rules parameter with its default and values,
// every policy, and the figures the tests assert.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RULES, POLICY_NAMES, RULE_DOCS } from '../src/caesar/index.js';

const doc = readFileSync(join(__dirname, '..', 'docs', 'caesar-xl.md'), 'utf8');

describe('docs/caesar-xl.md', () => {
  it('lists every rules parameter with its default and values', () => {
    const lines = doc.split('\n');
    expect(RULE_DOCS.map((r) => r.key).sort()).toEqual(Object.keys(DEFAULT_RULES).sort());
    for (const r of RULE_DOCS) {
      const row = lines.find((l) => l.startsWith(`| \`${r.key}\` |`));
      expect(row, r.key).toBeDefined();
      const cells = row!.split('|').map((c) => c.trim());
      expect(cells[2], r.key).toBe(String(DEFAULT_RULES[r.key]));
      expect(cells[3], r.key).toBe(r.values.join(', '));
      expect(cells[4], r.key).toBe(r.source);
    }
  });

  it('describes every policy and the figures', () => {
    for (const p of POLICY_NAMES) expect(doc, p).toContain(`- \`${p}\``);
    for (const f of ['0.104961', '2/5', '0.114630']) expect(doc).toContain(f);
  });
});
