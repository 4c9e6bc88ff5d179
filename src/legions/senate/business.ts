// Allocate Concessions, Develop Provinces and Motions of Censure.
import * as commonModule from '../common.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as motionModule from '../motion.js';
import type { MotionRules } from './agenda.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { addPrestige, legalInt, log, randomNumber, statePays } = commonModule;
const { AT_GOVERNOR, CARD_FORUM, CONCESSIONS, EVENT_NAMES, factionName, LAND_COMMISSION, SENATORS, senatorName, statusOf } = stateModule;
const { motionRules } = motionModule;

/** A face-up concession goes to a named faction senator (Allocate Concessions). */
export const concessionRules: MotionRules = motionRules({
  applicable(g) {
    for (let c = 0; c < CONCESSIONS; c++) if (g.cardWhere[c] === CARD_FORUM) return true;
    return false;
  },
  check(g, m) {
    const c = m.target;
    if (!legalInt(c, 0, CONCESSIONS - 1) || g.cardWhere[c] !== CARD_FORUM) return 'no such concession in the Forum';
    if (c === LAND_COMMISSION && g.variants['land-acts'] && g.stats.landActs === 0) {
      return 'the Land Commission waits for a Land Act';
    }
    if (!legalInt(m.senator, 0, SENATORS - 1) || g.senOwner[m.senator]! < 0) return 'not a faction senator';
    return null;
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    g.cardWhere[m.target] = m.senator;
    if (g.trace !== null) log(g, `${EVENT_NAMES[m.target]} concession to ${senatorName(m.senator)} of ${factionName(g.senOwner[m.senator]!)}`);
  },
});

/** Develop if draw + Status + aid/3 reaches the threshold (rules-notes 14: >= by default). */
export function developmentSucceeds(g: GameState, draw: number, status: number, aid: number): boolean {
  const p = g.params;
  const total = draw + status + Math.floor(aid / p.developAidStep);
  return p.developStrictlyGreater ? total > p.developThreshold : total >= p.developThreshold;
}

/** Development of province g.motion.target (the engine sets it; the governor's faction asks for aid). */
export const developRules: MotionRules = motionRules({
    check(g, m) {
      const gov = m.target >= 0 && m.target < g.provGovernor.length ? g.provGovernor[m.target]! : -1;
      if (gov < 0 || g.senWhere[gov] !== AT_GOVERNOR || g.senOwner[gov] !== m.sponsor || g.provDeveloped[m.target]) {
        return 'not an undeveloped province of this faction\'s governor';
      }
      const step = g.params.developAidStep;
      if (!legalInt(m.count, 0, g.stateTreasury) || m.count % step !== 0) return `aid must be a multiple of ${step} within the State Treasury`;
      return null;
    },
    needsVote: (_g, m) => m.count > 0,
    execute(g, _pol, m, passed) {
      const p = m.target;
      const s = g.provGovernor[p]!;
      const aid = passed ? m.count : 0;
      if (aid > 0) statePays(g, aid, 'development aid');
      // The attempt is made whatever the vote (Develop Provinces; rules-notes 19).
      const r = randomNumber(g);
      const ok = developmentSucceeds(g, r, statusOf(s), aid);
      if (g.trace !== null) log(g, `${senatorName(s)} tries to develop ${g.board.provinces[p]!.name}: draw ${r} + Status ${statusOf(s)} + aid ${aid}: ${ok ? 'developed' : 'fails'}`);
      if (!ok) return;
      g.provDeveloped[p] = 1;
      g.stats.provincesDeveloped++;
      addPrestige(g, g.senOwner[s]!, g.params.developPrestige);
    },
});

/**
 * Motions of Censure: against another faction, or one of its senators (`senator`; `target` is then
 * his faction), with a fine paid to the State as far as the faction can; needs a co-sponsor.
 */
export const censureRules: MotionRules = motionRules({
  check(g, m) {
    if (m.senator !== -1) {
      if (!legalInt(m.senator, 0, SENATORS - 1) || g.senOwner[m.senator]! < 0) return 'must name a faction senator';
      if (m.target !== g.senOwner[m.senator]) return 'target must be the censured senator\'s faction';
    }
    if (!legalInt(m.target, 0, g.players - 1) || m.target === m.sponsor) return 'must name another faction';
    return legalInt(m.count, 0, 1000) ? null : 'fine must be 0..1000';
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    const fine = Math.min(m.count, g.treasury[m.target]!);
    g.treasury[m.target] -= fine;
    g.stateTreasury += fine;
    if (g.trace !== null) log(g, `${factionName(m.target)} censured${m.senator >= 0 ? ` for ${senatorName(m.senator)}` : ''} and fined ${fine}`);
  },
});

/** Province p is undeveloped and its governor is a faction senator at his post (the arrays are g's, passed held). */
const factionGoverned = (governors: readonly number[], where: readonly number[], owner: readonly number[], developed: readonly number[], p: number): boolean => {
  const s = governors[p]!;
  return s >= 0 && where[s] === AT_GOVERNOR && owner[s]! >= 0 && !developed[p];
};

/** Development: one request per undeveloped province of a faction governor, not in an Unrest turn. */
export function developable(g: GameState, p: number): boolean {
  return factionGoverned(g.provGovernor, g.senWhere, g.senOwner, g.provDeveloped, p) && g.unrestIncomeTurn !== g.turn + 1 && (g.developRequested & (1 << p)) === 0;
}

/**
 * Bit p set for each province developable now: developable's tests, with the two that are the same for
 * every province (an Unrest turn, the requests made) taken once and the state's arrays held (some 26
 * masks a game of ten provinces). tests/senate-masks-listings.test.ts compares it with developable.
 */
export function developableMask(g: GameState): number {
  if (g.unrestIncomeTurn === g.turn + 1) return 0; // (developable's answer for every province)
  const governors = g.provGovernor;
  const where = g.senWhere;
  const owner = g.senOwner;
  const developed = g.provDeveloped;
  let mask = 0;
  for (let p = 0, provinces = governors.length; p < provinces; p++) if (factionGoverned(governors, where, owner, developed, p)) mask |= 1 << p;
  return mask & ~g.developRequested;
}

/**
 * Bit f set for each faction whose senator governs one of `provinces` (bits p, faction governors as
 * developableMask gives them): the factions that have development requests to make (some 8 of 25 a game).
 */
export function governingFactions(g: GameState, provinces: number): number {
  const governors = g.provGovernor;
  const owner = g.senOwner;
  let factions = 0;
  for (let rest = provinces; rest !== 0; rest &= rest - 1) factions |= 1 << owner[governors[31 - Math.clz32(rest & -rest)]!]!;
  return factions;
}
