// Where the numbers of the Republic of Rome modules come from (issue 14): the RoR seeds
// (shared/seeds/004: rules 1.09.645-1.09.823; shared/seeds/001: errata) give the rules but not every
// number. Per module, the rules parameters whose default is NOT given by the seeds (taken from an
// outside RoR source or invented by the design study); each one's doc in params.ts says which.
import type { ParamKey } from '../params.js';

export const OUT_OF_SEED_PARAMS: Readonly<Record<string, readonly ParamKey[]>> = {
  'ror-garrisons': ['rorGarrisonDeterrence'],
  'ror-frontier': ['rorFrontierProvinces', 'rorRansomMin', 'rorRansomPerStatus'],
  'ror-assassination': [
    'rorAssassinDie', 'rorAssassinKillRoll', 'rorAssassinCaughtRoll', 'rorAssassinBonus', 'rorAssassinCost', 'rorMaxAssassins',
    'rorBodyguardCost', 'rorMaxBodyguards',
  ],
};

/** The seed sections each module implements (docs/rules.md, Variations, gives the readings). */
export const MODULE_SOURCES: Readonly<Record<string, string>> = {
  'ror-garrisons': 'RoR 1.09.646 (seed 004); errata 9.641 (seed 001)',
  'ror-frontier': 'RoR 1.09.6461 and 1.09.646 (seed 004); errata 10.81-10.82 (seed 001)',
  'ror-assassination': 'RoR 1.09.7-1.09.74 (seed 004); errata 9.8, 9.82-9.84 and Senate item Z (seed 001)',
};
