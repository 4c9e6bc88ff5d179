// Before every test file: the caches the engine and the players keep (the Senate roster's vote count
// and presence, the players' census of the wars and of the candidates) are checked against a fresh
// reading at every read, so a state written without telling them (senatorMoved, warsChanged,
// candsChanged) fails the test that did it instead of playing on with stale numbers. Play is the
// same: the checks only throw.
import { setVerifyCandsCensus, setVerifyWarsCensus } from '../policies/lib.js';
import { setVerifyRoster } from '../src/legions/senate/roster.js';

setVerifyWarsCensus(true);
setVerifyCandsCensus(true);
setVerifyRoster(true);
