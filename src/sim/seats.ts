// Seat rotation: which of a run's policies sits in which seat of game i.

/** Seat lineups of a rotation: the identity, or the n cyclic shifts (game i uses lineup i mod n). */
export function seatLineups(n: number, rotation: 'none' | 'latin'): number[][] {
  const shift = (r: number) => Array.from({ length: n }, (_, s) => (s + r) % n);
  return rotation === 'latin' ? Array.from({ length: n }, (_, r) => shift(r)) : [shift(0)];
}
