// Republic of Rome modules: where each comes from in the seeds, and which of its parameters the seeds
// do not give (their defaults come from the design study or an outside RoR source; docs/rules.md says which).
// Seeds: 004 = shared/seeds/004_a46bac98a0526365.txt (RoR rules 1.09.645-1.09.823), 001 = the RoR errata.
import type { ParamKey } from '../params.js';

/** Per module: the seed sections it implements. */
export const MODULE_SOURCES: Record<string, string> = {
  'ror-leaderless-legions': 'errata 10.11; errata Senate overview, Automatic Recalls (a)',
  'ror-reinforcements': '004 1.09.647; errata Senate overview items 18-22, General Recall/Assignment Rules, Minimum Force',
  'ror-disaster-standoff': '004 1.09.645 (Disaster/Standoff numbers, once per war and turn); errata 10.2',
  'ror-multiple-commanders': '004 1.09.645; errata 10.7, 10.9, 10.11',
  'ror-repopulation': '004 1.09.81',
};

/**
 * Per module: its rules parameters whose default the seeds do not give (their docs in params.ts say
 * so, and where the default comes from). A module absent here, or with an empty list, takes every
 * number from the seeds or has none.
 */
export const OUT_OF_SEED_PARAMS: Record<string, ParamKey[]> = {
  'ror-leaderless-legions': [],
  'ror-reinforcements': [],
  'ror-disaster-standoff': ['rorDisasterRoll', 'rorStandoffRoll', 'rorDisasterLossDiv', 'rorStandoffLossDiv'],
  'ror-multiple-commanders': ['rorMaxCommanders', 'rorSharedCredit'],
  'ror-repopulation': ['rorRepopulationThreshold'],
};

/** Per module: parameters that switch between readings of the seed text (not numbers). */
export const READING_PARAMS: Record<string, ParamKey[]> = {
  'ror-reinforcements': ['rorRecallConsentAtEqual'],
};
