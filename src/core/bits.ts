// Bit sets of senators, factions and provinces (bit i: member i), as the engine and the players keep them.

/** The members of a 32-bit set, one step per member (the game's sets are small: a loop-free count measured dearer). */
export function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}
