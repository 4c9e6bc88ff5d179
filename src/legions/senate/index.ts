// 5. Senate Meeting: attendance, the Consul and Censor, prosecutions, governors, then the open business.
import * as commonModule from '../common.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import * as stateModule from '../state.js';
import * as electionsModule from './elections.js';
import * as governorsModule from './governors.js';
import * as openBusinessModule from './open-business.js';
import * as prosecutionsModule from './prosecutions.js';
import * as rosterModule from './roster.js';
import * as assassinationModule from '../ror/assassination.js';
import * as repopulationModule from '../ror/repopulation.js';
import * as reinforcementsModule from '../ror/reinforcements.js';
import * as consulForLifeModule from '../ror/consul-for-life.js';
// Imported values as constants of this module's own: V8 folds these, not imported bindings (docs/performance.md, round 13).
const { log } = commonModule;
const { shorten } = stateModule;
const { elections } = electionsModule;
const { appointGovernors, returnGovernors } = governorsModule;
const { openBusiness } = openBusinessModule;
const { prosecutions } = prosecutionsModule;
const { closeRoster, takeAttendance } = rosterModule;
const { assassinations } = assassinationModule;
const { repopulate } = repopulationModule;
const { resetFresh, ROR_REINFORCEMENTS } = reinforcementsModule;
const { cflItem } = consulForLifeModule;

export function senateStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'senate';
  shorten(g.rejected, 0);
  g.agendaCount = 0;
  g.motionBudget = g.variants.tempo ? g.params.tempoMotionBudget : -1;
  g.actingChair = -1;
  g.rorExDictator = -1;
  g.rorExMasterOfHorse = -1;
  returnGovernors(g);
  takeAttendance(g, policies); // who attends is kept from here to the close (senate/roster.ts)
  try {
    meeting(g, policies);
  } finally {
    closeRoster(g);
  }
}

/** The meeting itself, once attendance is taken. */
function meeting(g: GameState, policies: readonly Policy[]): void {
  if (g.variants[ROR_REINFORCEMENTS]) resetFresh(g);
  repopulate(g, policies); // ror-repopulation (no-op without it), again whenever senators leave Rome
  // Who held Consul or Censor before this meeting's elections (open to prosecution).
  g.outgoingConsul = g.temporaryConsul ? -1 : g.consul;
  g.outgoingCensor = g.censor;
  // ror-assassination: attempts as the meeting opens, before the Consul's election (item 0a).
  if (g.variants['ror-assassination']) assassinations(g, policies);
  // The fixed part of the Order of Business: Consul and Censor, prosecutions, then governors.
  elections(g, policies);
  prosecutions(g, policies);
  repopulate(g, policies);
  if (g.variants['ror-consul-for-life']) cflItem(g, policies); // item 3a: after the prosecutions (errata X, 9.67)
  appointGovernors(g, policies);
  openBusiness(g, policies);
  g.actingChair = -1; // a chair handed on (ror-senate-errata) serves for the rest of this meeting only
  if (g.trace !== null) log(g, `Senate closes: State ${g.stateTreasury}, RI ${g.ri}, treasuries ${g.treasury.join('/')}`);
}
