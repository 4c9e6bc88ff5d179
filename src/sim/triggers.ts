// Variation trigger counts: how often each variation's mechanic actually changed something in a game.
// A variation switched on that never fires leaves the game as the base game, so no balance figure can
// be read from it.
import type { VariantName } from '../legions/variants.js';
import type { ScalarMetric } from './accumulator.js';

export interface TriggerDef {
  /** The per-game counter whose being above zero means the variation came into play. */
  main: ScalarMetric;
  /** Every counter reported for it (per-game means). */
  detail: readonly ScalarMetric[];
  /** What `main` counts, for reports. */
  what: string;
}

export const TRIGGERS: Record<VariantName, TriggerDef> = {
  bills: { main: 'billsIntroduced', detail: ['billsIntroduced', 'billsPassed'], what: 'a bill put to the vote' },
  'consular-powers': {
    main: 'rulingsBinding', detail: ['rulingsBinding', 'rulings', 'objections', 'votesRemoved', 'penaltyFines'],
    what: 'a "no discussion" ruling that bound (an objection, or a purchase of votes it forbade)',
  },
  deaths: { main: 'deaths', detail: ['deaths', 'officersDied'], what: 'a senator died' },
  distribution: { main: 'distributionChanged', detail: ['distributionChanged'], what: 'the table dealt other cards than chance' },
  'land-acts': {
    main: 'landActsVoted', detail: ['landActsVoted', 'landActsPassed', 'landActsRepealed'], what: 'a Land Act put to the vote',
  },
  tempo: {
    main: 'tempoMeetings', detail: ['tempoMeetings', 'tempoExhausted', 'billsIntroduced'],
    what: 'a meeting Tempo changed (its time ran out, or a bill of its own)',
  },
  'macedonian-wars': { main: 'macedonianWars', detail: ['macedonianWars'], what: 'a Macedonian war established' },
  revolts: { main: 'revolts', detail: ['revolts'], what: 'a province revolted' },
  'ror-senate-errata': {
    main: 'rorErrataChanges',
    detail: [
      'rorErrataChanges', 'rorStepDowns', 'rorCensorPenalties', 'rorCensorBarred', 'rorCensorContinued', 'rorGovernorsCompelled',
      'rorRewardsChanged', 'rorLandBillsExtra',
    ],
    what: 'a sub-rule changed the game (a step-down, a Censor\'s penalty or succession, a compelled governor, a Major reward, a second Land Act)',
  },
  'ror-dictator': {
    main: 'rorDictators', detail: ['rorDictators', 'rorDictatorVotes', 'rorDictatorBattles'], what: 'a Dictator elected or appointed',
  },
  'ror-consul-for-life': {
    main: 'rorCflEvents', detail: ['rorCflEvents', 'rorCflVotes', 'rorCflAppointed', 'rorCflAuto', 'rorCflWins', 'cflTurn'],
    what: 'a Consul for Life nomination voted, or one reached automatically',
  },
};
