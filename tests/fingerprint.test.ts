// Behaviour fingerprints (src/games/legions/fingerprint.ts): 200 games per field and variation set,
// hashed. They move only when play changes; a speed-up must leave them as they are. When the rules or
// a policy change on purpose, print the new ones with `npm run build && node scripts/fingerprints.mjs 200`.
import { describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';

const PINNED: Record<string, string> = {
  'competent/none': '21a0b963a76750a6',
  'competent/rules': '182490229cb8cb54',
  'competent/ror': '54435f5c5d475a8a',
  'competent/all': 'adc786aeed47e726',
  'cooperative/none': '565c4d7e12ded609',
  'cooperative/rules': '1a580edb30ea292b',
  'cooperative/ror': '0bb60d535e225c5a',
  'cooperative/all': '948406769c90bfe7',
  'selfish/none': 'c001be79b6189614',
  'selfish/rules': '5d9358befd2dfcfe',
  'selfish/ror': '0fd9aa1a7603ba1c',
  'selfish/all': '5e6bda7f26b78b49',
  'mixed/none': 'aa3f80286db0c0c5',
  'mixed/rules': '6b01bae551e69b7c',
  'mixed/ror': '7816a34f6720a36f',
  'mixed/all': 'fd7826e52af9965f',
};

describe('behaviour fingerprints', () => {
  it('cover every field and variation set', () => {
    const keys = FINGERPRINT_FIELDS.flatMap((f) => Object.keys(FINGERPRINT_VARIANTS).map((v) => `${f}/${v}`));
    expect(Object.keys(PINNED).sort()).toEqual(keys.sort());
  });
  for (const key of Object.keys(PINNED)) {
    it(`${key} plays the same games`, () => {
      const [field, variants] = key.split('/') as [string, string];
      expect(fingerprint(field, variants, 200)).toBe(PINNED[key]);
    });
  }
});
