// Where the numbers of the Republic of Rome modules come from (issue 14): the RoR seeds
// (shared/seeds/004: rules 1.09.645-1.09.823; shared/seeds/001: errata) give the rules but not every
// number. Per module, the rules parameters whose default is NOT given by the seeds (a rescaling of an
// RoR figure to LEGIONS, or a figure from outside the seeds); each one's doc in params.ts says which.
import type { ParamKey } from '../params.js';

export const OUT_OF_SEED_PARAMS: Readonly<Record<string, readonly ParamKey[]>> = {
  'ror-senate-errata': ['rorRewardRoundUp'],
  'ror-dictator': ['rorDictatorWars', 'rorDictatorArmies', 'rorDictatorPrestige', 'rorMasterOfHorsePrestige'],
  'ror-consul-for-life': ['rorCflPrestige', 'rorCflAutoPrestige', 'rorCflStatusVotes'],
};

/** The seed sections each module implements (docs/rules.md, Variations, gives the readings). */
export const MODULE_SOURCES: Readonly<Record<string, string>> = {
  'ror-senate-errata': 'errata 9.34, 9.41, 9.621, Office Eligibility 6, Senate Phase Overview 9-10 (seed 001)',
  'ror-dictator': 'errata Senate Phase Overview 2, Office Eligibility 4-5, 9.24, 9.72, 9.91, 9.92, 10.11, 10.12, General Recall rules (seed 001)',
  'ror-consul-for-life': 'RoR 1.09.82-1.09.823 (seed 004); errata Special Proposals X, 9.67, 12.31 (seed 001)',
};
