// 5. Senate Meeting: the free meeting as a fixed agenda in the rules' order.
import { log } from '../common.js';
import { takeAttendance } from '../forum.js';
import type { Policy } from '../policy.js';
import type { GameState } from '../state.js';
import { billsBusiness } from './bills.js';
import { elections } from './elections.js';
import { appointGovernors, returnGovernors } from './governors.js';
import { militaryBusiness } from './military.js';
import { otherBusiness } from './business.js';
import { prosecutions } from './prosecutions.js';

export function senateStep(g: GameState, policies: readonly Policy[]): void {
  g.step = 'senate';
  g.rejected.length = 0;
  g.motionBudget = g.variants.tempo ? g.params.tempoMotionBudget : -1;
  returnGovernors(g);
  takeAttendance(g, policies);
  // Who held Consul or Censor before this meeting's elections (open to prosecution).
  g.outgoingConsul = g.temporaryConsul ? -1 : g.consul;
  g.outgoingCensor = g.censor;
  elections(g, policies);
  prosecutions(g, policies);
  appointGovernors(g, policies);
  // Bills (also one of Tempo's options): packages come before the remaining business.
  if (g.variants.bills || g.variants.tempo) billsBusiness(g, policies);
  militaryBusiness(g, policies);
  otherBusiness(g, policies);
  if (g.trace) log(g, `Senate closes: State ${g.stateTreasury}, RI ${g.ri}, treasuries ${g.treasury.join('/')}`);
}
