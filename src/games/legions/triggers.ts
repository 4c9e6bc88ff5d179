// Variation trigger counts: how often each variation's mechanic actually changed something in a game.
// A variation switched on that never fires leaves the game as the base game, so no balance figure can
// be read from it.
import type { VariantName } from '../../legions/variants.js';
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
  'ror-garrisons': {
    main: 'rorGarrisonMotions', detail: ['rorGarrisonMotions', 'rorGarrisoned', 'rorGarrisonRecalled', 'rorGarrisonSaves', 'rorGarrisonBattles'],
    what: 'a garrison or garrison-recall motion made',
  },
  'ror-frontier': {
    main: 'rorFrontierChanged', detail: ['rorFrontierChanged', 'rorFrontierSpared', 'rorCaptures', 'rorRansomsPaid'],
    what: 'an invasion it changed (a non-frontier province spared, or a governor captured)',
  },
  'ror-assassination': {
    main: 'rorAssassinEffective',
    detail: ['rorAssassinEffective', 'rorAssassinAttempts', 'rorAssassinKills', 'rorAssassinsCaught', 'rorAssassinTrials', 'rorAssassinConvictions'],
    what: 'an assassination attempt that changed something (a kill, a capture, Talents spent on Assassins or Bodyguards)',
  },
  'ror-leaderless-legions': {
    main: 'rorLeaderlessKept', detail: ['rorLeaderlessKept'],
    what: 'legions whose commander fell kept at their war until the next Senate instead of going home',
  },
  'ror-reinforcements': {
    main: 'rorReinforcementsBound', detail: ['rorReinforcementsBound', 'rorReinforceBlocked', 'rorDispatchesDeferred', 'rorRecallsVoided'],
    what: 'a motion ruled out (reinforcing a commander who left at this meeting, moving legions sent at it), a new command deferred behind a pending levy, or a recall a commander voided',
  },
  'ror-disaster-standoff': {
    main: 'rorDisasterStandoffs', detail: ['rorDisasterStandoffs', 'rorDisasters', 'rorStandoffs'],
    what: 'a battle turned into a Disaster or a Standoff',
  },
  'ror-multiple-commanders': {
    main: 'rorDetachmentMotions', detail: ['rorDetachmentMotions', 'rorDetachments', 'rorSplitBattles'],
    what: 'a motion to send a second (or third) commander with his own legions to a war that already had one',
  },
  'ror-repopulation': { main: 'rorRepopulated', detail: ['rorRepopulated'], what: 'a senator joined a faction to repopulate Rome' },
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
