// The small numeric record each game yields (aggregated by the runner; one row of the per-game CSV).
import type { GameState } from './state.js';
import * as stateModule from './state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { CONCESSIONS, filled, SENATORS, statusOf, SURVIVED } = stateModule;

/** winnersOf's per-faction Status totals (no policy is called while they are in use). */
const statusTotals: number[] = [0, 0, 0, 0, 0];

export interface Outcome {
  players: number;
  /** 0 survived, 1 revolt, 2 bankruptcy, 3 wars (state.CAUSE_NAMES). */
  cause: number;
  /** Turn of the loss, 0 when the Republic survived. */
  lostTurn: number;
  turnsPlayed: number;
  /** Bit f set when faction f won (ties shared); 0 when all lost. */
  winners: number;
  prestige: number[];
  treasury: number[];
  senators: number[];
  /** Revolution Index and State Treasury at the end of each turn played. */
  riByTurn: number[];
  stateTreasuryByTurn: number[];
  warsWon: number;
  warsWipedOut: number;
  unopposedWarTurns: number;
  battles: number;
  legionsRaised: number;
  legionsLost: number;
  provincesConquered: number;
  provincesDeveloped: number;
  senatorsKilled: number;
  senatorsExecuted: number;
  senatorsAttracted: number;
  neutralsAttracted: number;
  prosecutions: number;
  convictions: number;
  concessionsHeld: number;
  policyErrors: number;
  /** Seat of the faction that held the Temporary Consul at setup. */
  temporaryConsulFaction: number;
  /** 1 when that faction held the Consulship in every turn of the game, else 0. */
  consulKeptAllGame: number;
  // ---- the Senate (per game; Stats in state.ts says what each counts) ----
  motions: number;
  motionsPassed: number;
  motionsByPresiding: number;
  motionsByOthers: number;
  tabledByTribune: number;
  vetoes: number;
  votesBought: number;
  unanimousVotes: number;
  allowanceBinding: number;
  motionsLapsed: number;
  consulChanges: number;
  // ---- variation triggers (per game) ----
  rulings: number;
  rulingsBinding: number;
  objections: number;
  votesRemoved: number;
  penaltyFines: number;
  billsIntroduced: number;
  billsPassed: number;
  landActsVoted: number;
  landActsPassed: number;
  landActsRepealed: number;
  officersDied: number;
  distributionChanged: number;
  macedonianWars: number;
  tempoExhausted: number;
  tempoMeetings: number;
  deaths: number;
  revolts: number;
  // ---- Republic of Rome modules (Stats in state.ts says what each counts) ----
  rorGarrisonMotions: number;
  rorGarrisoned: number;
  rorGarrisonRecalled: number;
  rorGarrisonSaves: number;
  rorGarrisonBattles: number;
  rorFrontierChanged: number;
  rorFrontierSpared: number;
  rorCaptures: number;
  rorRansomsPaid: number;
  rorAssassinAttempts: number;
  rorAssassinEffective: number;
  rorAssassinKills: number;
  rorAssassinsCaught: number;
  rorAssassinTrials: number;
  rorAssassinConvictions: number;
  rorLeaderlessKept: number;
  rorReinforceBlocked: number;
  rorRecallsVoided: number;
  rorDispatchesDeferred: number;
  rorReinforcementsBound: number;
  rorDisasters: number;
  rorStandoffs: number;
  rorDisasterStandoffs: number;
  rorDetachmentMotions: number;
  rorDetachments: number;
  rorSplitBattles: number;
  rorRepopulated: number;
  rorErrataChanges: number;
  rorStepDowns: number;
  rorCensorPenalties: number;
  rorCensorBarred: number;
  rorCensorContinued: number;
  rorGovernorsCompelled: number;
  rorRewardsChanged: number;
  rorLandBillsExtra: number;
  rorDictators: number;
  rorDictatorVotes: number;
  rorDictatorBattles: number;
  rorCflEvents: number;
  rorCflVotes: number;
  rorCflAppointed: number;
  rorCflAuto: number;
  /** ror-consul-for-life: 1 when a Consul for Life ended the game (his faction the sole winner), else 0. */
  rorCflWins: number;
  /** ror-consul-for-life: the turn at whose end he won (the game's last turn), 0 when none. */
  cflTurn: number;
}

/**
 * Winners after the last turn: highest Prestige, ties by total Status of all senators, still tied
 * a shared win (End of the Game; rules-notes 30).
 */
export function winnersOf(g: GameState): number {
  if (g.rorCflWinner >= 0) return 1 << g.rorCflWinner; // ror-consul-for-life: the sole winner (1.09.823)
  // Every faction's total Status in one pass over the senators (totalStatus, for all factions at once).
  const status = statusTotals;
  for (let f = 0; f < g.players; f++) status[f] = 0;
  for (let s = 0; s < SENATORS; s++) {
    const f = g.senOwner[s]!;
    if (f >= 0) status[f] += statusOf(s);
  }
  let best = -1;
  let bestStatus = -1;
  let mask = 0;
  for (let f = 0; f < g.players; f++) {
    const p = g.prestige[f]!;
    const st = status[f]!;
    if (p > best || (p === best && st > bestStatus)) {
      best = p;
      bestStatus = st;
      mask = 1 << f;
    } else if (p === best && st === bestStatus) mask |= 1 << f;
  }
  return mask;
}

export function makeOutcome(g: GameState): Outcome {
  const s = g.stats;
  let held = 0;
  for (let c = 0; c < CONCESSIONS; c++) if (g.cardWhere[c]! >= 0) held++;
  // Every faction's senators in one pass (senatorCount, for all factions at once).
  const senators = filled(g.players, 0);
  for (let x = 0; x < SENATORS; x++) {
    const f = g.senOwner[x]!;
    if (f >= 0) senators[f]++;
  }
  return {
    players: g.players,
    cause: g.lost,
    lostTurn: g.lost === SURVIVED ? 0 : g.lostTurn,
    turnsPlayed: g.lost !== SURVIVED ? g.lostTurn : g.rorCflWinner >= 0 ? g.rorCflEndTurn : g.params.turns,
    winners: g.lost === SURVIVED ? winnersOf(g) : 0,
    prestige: g.prestige.slice(),
    treasury: g.treasury.slice(),
    senators,
    riByTurn: g.riByTurn.slice(),
    stateTreasuryByTurn: g.treasuryByTurn.slice(),
    warsWon: s.warsWon,
    warsWipedOut: s.warsWipedOut,
    unopposedWarTurns: s.unopposedWarTurns,
    battles: s.battles,
    legionsRaised: s.legionsRaised,
    legionsLost: s.legionsLost,
    provincesConquered: s.provincesConquered,
    provincesDeveloped: s.provincesDeveloped,
    senatorsKilled: s.senatorsKilled,
    senatorsExecuted: s.senatorsExecuted,
    senatorsAttracted: s.senatorsAttracted,
    neutralsAttracted: s.neutralsAttracted,
    prosecutions: s.prosecutions,
    convictions: s.convictions,
    concessionsHeld: held,
    policyErrors: s.policyErrors,
    temporaryConsulFaction: g.temporaryConsulFaction,
    consulKeptAllGame: g.consulFactions === 1 << g.temporaryConsulFaction ? 1 : 0,
    motions: s.motions,
    motionsPassed: s.motionsPassed,
    motionsByPresiding: s.motionsByPresiding,
    motionsByOthers: s.motionsByOthers,
    tabledByTribune: s.tabledByTribune,
    vetoes: s.vetoes,
    votesBought: s.votesBought,
    unanimousVotes: s.unanimousVotes,
    allowanceBinding: s.allowanceBinding,
    motionsLapsed: s.motionsLapsed,
    consulChanges: s.consulChanges,
    rulings: s.rulings,
    rulingsBinding: s.rulingsBinding,
    objections: s.objections,
    votesRemoved: s.votesRemoved,
    penaltyFines: s.penaltyFines,
    billsIntroduced: s.billsIntroduced,
    billsPassed: s.billsPassed,
    landActsVoted: s.landActsVoted,
    landActsPassed: s.landActs,
    officersDied: s.officersDied,
    distributionChanged: s.distributionChanged,
    macedonianWars: s.extraWars,
    landActsRepealed: s.landActsRepealed,
    tempoExhausted: s.tempoExhausted,
    tempoMeetings: s.tempoMeetings,
    deaths: s.deaths,
    revolts: s.revolts,
    rorGarrisonMotions: s.rorGarrisonMotions,
    rorGarrisoned: s.rorGarrisoned,
    rorGarrisonRecalled: s.rorGarrisonRecalled,
    rorGarrisonSaves: s.rorGarrisonSaves,
    rorGarrisonBattles: s.rorGarrisonBattles,
    rorFrontierChanged: s.rorFrontierChanged,
    rorFrontierSpared: s.rorFrontierSpared,
    rorCaptures: s.rorCaptures,
    rorRansomsPaid: s.rorRansomsPaid,
    rorAssassinAttempts: s.rorAssassinAttempts,
    rorAssassinEffective: s.rorAssassinEffective,
    rorAssassinKills: s.rorAssassinKills,
    rorAssassinsCaught: s.rorAssassinsCaught,
    rorAssassinTrials: s.rorAssassinTrials,
    rorAssassinConvictions: s.rorAssassinConvictions,
    rorLeaderlessKept: s.rorLeaderlessKept,
    rorReinforceBlocked: s.rorReinforceBlocked,
    rorRecallsVoided: s.rorRecallsVoided,
    rorDispatchesDeferred: s.rorDispatchesDeferred,
    rorReinforcementsBound: s.rorReinforcementsBound,
    rorDisasters: s.rorDisasters,
    rorStandoffs: s.rorStandoffs,
    rorDisasterStandoffs: s.rorDisasterStandoffs,
    rorDetachmentMotions: s.rorDetachmentMotions,
    rorDetachments: s.rorDetachments,
    rorSplitBattles: s.rorSplitBattles,
    rorRepopulated: s.rorRepopulated,
    rorErrataChanges: s.rorErrataChanges,
    rorStepDowns: s.rorStepDowns,
    rorCensorPenalties: s.rorCensorPenalties,
    rorCensorBarred: s.rorCensorBarred,
    rorCensorContinued: s.rorCensorContinued,
    rorGovernorsCompelled: s.rorGovernorsCompelled,
    rorRewardsChanged: s.rorRewardsChanged,
    rorLandBillsExtra: s.rorLandBillsExtra,
    rorDictators: s.rorDictators,
    rorDictatorVotes: s.rorDictatorVotes,
    rorDictatorBattles: s.rorDictatorBattles,
    rorCflEvents: s.rorCflEvents,
    rorCflVotes: s.rorCflVotes,
    rorCflAppointed: s.rorCflAppointed,
    rorCflAuto: s.rorCflAuto,
    rorCflWins: g.rorCflWinner >= 0 ? 1 : 0,
    cflTurn: g.rorCflWinner >= 0 ? g.rorCflEndTurn : 0,
  };
}
