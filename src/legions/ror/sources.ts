// Where the numbers of the Republic of Rome modules come from. The seeds are the RoR rules page
// (shared/seeds/004_a46bac98a0526365.txt, sections 1.09.645-1.09.823) and the RoR errata
// (shared/seeds/001_602e1162a62238eb.txt); a parameter listed here has a default the seeds do not
// give (a rescaling to LEGIONS' scales, or an outside number), and its doc in params.ts says so.
import type { ParamKey } from '../params.js';

/** Per RoR module: its rules parameters whose defaults are not in the seeds. */
export const OUT_OF_SEED_PARAMS: Record<string, readonly ParamKey[]> = {
  'ror-senate-errata': ['rorRewardRoundUp'],
  'ror-dictator': ['rorDictatorWars', 'rorDictatorArmies', 'rorDictatorPrestige', 'rorMasterOfHorsePrestige'],
  'ror-consul-for-life': ['rorCflPrestige', 'rorCflAutoPrestige', 'rorCflStatusVotes'],
};

/** Per RoR module: the seed sections it implements (for reports; docs/rules.md gives the readings). */
export const ROR_SOURCES: Record<string, string> = {
  'ror-senate-errata': 'errata 9.34, 9.41, 9.621; Office Eligibility 6; Senate Phase Overview 9-10',
  'ror-dictator': 'errata Senate Phase Overview 2; Office Eligibility 4-5; 9.24, 9.72, 9.91, 9.92, 10.11, 10.12; General Recall rules',
  'ror-consul-for-life': 'rules 1.09.82, 1.09.821, 1.09.822, 1.09.823; errata Special Proposals X, 9.67, 12.31',
};
