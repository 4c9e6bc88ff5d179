// Motions as sentences for the Secretary's record (replay traces, policy errors).
import type { Motion } from '../motion.js';
import * as motionModule from '../motion.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { APPOINT_GOVERNOR, ASSASSIN_TRIAL, BILL, CENSURE, CONCESSION, DEVELOP, DISBAND, DISPATCH, ELECT_CENSOR, ELECT_CONSUL, ELECT_CONSUL_FOR_LIFE, ELECT_DICTATOR, GARRISON, LAND_ACT, NAME_MASTER_OF_HORSE, PROSECUTE, RAISE, RECALL, RECALL_GARRISON, REPEAL_LAND_ACT, REPLACE_COMMANDER, TRANSFER } = motionModule;
const { EVENT_NAMES, factionName, senatorName } = stateModule;

/** "Senator lilac-8 of Red", "the neutral Senator blue-3". */
export function senatorText(g: GameState, s: number): string {
  if (s < 0 || s >= g.senOwner.length) return `Senator #${s}`;
  const f = g.senOwner[s]!;
  return f >= 0 ? `Senator ${senatorName(s)} of ${factionName(f)}` : `the neutral Senator ${senatorName(s)}`;
}

function warText(g: GameState, w: number): string {
  if (!(w >= 0 && w < g.wars.status.length)) return `war #${w}`;
  const name = g.board.provinces[g.wars.province[w]!]!.name;
  return g.wars.revolt[w] ? `the revolt in ${name}` : g.wars.conquers[w] ? `the war in ${name}` : `the extra war in ${name}`;
}

function provinceText(g: GameState, p: number): string {
  return p >= 0 && p < g.board.provinces.length ? g.board.provinces[p]!.name : `province #${p}`;
}

function legionsText(count: number, mask: number): string {
  const parts: string[] = [];
  if (count > 0) parts.push(`${count} State legion${count === 1 ? '' : 's'}`);
  for (let f = 0; f < 5; f++) if (mask & (1 << f)) parts.push(`the legion of ${factionName(f)}`);
  return parts.length ? parts.join(' and ') : 'no legions';
}

/** ror-multiple-commanders: which detachment of a war (nothing for the first, the base game's only one). */
const detText = (d: number): string => (d > 0 ? ` (detachment ${d + 1})` : '');

/** The motion's content as a sentence, e.g. "dispatch Senator lilac-8 of Red with 3 State legions to the war in Sicilia". */
export function motionSentence(g: GameState, m: Motion): string {
  switch (m.kind) {
    case ELECT_CONSUL: return `elect ${senatorText(g, m.senator)} Consul`;
    case ELECT_CENSOR: return `elect ${senatorText(g, m.senator)} Censor`;
    case PROSECUTE: return `prosecute ${senatorText(g, m.senator)} for a ${m.major ? 'Major' : 'Minor'} offence`;
    case APPOINT_GOVERNOR: return `appoint ${senatorText(g, m.senator)} Governor of ${provinceText(g, m.target)}`;
    case DISBAND: return `disband ${legionsText(m.count, m.mask)} in the Active Legions Box`;
    case RAISE: return `raise ${m.count} State legion${m.count === 1 ? '' : 's'}`;
    case DISPATCH:
      return m.senator >= 0
        ? `dispatch ${senatorText(g, m.senator)} with ${legionsText(m.count, m.mask)} to ${warText(g, m.target)}${detText(m.det)}`
        : `send ${legionsText(m.count, m.mask)} to ${warText(g, m.target)}${detText(m.det)}`;
    case REPLACE_COMMANDER: return `replace the commander at ${warText(g, m.target)}${detText(m.det)} by ${senatorText(g, m.senator)}`;
    case TRANSFER: return `transfer ${legionsText(m.count, m.mask)} from ${warText(g, m.target)}${detText(m.det)} to ${warText(g, m.target2)}${detText(m.det2)}`;
    case RECALL: return `recall ${legionsText(m.count, m.mask)} from ${warText(g, m.target)}${detText(m.det)}`;
    case CONCESSION: return `give the ${EVENT_NAMES[m.target] ?? '?'} concession to ${senatorText(g, m.senator)}`;
    case DEVELOP:
      return m.count > 0 ? `grant ${m.count} Talents of State aid to develop ${provinceText(g, m.target)}` : `attempt to develop ${provinceText(g, m.target)} without aid`;
    case CENSURE:
      return `censure ${m.senator >= 0 ? senatorText(g, m.senator) : factionName(m.target)} with a fine of ${m.count} Talents`;
    case LAND_ACT: return `pass a Type ${m.count === 1 ? 'I' : 'II'} Land Act`;
    case REPEAL_LAND_ACT: return `repeal the Type II Land Act passed in turn ${g.landActType2Turn[m.target] ?? '?'}`;
    case BILL: return `a bill of ${g.bill.length} motions: ${g.bill.map((p) => motionSentence(g, p)).join('; ')}`;
    case GARRISON: return `garrison ${provinceText(g, m.target)} with ${legionsText(m.count, 0)}`;
    case RECALL_GARRISON: return `recall ${legionsText(m.count, 0)} from the garrison of ${provinceText(g, m.target)}`;
    case ASSASSIN_TRIAL: return `try ${senatorText(g, m.senator)}, whose assassin was caught, for the attempt on ${factionName(m.target)}`;
    case ELECT_DICTATOR: return `${g.params.rorDictatorAppointed ? 'appoint' : 'elect'} ${senatorText(g, m.senator)} Dictator`;
    case NAME_MASTER_OF_HORSE: return `name ${senatorText(g, m.senator)} Master of Horse`;
    case ELECT_CONSUL_FOR_LIFE: return `elect ${senatorText(g, m.senator)} Consul for Life`;
    default: return `motion of kind ${m.kind}`;
  }
}

/** One faction's part in a vote, e.g. "Red for 9 (senators 5, knights 1, bought 3)". */
export function voteLine(g: GameState, m: Motion): string {
  const parts: string[] = [];
  for (let f = 0; f < g.players; f++) {
    const name = factionName(f);
    if (m.vetoedBy === f) {
      parts.push(`${name} vetoes`);
      continue;
    }
    if (m.power[f] === 0) {
      parts.push(`${name} absent`);
      continue;
    }
    const st = m.stance[f]!;
    if (st === 0) {
      parts.push(`${name} abstains`);
      continue;
    }
    const knights = g.knights[f]!;
    const detail = [`senators ${m.power[f]! - knights}`];
    if (knights) detail.push(`knights ${knights}`);
    if (m.bought[f]) detail.push(`bought ${m.bought[f]}`);
    if (m.penalized & (1 << f)) detail.push('1 removed');
    const v = m.power[f]! + m.bought[f]! - (m.penalized & (1 << f) ? 1 : 0);
    parts.push(`${name} ${st > 0 ? 'for' : 'against'} ${v} (${detail.join(', ')})`);
  }
  return parts.join('; ');
}

/** What a motion's vote and effect may change, taken before it (only when tracing). */
export interface Before {
  prestige: number[];
  treasury: number[];
  state: number;
  ri: number;
}

export function before(g: GameState): Before {
  return { prestige: g.prestige.slice(), treasury: g.treasury.slice(), state: g.stateTreasury, ri: g.ri };
}

/** Logs the changes since `b` as one line ("effects: Red Prestige +4; RI -3; State Treasury -20"), if any. */
export function logEffects(g: GameState, b: Before, log: (g: GameState, text: string, data?: Record<string, unknown>) => void): void {
  const parts: string[] = [];
  const data: Record<string, number> = {};
  const sign = (x: number) => (x > 0 ? `+${x}` : String(x));
  for (let f = 0; f < g.players; f++) {
    const dp = g.prestige[f]! - b.prestige[f]!;
    if (dp) {
      parts.push(`${factionName(f)} Prestige ${sign(dp)}`);
      data[`prestige${factionName(f)}`] = dp;
    }
  }
  for (let f = 0; f < g.players; f++) {
    const dt = g.treasury[f]! - b.treasury[f]!;
    if (dt) {
      parts.push(`${factionName(f)} treasury ${sign(dt)}`);
      data[`treasury${factionName(f)}`] = dt;
    }
  }
  if (g.ri !== b.ri) {
    parts.push(`RI ${sign(g.ri - b.ri)}`);
    data.ri = g.ri - b.ri;
  }
  if (g.stateTreasury !== b.state) {
    parts.push(`State Treasury ${sign(g.stateTreasury - b.state)}`);
    data.stateTreasury = g.stateTreasury - b.state;
  }
  if (parts.length) log(g, `  effects: ${parts.join('; ')}`, { effects: data });
}
