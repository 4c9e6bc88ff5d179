// Behaviour fingerprints (src/games/legions/fingerprint.ts): 200 games per field and variation set,
// hashed. They move only when play changes; a speed-up must leave them as they are. When the rules or
// a policy change on purpose, print the new ones with `npm run build && node scripts/fingerprints.mjs 200`.
import { describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';

const PINNED: Record<string, string> = {
  'competent/none': '41d065936d00303d',
  'competent/rules': 'da66e825a08640f9',
  'competent/ror': 'ad4ac457e154aaa9',
  'competent/all': '981a37a11e7cb6bd',
  'cooperative/none': '2a7485099ea52e5e',
  'cooperative/rules': '24404c55740de804',
  'cooperative/ror': '2d309beb90c53098',
  'cooperative/all': '948406769c90bfe7',
  'selfish/none': '4603c02004271503',
  'selfish/rules': 'edf0323748e417ba',
  'selfish/ror': '924fdf182a5bdc28',
  'selfish/all': '06a1f6adc761a084',
  'mixed/none': '4b664d363eec13a5',
  'mixed/rules': 'efa5cfc6b66e7e93',
  'mixed/ror': 'ebbe991d44385ef9',
  'mixed/all': '40c20d6530eb1a4a',
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
