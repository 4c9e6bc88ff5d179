// The optional variations, switched per run: the eight of the rules ("Variations") and the Republic of
// Rome modules (issue 14).
import * as paramsModule from './params.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { InputError } = paramsModule;

export const VARIANT_NAMES = [
  'bills', 'consular-powers', 'deaths', 'distribution', 'land-acts', 'tempo', 'macedonian-wars', 'revolts',
  // Republic of Rome modules (issue 14; docs/rules.md, Variations)
  'ror-garrisons', 'ror-frontier', 'ror-assassination',
  'ror-leaderless-legions', 'ror-reinforcements', 'ror-disaster-standoff', 'ror-multiple-commanders', 'ror-repopulation',
  'ror-senate-errata', 'ror-dictator', 'ror-consul-for-life',
] as const;
export type VariantName = (typeof VARIANT_NAMES)[number];

/** The variations the engine plays today; the others are refused until implemented. */
export const AVAILABLE_VARIANTS: readonly VariantName[] = [...VARIANT_NAMES];
export type Variants = Readonly<Record<VariantName, boolean>>;

export function noVariants(): Variants {
  const v = {} as Record<VariantName, boolean>;
  for (const n of VARIANT_NAMES) v[n] = false;
  return v;
}

/** Parses "a,b,c"; an unknown name is an InputError listing the known ones. */
export function parseVariants(list: string | readonly string[] | undefined): Variants {
  const v = noVariants() as Record<VariantName, boolean>;
  const names = typeof list === 'string' ? list.split(',') : (list ?? []);
  for (const raw of names) {
    const n = raw.trim();
    if (n === '' || n === 'none') continue;
    if (!(AVAILABLE_VARIANTS as readonly string[]).includes(n)) {
      throw new InputError(`unknown variant "${n}" (known: ${AVAILABLE_VARIANTS.join(', ')})`);
    }
    v[n as VariantName] = true;
  }
  return v;
}
