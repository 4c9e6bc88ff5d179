// Allocate Concessions, Develop Provinces and Motions of Censure.
import { addPrestige, legalInt, log, policyError, presidingFaction, randomNumber, statePays } from '../common.js';
import { CENSURE, CONCESSION, DEVELOP } from '../motion.js';
import type { Policy } from '../policy.js';
import {
  AT_GOVERNOR, CARD_FORUM, CONCESSIONS, EVENT_NAMES, type GameState, LAND_COMMISSION, SENATORS, senatorName, statusOf,
} from '../state.js';
import { askProposal, carry, type MotionRules, optionalItem, takeMotionSlot } from './agenda.js';
import { landActsBusiness } from './land-acts.js';
import { hasSenatorPresent } from './voting.js';

/** A face-up concession goes to a named faction senator (Allocate Concessions). */
export const concessionRules: MotionRules = {
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
    if (g.trace) log(g, `${EVENT_NAMES[m.target]} concession to ${senatorName(m.senator)} of faction ${g.senOwner[m.senator]}`);
  },
};

/** Develop if draw + Status + aid/3 reaches the threshold (rules-notes 14: >= by default). */
export function developmentSucceeds(g: GameState, draw: number, status: number, aid: number): boolean {
  const p = g.params;
  const total = draw + status + Math.floor(aid / p.developAidStep);
  return p.developStrictlyGreater ? total > p.developThreshold : total >= p.developThreshold;
}

/** Development of province g.motion.target (the agenda sets it; the sponsor asks for aid). */
const developRules: MotionRules = {
    check(g, m) {
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
      if (g.trace) log(g, `${senatorName(s)} tries to develop ${g.board.provinces[p]!.name}: draw ${r} + Status ${statusOf(s)} + aid ${aid}: ${ok ? 'developed' : 'fails'}`);
      if (!ok) return;
      g.provDeveloped[p] = 1;
      g.stats.provincesDeveloped++;
      addPrestige(g, g.senOwner[s]!, g.params.developPrestige);
    },
};

/** Each faction governor, in province order, may ask for aid and then tries to develop. */
function developProvinces(g: GameState, policies: readonly Policy[]): void {
  for (let p = 0; p < g.provGovernor.length; p++) {
    const s = g.provGovernor[p]!;
    if (s < 0 || g.senWhere[s] !== AT_GOVERNOR || g.senOwner[s]! < 0 || g.provDeveloped[p]) continue;
    if (g.unrestIncomeTurn === g.turn + 1) continue; // Provincial Unrest: no development this turn
    const f = g.senOwner[s]!;
    // Neutral governors never ask for aid; a faction's request is its motion (aid 0 needs no vote).
    if (!askProposal(g, policies, f, DEVELOP, p, developRules)) continue;
    if (g.motion.target !== p) {
      policyError(g, f, `develop: the agenda is at province ${p}, not ${g.motion.target}`);
      continue;
    }
    // A request for aid is a motion; with no time left (Tempo) the attempt is made without aid.
    if (g.motion.count > 0 && !takeMotionSlot(g)) g.motion.count = 0;
    carry(g, policies, developRules);
  }
}

/** A fine on another faction, paid to the State as far as possible; needs a co-sponsor. */
const censureRules: MotionRules = {
  check(g, m) {
    if (!legalInt(m.target, 0, g.players - 1) || m.target === m.sponsor) return 'must name another faction';
    return legalInt(m.count, 0, 1000) ? null : 'fine must be 0..1000';
  },
  execute(g, _p, m, passed) {
    if (!passed) return;
    const fine = Math.min(m.count, g.treasury[m.target]!);
    g.treasury[m.target] -= fine;
    g.stateTreasury += fine;
    if (g.trace) log(g, `Faction ${m.target} censured and fined ${fine}`);
  },
};

/** Any faction may bring one Motion of Censure a turn (a miscellaneous motion). */
function censures(g: GameState, policies: readonly Policy[]): void {
  const c = presidingFaction(g);
  for (let i = 0; i < g.players; i++) {
    const f = (c + i) % g.players;
    if (!hasSenatorPresent(g, f)) continue;
    if (askProposal(g, policies, f, CENSURE, -1, censureRules) && takeMotionSlot(g)) carry(g, policies, censureRules);
  }
}

export function otherBusiness(g: GameState, policies: readonly Policy[]): void {
  optionalItem(g, policies, CONCESSION, concessionRules);
  developProvinces(g, policies);
  if (g.variants['land-acts']) landActsBusiness(g, policies);
  if (!g.variants.tempo) censures(g, policies); // Tempo: no miscellaneous motions
}
