// Every decision method of the Policy interface (src/legions/policy.ts), for the measuring scripts
// (engine-split.mjs, decisions.mjs). tests/policy-methods.test.ts keeps it in step with the interface.
export const POLICY_METHODS = [
  'beginTurn', 'claimIncome', 'doubleLandCommission', 'donation', 'transfer', 'attend', 'consulPlaysFirst', 'neutralBid',
  'attractTarget', 'attractRaise', 'knightSpend', 'knightDonations', 'games', 'propose', 'mayPropose', 'tableNext', 'useTribune',
  'ownLegion', 'coSponsor', 'veto', 'vote', 'buyVotes', 'tieBreak', 'proposeBill', 'closeDebate', 'objectToRuling',
  'penalize', 'consent', 'repopulationPick', 'stepDown', 'chooseLosses', 'claimSpoils', 'payRansom', 'assassinTarget',
  'assassin', 'hireAssassins', 'bodyguards',
];
