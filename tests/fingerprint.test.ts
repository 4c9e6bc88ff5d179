// Behaviour fingerprints (src/games/legions/fingerprint.ts): 200 games per field and variation set,
// hashed. They move only when play changes; a speed-up must leave them as they are. When the rules or
// a policy change on purpose, print the new ones with `npm run build && node scripts/fingerprints.mjs 200`.
import { describe, expect, it } from 'vitest';
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../src/games/legions/fingerprint.js';

const PINNED: Record<string, string> = {
  'competent/none': '74808b7d9dc9e763',
  'competent/rules': 'ee8b8184c872f19c',
  'competent/ror': '58b7a7f7e8eb04e5',
  'competent/all': 'e641c1a9cf15de7c',
  'cooperative/none': 'b97f2f92d4b6ea83',
  'cooperative/rules': '7e1699e72076a1f5',
  'cooperative/ror': 'fc0e4014011888b7',
  'cooperative/all': '4ee023301ff3e3e3',
  'selfish/none': '40ecda896a1c20b1',
  'selfish/rules': 'b5991a935b2b577e',
  'selfish/ror': '878e75214b54a91a',
  'selfish/all': '0bdfc3837763fb0b',
  'mixed/none': 'd1ec2b693bd46f32',
  'mixed/rules': '2b35de4f17454534',
  'mixed/ror': '67c05e6c60fcfe12',
  'mixed/all': '17f80e4d1f6815d3',
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
