// Prints every behaviour fingerprint (field x variation set) as JSON: compare before and after a change
// that should not alter play. Usage: npm run build && node scripts/fingerprints.mjs [games]
import { fingerprint, FINGERPRINT_FIELDS, FINGERPRINT_VARIANTS } from '../dist/src/games/legions/fingerprint.js';
const games = Number(process.argv[2] ?? 150);
const out = {};
for (const f of FINGERPRINT_FIELDS) for (const v of Object.keys(FINGERPRINT_VARIANTS)) out[`${f}/${v}`] = fingerprint(f, v, games);
console.log(JSON.stringify(out, null, 2));
