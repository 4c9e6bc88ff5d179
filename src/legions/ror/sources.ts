// Republic of Rome modules: where each comes from in the seeds, and which of its parameters the seeds
// do not give (their defaults come from the design study or an outside RoR source; each one's doc in
// params.ts and docs/rules.md say which).
// Seeds: 004 = shared/seeds/004_a46bac98a0526365.txt (RoR rules 1.09.645-1.09.823), 001 = the RoR errata.
import type { ParamKey } from '../params.js';

/** Per module: the seed sections it implements. */
export const MODULE_SOURCES: Readonly<Record<string, string>> = {
  'ror-garrisons': '004 1.09.646; errata 9.641',
  'ror-frontier': '004 1.09.6461 and 1.09.646; errata 10.81-10.82',
  'ror-assassination': '004 1.09.7-1.09.74; errata 9.8, 9.82-9.84 and Senate item Z',
  'ror-leaderless-legions': 'errata 10.11; errata Senate overview, Automatic Recalls (a)',
  'ror-reinforcements': '004 1.09.647; errata Senate overview items 18-22, General Recall/Assignment Rules, Minimum Force',
  'ror-disaster-standoff': '004 1.09.645 (Disaster/Standoff numbers, once per war and turn); errata 10.2',
  'ror-multiple-commanders': '004 1.09.645; errata 10.7, 10.9, 10.11',
  'ror-repopulation': '004 1.09.81',
  'ror-senate-errata': 'errata 9.34, 9.41, 9.621, Office Eligibility 6, Senate Phase Overview 9-10',
  'ror-dictator': 'errata Senate Phase Overview 2, Office Eligibility 4-5, 9.24, 9.72, 9.91, 9.92, 10.11, 10.12, General Recall rules',
  'ror-consul-for-life': '004 1.09.82-1.09.823; errata Special Proposals X, 9.67, 12.31',
};

/**
 * Per module: its rules parameters whose default the seeds do not give (their docs in params.ts say
 * so, and where the default comes from). An empty list: every number from the seeds, or none.
 */
export const OUT_OF_SEED_PARAMS: Readonly<Record<string, readonly ParamKey[]>> = {
  'ror-garrisons': ['rorGarrisonDeterrence'],
  'ror-frontier': ['rorFrontierProvinces', 'rorRansomMin', 'rorRansomPerStatus'],
  'ror-assassination': [
    'rorAssassinDie', 'rorAssassinKillRoll', 'rorAssassinCaughtRoll', 'rorAssassinBonus', 'rorAssassinCost', 'rorMaxAssassins',
    'rorBodyguardCost', 'rorMaxBodyguards',
  ],
  'ror-leaderless-legions': [],
  'ror-reinforcements': [],
  'ror-disaster-standoff': ['rorDisasterRoll', 'rorStandoffRoll', 'rorDisasterLossDiv', 'rorStandoffLossDiv'],
  'ror-multiple-commanders': ['rorMaxCommanders', 'rorSharedCredit'],
  'ror-repopulation': ['rorRepopulationThreshold'],
  'ror-senate-errata': ['rorRewardRoundUp'],
  'ror-dictator': ['rorDictatorWars', 'rorDictatorArmies', 'rorDictatorPrestige', 'rorMasterOfHorsePrestige'],
  'ror-consul-for-life': ['rorCflPrestige', 'rorCflAutoPrestige', 'rorCflStatusVotes'],
};

/** Per module: parameters that switch between readings of the seed text (not numbers). */
export const READING_PARAMS: Readonly<Record<string, readonly ParamKey[]>> = {
  'ror-reinforcements': ['rorRecallConsentAtEqual'],
};

/** One parameter of a switched-on module whose number the seeds do not give, with its value in a run. */
export interface OutOfSeedParam {
  module: string;
  param: ParamKey;
  value: string;
  /** True when the run keeps the shipped default (the design study's or outside source's number). */
  isDefault: boolean;
  /** Where the default comes from: the parameter doc from "Not in the seeds" on. */
  source: string;
}

/**
 * The out-of-seed parameters of the modules switched on in `variants`, with their values in `params`
 * (an experiment report lists them per arm, so a number nobody can check in the seeds stays visible).
 */
export function outOfSeedParams(
  variants: Readonly<Record<string, boolean>>, params: Readonly<Record<string, unknown>>, docs: ReadonlyMap<string, { default: string; doc: string }>,
): OutOfSeedParam[] {
  const rows: OutOfSeedParam[] = [];
  for (const [module, keys] of Object.entries(OUT_OF_SEED_PARAMS)) {
    if (!variants[module]) continue;
    for (const param of keys) {
      const d = docs.get(param)!;
      const v = params[param];
      const value = Array.isArray(v) ? v.join(', ') : String(v);
      const at = d.doc.search(/not in the seeds/i);
      rows.push({ module, param, value, isDefault: value === d.default.split(',').join(', '), source: at >= 0 ? d.doc.slice(at) : d.doc });
    }
  }
  return rows;
}
